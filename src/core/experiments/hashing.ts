/**
 * Deterministic variant assignment, after GrowthBook's published
 * JavaScript SDK (packages/sdk-js/src/util.ts, MIT): hash version 2 and its bucket ranges, so an
 * assignment can be cross-checked with GrowthBook's own tooling and test cases. The server (first
 * HTML) and the browser import this one module, so both always agree.
 */

/** FNV-1a, 32 bit, over UTF-16 code units (as GrowthBook's `hashFnv32a`). */
export function fnv32a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    // Multiplying by the FNV prime 16777619 with shifts keeps the arithmetic in 32 bits.
    hash += (hash << 1) + (hash << 4) + (hash << 7) + (hash << 8) + (hash << 24);
  }
  return hash >>> 0;
}

/**
 * GrowthBook's hash version 2: a number in [0, 1) with 4 decimals. The inner hash is hashed again
 * as its decimal string, which removes the bias version 1 had for similar ids.
 */
export function bucketHash(seed: string, value: string): number {
  return (fnv32a(String(fnv32a(seed + value))) % 10000) / 10000;
}

/** A variant's half-open share of [0, 1): `[start, end)`. */
export type BucketRange = readonly [number, number];

/**
 * The ranges of [0, 1) each variant takes, in order, from their weights (any positive numbers,
 * normalised to shares; GrowthBook's getBucketRanges with full coverage). The last range ends at
 * exactly 1, so rounding in the shares never leaves a hash without a variant.
 */
export function bucketRanges(weights: readonly number[]): BucketRange[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!(total > 0) || weights.some((weight) => !(weight >= 0))) throw new RangeError(`weights must be numbers >= 0 with a positive sum, got ${weights.join(', ')}`);
  let cumulative = 0;
  return weights.map((weight, index) => {
    const start = cumulative;
    cumulative += weight / total;
    return [start, index === weights.length - 1 ? 1 : cumulative] as const;
  });
}

/** The index of the range holding `n` (GrowthBook's chooseVariation), or -1 when none does. */
export function chooseVariation(n: number, ranges: readonly BucketRange[]): number {
  return ranges.findIndex(([start, end]) => n >= start && n < end);
}
