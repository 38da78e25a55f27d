/**
 * The brand as a page's payload carries it, kept small: every fact, but the
 * carriers (`Brand.carriers`, the larger part of a brand) only of the one product whose trust
 * strip the page shows (content/trust.ts trustStripProduct), if any.
 */
import type { Product } from '../../../brands/types.ts';
import type { PublicBrand } from './types.ts';

/** `brand` for a page whose trust strip is about `product` (none: no trust strip, no carriers). */
export function publicBrand(brand: PublicBrand, product?: Product): PublicBrand {
  const { carriers, ...shown } = brand;
  if (!product) return shown;
  const named = carriers?.[product];
  return named ? { ...shown, carriers: { [product]: named } } : shown;
}
