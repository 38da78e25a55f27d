/**
 * Which variant a visitor sees: GrowthBook's hash v2 of the experiment key (the seed)
 * and the anonymous id, placed in the variants' weighted ranges. Pure and shared by the server,
 * which renders the variant in the first HTML, and the browser, so both name the same variant.
 */
import { bucketHash, bucketRanges, chooseVariation } from './hashing.ts';

/** The query parameter with which signed-in staff force a variant: `?exp=KEY:VARIANT`. */
export const FORCE_VARIANT_PARAM = 'exp';

/**
 * The key of the variant `anonymousId` gets in the experiment `key` with these variants (in
 * order, the control first).
 */
export function assignVariant(key: string, variants: ReadonlyArray<{ key: string; weight: number }>, anonymousId: string): string {
  const index = chooseVariation(bucketHash(key, anonymousId), bucketRanges(variants.map((variant) => variant.weight)));
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- bucketRanges covers [0, 1) completely, so a hash always lands in one variant's range
  return variants[index]!.key;
}

/** `?exp=KEY:VARIANT` read: the forced experiment and variant, or undefined when malformed. */
export function parseForcedVariant(value: unknown): { key: string; variant: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^([a-z0-9-]{1,63}):([a-z0-9-]{1,63})$/.exec(value);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- groups 1 and 2 are not optional, so a match fills them
  return match ? { key: match[1]!, variant: match[2]! } : undefined;
}
