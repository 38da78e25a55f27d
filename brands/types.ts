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
  /** Default call-in number, 10 digits, shown when no leased number is live. */
  phone: string;
}
