import type { BrandId } from './ids.ts';

/** An image the brand shows: logo, icon or favicon (spec §3 Brand). `src` is a path under /static. */
export interface BrandImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The product line a brand leads with (spec §3 Brand.defaultProduct). */
export type Product = 'medicare' | 'auto' | 'health' | 'life';

/** One brand's facts (spec §3 Brand). Brands are data: nothing else branches on a brand id. */
export interface Brand {
  id: BrandId;
  /** Canonical public URL, https://{primary domain}. */
  url: string;
  name: string;
  /** Google Tag Manager container id, GTM-XXXXXXX. */
  gtmId: string;
  /** GA4 measurement id G-XXXXXXXXXX; only some brands have one. */
  measurementId?: string;
  logo: BrandImage;
  icon: BrandImage;
  favicon: BrandImage;
  /** Host names served as this brand: exact domains, wildcard domains (`*.example.com`) and `{id}.localhost`. */
  domains: string[];
  /** Legal entity that owns the site. */
  owner: string;
  /** Postal address of the owner, one line. */
  address: string;
  /** US state of incorporation, two-letter code. */
  state: string;
  /** National Producer Number (insurance licence) of an agency; several agencies share one; null for non-agencies. */
  npn: string | null;
  defaultProduct: Product;
  isAgency: boolean;
  /**
   * Default call-in number, 10 digits, shown when no leased number is live. In a brand module this
   * is the fictional 555-01xx development default; the server puts the deployment's
   * `BRAND_PHONE_<ID>` here before the brand reaches a payload (src/server/marketplace/phones-env.ts).
   */
  phone: string;
  /**
   * The brand's look: palettes for both colour modes, logo mark and type scale, set as
   * CSS custom properties on `<html>` (src/ui/chrome/theme-style.ts). Every shipped brand has one;
   * a brand without (test fixtures) gets the neutral palette of styles.css.
   */
  theme?: BrandTheme;
  /**
   * The carriers the brand's home and funnel pages name, per product line it sells, as trust
   * signals, and as text: no carrier logo we do not own. Every site brand has its own product
   * and every product it cross-sells (test/unit/trust.test.ts); the control center and test
   * fixtures have none and show no carrier line.
   */
  carriers?: BrandCarriers;
}

/** One carrier a brand names, as plain text. */
export interface BrandCarrier {
  /** The carrier's everyday brand name, spelled as the site's other copy spells it. */
  name: string;
  /** Path of the brand's own review of this carrier, only where its site serves one (ac's /reviews/{carrier}). */
  review?: string;
}

/** The carriers a brand names, per product line. */
export type BrandCarriers = Partial<Record<Product, readonly BrandCarrier[]>>;

/** A colour as `#rrggbb`. */
export type HexColor = `#${string}`;

/**
 * One colour mode's palette. Every text/background and button pair meets WCAG AA (4.5:1 for text,
 * 3:1 for borders and the logo mark), checked by test/unit/brand-themes.test.ts.
 */
export interface BrandPalette {
  /** Page and header background (white in light mode: spec §2 "Body has a white background"). */
  background: HexColor;
  /** Panels, footer, selected choices. */
  surface: HexColor;
  /** Body text, on background and surface. */
  text: HexColor;
  /** Secondary text (labels, hints, small print), on background and surface. */
  muted: HexColor;
  /** Links, primary buttons, progress; the logo mark's main shape. */
  primary: HexColor;
  /** Text on a primary (or primaryHover) button. */
  onPrimary: HexColor;
  /** Primary when hovered. */
  primaryHover: HexColor;
  /** The second brand colour: the logo mark's detail and the header's top rule (graphics only, never text). */
  accent: HexColor;
  /** Borders of inputs, cards and the header (3:1 against background and surface). */
  border: HexColor;
}

/** The logo mark: SVG path data in a 48×48 box, filled with `evenodd` (holes are the background). */
export interface BrandMark {
  /** The main shape, in the palette's primary colour. */
  primary: string;
  /** The detail, in the palette's accent colour; never drawn on top of the primary shape. */
  accent: string;
}

/** Headings and wordmark: a system font family (no web fonts) and the heading sizes in rem (18 px base). */
export interface BrandTypeScale {
  headingFont: 'sans' | 'serif';
  h1: number;
  h2: number;
}

/** A brand's look in both colour modes. */
export interface BrandTheme {
  light: BrandPalette;
  dark: BrandPalette;
  mark: BrandMark;
  type: BrandTypeScale;
}
