/** Which product line the marketplace is asked about (spec §7 "Product line"). */
import type { LeadProduct } from '../leads/product.ts';

/**
 * The marketplace's product lines: each has its own placement, its own lead shape, its own ads and
 * its own lead buyer. Every lead product is a line, so a life or health visitor is asked about,
 * offered and sold as what they asked for, never as Medicare.
 */
export const PRODUCT_LINES = ['medicare', 'auto', 'life', 'health'] as const satisfies readonly LeadProduct[];

/** A marketplace product line. */
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** Brand or offer ids whose brand-level product line is auto (spec §7: tqg and ps); every other id is medicare. */
export const AUTO_PRODUCT_LINE_IDS: readonly string[] = ['tqg', 'ps'];

/**
 * The brand-level product line of a brand id or offer id, the spec's rule: 'auto' for
 * {@link AUTO_PRODUCT_LINE_IDS}, otherwise 'medicare'. It is the default of a page that names no
 * product; a page that does is asked about on its own product's line ({@link pageProductLine}).
 * The id is compared exactly, as ids are lower-case everywhere.
 */
export function productLine(brandOrOfferId: string): ProductLine {
  return AUTO_PRODUCT_LINE_IDS.includes(brandOrOfferId) ? 'auto' : 'medicare';
}

/**
 * The product line of a page: its configuration's `product` when it names one (wc's /go-4-life
 * is life, bh's /go-4-health health), else the brand's ({@link productLine}).
 *
 * @example
 * pageProductLine('wc', 'life'); // 'life'
 * pageProductLine('tqg', undefined); // 'auto'
 */
export function pageProductLine(brandId: string, pageProduct: LeadProduct | undefined): ProductLine {
  return pageProduct ?? productLine(brandId);
}
