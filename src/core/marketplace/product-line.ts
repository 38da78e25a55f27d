/** Which product line the marketplace is asked about (spec §7 "Product line"). */
import type { LeadProduct } from '../leads/product.ts';

/**
 * The marketplace's product lines: each has its own placement and its own lead shape. The spec
 * knows two; life and health brands are asked about on the Medicare line (see {@link productLine}),
 * so a lead product is not a product line.
 */
export const PRODUCT_LINES = ['medicare', 'auto'] as const satisfies readonly LeadProduct[];

/** A marketplace product line. */
export type ProductLine = (typeof PRODUCT_LINES)[number];

/** Brand or offer ids whose product line is auto (spec §7: tqg and ps); every other id is medicare. */
export const AUTO_PRODUCT_LINE_IDS: readonly string[] = ['tqg', 'ps'];

/**
 * The product line for a brand id or offer id: 'auto' for {@link AUTO_PRODUCT_LINE_IDS},
 * otherwise 'medicare' (the life and health brands included, as the spec says). The id is
 * compared exactly, as ids are lower-case everywhere.
 */
export function productLine(brandOrOfferId: string): ProductLine {
  return AUTO_PRODUCT_LINE_IDS.includes(brandOrOfferId) ? 'auto' : 'medicare';
}
