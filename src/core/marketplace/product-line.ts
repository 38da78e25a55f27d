/** Which product line the marketplace is asked about (spec §7 "Product line"). */
import type { LeadProduct } from '../leads/product.ts';

/** Brand or offer ids whose product line is auto (spec §7: tqg and ps); every other id is medicare. */
export const AUTO_PRODUCT_LINE_IDS: readonly string[] = ['tqg', 'ps'];

/**
 * The product line for a brand id or offer id: 'auto' for {@link AUTO_PRODUCT_LINE_IDS},
 * otherwise 'medicare'. The id is compared exactly, as ids are lower-case everywhere.
 */
export function productLine(brandOrOfferId: string): LeadProduct {
  return AUTO_PRODUCT_LINE_IDS.includes(brandOrOfferId) ? 'auto' : 'medicare';
}
