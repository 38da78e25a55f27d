/**
 * Variant assignment: GrowthBook's hash v2 and bucket ranges against GrowthBook's own
 * test cases (packages/sdk-js/test/cases.json), the same id always getting the same variant, and
 * 100,000 generated ids splitting by the weights within 1 %.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assignVariant, parseForcedVariant } from '../../src/core/experiments/assignment.ts';
import { bucketHash, bucketRanges, chooseVariation, fnv32a } from '../../src/core/experiments/hashing.ts';

/** A UUID-shaped id from a counter: reproducible, and shaped like the ids browsers make. */
const generatedId = (index: number) => {
  const hex = index.toString(16).padStart(12, '0');
  return `${(index * 2654435761 >>> 0).toString(16).padStart(8, '0')}-4${hex.slice(0, 3)}-8${hex.slice(3, 6)}-a${hex.slice(6, 9)}-${hex}`;
};

describe('GrowthBook hashing', () => {
  test('FNV-1a 32 of the reference strings', () => {
    // The FNV reference vectors: '' is the offset basis.
    assert.equal(fnv32a(''), 0x811c9dc5);
    assert.equal(fnv32a('a'), 0xe40c292c);
    assert.equal(fnv32a('foobar'), 0xbf9cf968);
  });

  // GrowthBook's cases.json "hash" entries of version 2: [seed, value, expected].
  const cases: Array<[string, string, number]> = [
    ['seed', 'a', 0.0505],
    ['seed', 'b', 0.2696],
    ['foo', 'ab', 0.2575],
    ['foo', 'def', 0.2019],
    ['89123klj', '8952klfjas09ujkasdf', 0.124],
    ['90850943850283058242805', '123', 0.7516],
    ['()**(%$##$%#$#', '___)((*":&', 0.0128],
  ];
  for (const [seed, value, expected] of cases) {
    test(`hash v2 of seed '${seed}' and value '${value}' is ${expected}`, () => assert.equal(bucketHash(seed, value), expected));
  }

  // GrowthBook's getBucketRange cases with full coverage: weights -> ranges.
  const ranges: Array<[number[], Array<[number, number]>]> = [
    [[1, 1], [[0, 0.5], [0.5, 1]]],
    [[1, 1, 1, 1], [[0, 0.25], [0.25, 0.5], [0.5, 0.75], [0.75, 1]]],
    [[0.4, 0.6], [[0, 0.4], [0.4, 1]]],
    [[0.7, 0.1, 0.2], [[0, 0.7], [0.7, 0.8], [0.8, 1]]],
  ];
  for (const [weights, expected] of ranges) {
    test(`bucket ranges of weights ${weights.join('/')}`, () => {
      const actual = bucketRanges(weights);
      assert.equal(actual.length, expected.length);
      actual.forEach(([start, end], index) => {
        assert.ok(Math.abs(start - expected[index]![0]) < 1e-9 && Math.abs(end - expected[index]![1]) < 1e-9, `${start}-${end} vs ${expected[index]!.join('-')}`);
      });
    });
  }

  test('weights are shares whatever their scale: 50/50 is 1/1', () => assert.deepEqual(bucketRanges([50, 50]), bucketRanges([1, 1])));

  test('chooseVariation places a hash in its half-open range', () => {
    const halves = bucketRanges([1, 1]);
    assert.deepEqual([0, 0.4999, 0.5, 0.9999].map((n) => chooseVariation(n, halves)), [0, 0, 1, 1]);
    assert.equal(chooseVariation(1, halves), -1);
  });

  test('refuses weights that cannot split', () => {
    assert.throws(() => bucketRanges([0, 0]), RangeError);
    assert.throws(() => bucketRanges([1, -1, 1]), RangeError);
  });
});

describe('assignVariant', () => {
  const variants = [
    { key: 'control', weight: 50 },
    { key: 'b', weight: 50 },
  ];

  test('the same id always gets the same variant, and the key seeds the hash', () => {
    for (let index = 0; index < 200; index += 1) {
      const id = generatedId(index);
      assert.equal(assignVariant('otc-headline', variants, id), assignVariant('otc-headline', variants, id));
    }
    // Another experiment reshuffles: not every visitor lands on the same side in both.
    const ids = Array.from({ length: 200 }, (_, index) => generatedId(index));
    assert.ok(ids.some((id) => assignVariant('otc-headline', variants, id) !== assignVariant('otc-cta', variants, id)));
  });

  test('the variant is the range the GrowthBook hash of key and id falls in', () => {
    const id = generatedId(42);
    const n = bucketHash('otc-headline', id);
    assert.equal(assignVariant('otc-headline', variants, id), n < 0.5 ? 'control' : 'b');
  });

  const splits: Array<[string, Array<{ key: string; weight: number }>]> = [
    ['50/50', variants],
    ['20/30/50', [{ key: 'a', weight: 20 }, { key: 'b', weight: 30 }, { key: 'c', weight: 50 }]],
    ['90/10', [{ key: 'a', weight: 9 }, { key: 'b', weight: 1 }]],
  ];
  for (const [label, split] of splits) {
    test(`100,000 generated ids split ${label} within 1 %`, () => {
      const counts = new Map(split.map((variant) => [variant.key, 0]));
      const total = 100_000;
      for (let index = 0; index < total; index += 1) {
        const key = assignVariant('split-check', split, generatedId(index));
        counts.set(key, counts.get(key)! + 1);
      }
      const weightSum = split.reduce((sum, variant) => sum + variant.weight, 0);
      for (const variant of split) {
        const share = counts.get(variant.key)! / total;
        assert.ok(Math.abs(share - variant.weight / weightSum) < 0.01, `${variant.key}: ${share} vs ${variant.weight / weightSum}`);
      }
    });
  }
});

describe('parseForcedVariant', () => {
  const table: Array<[unknown, ReturnType<typeof parseForcedVariant>]> = [
    ['otc-headline:b', { key: 'otc-headline', variant: 'b' }],
    ['otc-headline', undefined],
    ['otc-headline:', undefined],
    ['OTC:b', undefined],
    ['a:b:c', undefined],
    [['a:b'], undefined],
    [undefined, undefined],
  ];
  for (const [input, expected] of table) test(`${JSON.stringify(input)}`, () => assert.deepEqual(parseForcedVariant(input), expected));
});
