/**
 * Trust signals: the facts a brand's home and funnel pages show to earn an older
 * visitor's trust, each one true of the brand. The carriers it names for the page's product
 * (Brand.carriers, beside the brand), linked to the brand's own carrier reviews where its site
 * has them; and, for agencies only, the licence line. A non-agency brand claims no licence: it
 * works with a licensed agency, as the hours sentence beside these facts says in the words of
 * the one rule for who helps (who-helps.ts). Beside it, where the brand has reviews of its own,
 * the review strip quotes them (review-quotes.ts); no star rating or testimonial is made up: the
 * content has none (the reviews describe ratings, never quote them).
 */
import type { Brand, BrandCarrier, Product } from '../../../brands/types.ts';
import type { FunnelDefinition } from '../funnels/types.ts';
import type { Language, PageConfig } from '../pages/types.ts';

/** The strip's words in one language. */
interface TrustText {
  /** The strip's heading, leading into the carrier names in the words of each product line; "like": they are examples, not every carrier. */
  heading: Readonly<Record<Product, string>>;
  /** After a linked carrier name, for screen readers: what the link opens. */
  reviewLinkSuffix: string;
  /** Says what the linked names lead to: the sections every review has (copy/reviews.ts). */
  reviewsNote: string;
  agency: (npn: string) => string;
  /** The review strip's heading and the labels of each carrier's quoted pro and con. */
  reviews: { heading: string; pro: string; con: string };
}

/** The strip's words in every page language. */
const TRUST_TEXT: Readonly<Record<Language, TrustText>> = {
  english: {
    heading: { medicare: 'Compare carriers like', auto: 'Compare insurers like', life: 'Compare insurers like', health: 'Compare insurers like' },
    reviewLinkSuffix: ': our review',
    reviewsNote: 'Read our review of each: plan types, extras, star ratings, pros and cons.',
    agency: (npn) => `Licensed insurance agency, NPN ${npn}`,
    reviews: { heading: 'From our carrier reviews', pro: 'Pro:', con: 'Con:' },
  },
  spanish: {
    heading: { medicare: 'Compare aseguradoras como', auto: 'Compare aseguradoras como', life: 'Compare aseguradoras como', health: 'Compare aseguradoras como' },
    reviewLinkSuffix: ': nuestra reseña, en inglés',
    // The reviews exist in English only, so the Spanish pages say so before the visitor follows one.
    reviewsNote: 'Lea nuestra reseña de cada una, en inglés: planes, beneficios, calificaciones, ventajas y desventajas.',
    agency: (npn) => `Agencia de seguros autorizada, NPN ${npn}`,
    // The quotes stay in the English of the reviews, marked as such.
    reviews: { heading: 'De nuestras reseñas de aseguradoras (en inglés)', pro: 'A favor:', con: 'En contra:' },
  },
};

/** What the trust strip of one page says, hours aside (those come from the working-hours rule). */
export interface TrustFacts {
  /** The strip's heading, which the carrier names follow. */
  heading: string;
  /** The carriers named for the page's product; empty when the brand names none for it. */
  carriers: readonly BrandCarrier[];
  /** Set when a carrier links to the brand's own review of it. */
  reviewLinkSuffix?: string;
  reviewsNote?: string;
  /** "Licensed insurance agency, NPN …": agencies with a licence number only. */
  agencyLine?: string;
}

/**
 * "Licensed insurance agency, NPN 19843276" (or its Spanish): the licence line of an agency brand
 * with a licence number, undefined for any other brand, which must not claim one. The one place
 * the line is worded, for any block that shows it.
 */
export function agencyLicenceLine(brand: Pick<Brand, 'isAgency' | 'npn'>, language: Language): string | undefined {
  return brand.isAgency && brand.npn ? TRUST_TEXT[language].agency(brand.npn) : undefined;
}

/**
 * The trust facts of `brand`'s page about `product`, in `language`: the carriers it names for that
 * product (none for a product it names none for), the review note when any of them links to a
 * review, and the licence line when the brand is an agency with an npn.
 */
export function trustFacts(brand: Pick<Brand, 'carriers' | 'isAgency' | 'npn'>, product: Product, language: Language): TrustFacts {
  const text = TRUST_TEXT[language];
  const carriers = brand.carriers?.[product] ?? [];
  const reviewed = carriers.some((carrier) => carrier.review);
  const agencyLine = agencyLicenceLine(brand, language);
  return {
    heading: text.heading[product],
    carriers,
    ...(reviewed ? { reviewLinkSuffix: text.reviewLinkSuffix, reviewsNote: text.reviewsNote } : {}),
    ...(agencyLine ? { agencyLine } : {}),
  };
}

/** The review strip's heading and labels in `language`. */
export function reviewStripText(language: Language): TrustText['reviews'] {
  return TRUST_TEXT[language].reviews;
}

/**
 * The payload facts {@link trustStripProduct} reads. Spelled here rather than picked from
 * PagePayload: the payload's type holds the review strip (review-quotes.ts), which reads this
 * file, and the two would import each other.
 */
export interface TrustStripPage {
  brand: Pick<Brand, 'defaultProduct'>;
  page: Pick<PageConfig, 'product' | 'template'>;
  funnel?: Pick<FunnelDefinition, 'product'>;
}

/**
 * The product a page's trust strip is about: a funnel's (the page's product, else its funnel's),
 * the brand's own on the home page; undefined on a page without the strip.
 */
export function trustStripProduct(payload: TrustStripPage): Product | undefined {
  if (payload.funnel) return payload.page.product ?? payload.funnel.product;
  return payload.page.template === 'home' ? payload.brand.defaultProduct : undefined;
}
