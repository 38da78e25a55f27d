/**
 * The statistics of experiment results, against published reference values: Wilson
 * score intervals, the standard normal CDF, chi-square upper-tail p-values, the chance to beat the
 * control and the sample-ratio-mismatch check with its p < 0.001 warning; and the results built
 * from counts.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildResults } from '../../src/core/experiments/results.ts';
import { chanceToBeatControl, chiSquarePValue, normalCdf, sampleRatioCheck, SRM_P_THRESHOLD, wilsonInterval } from '../../src/core/experiments/statistics.ts';

const near = (actual: number | undefined, expected: number, tolerance: number, label: string) => assert.ok(actual !== undefined && Math.abs(actual - expected) <= tolerance, `${label}: ${actual} vs ${expected}`);

describe('wilsonInterval (95 %)', () => {
  // Reference values: Wilson (1927) score interval, z = 1.96.
  const table: Array<[number, number, number, number]> = [
    [50, 100, 0.4038, 0.5962],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [1, 20, 0.0089, 0.2361],
    [120, 1000, 0.1012, 0.1417],
  ];
  for (const [successes, trials, low, high] of table) {
    test(`${successes}/${trials}: ${low}-${high}`, () => {
      const interval = wilsonInterval(successes, trials);
      near(interval?.low, low, 1e-4, 'low');
      near(interval?.high, high, 1e-4, 'high');
    });
  }
  test('no trials, no interval', () => assert.equal(wilsonInterval(0, 0), undefined));
});

describe('normalCdf and chiSquarePValue', () => {
  const normal: Array<[number, number]> = [
    [0, 0.5],
    [1.959964, 0.975],
    [-1.959964, 0.025],
    [1, 0.841345],
    [-3, 0.0013499],
  ];
  for (const [x, expected] of normal) test(`Φ(${x}) = ${expected}`, () => near(normalCdf(x), expected, 1e-6, 'Φ'));

  const chi: Array<[number, number, number]> = [
    [3.841459, 1, 0.05],
    [10.827566, 1, 0.001],
    [5.991465, 2, 0.05],
    [7.814728, 3, 0.05],
    [2, 1, 0.157299],
    [0, 1, 1],
    [16, 1, 0.0000633],
  ];
  for (const [statistic, degrees, expected] of chi) test(`P(χ²(${degrees}) ≥ ${statistic}) = ${expected}`, () => near(chiSquarePValue(statistic, degrees), expected, expected * 1e-3 + 1e-7, 'p'));
});

describe('chanceToBeatControl', () => {
  const table: Array<[string, [number, number], [number, number], number | undefined]> = [
    ['10 % vs 12 % of 1,000 each', [100, 1000], [120, 1000], 0.92363],
    ['the same rate', [100, 1000], [100, 1000], 0.5],
    ['12 % vs 10 %', [120, 1000], [100, 1000], 0.07637],
    ['both 0 %', [0, 100], [0, 100], 0.5],
    ['0 % vs 5 %: z = 0.05 / √(0.05 × 0.95 / 100) = 2.294', [0, 100], [5, 100], 0.98911],
    ['no visitors', [0, 0], [5, 100], undefined],
  ];
  for (const [label, [controlConversions, controlVisitors], [conversions, visitors], expected] of table) {
    test(label, () => {
      const chance = chanceToBeatControl({ conversions: controlConversions, visitors: controlVisitors }, { conversions, visitors });
      if (expected === undefined) assert.equal(chance, undefined);
      else near(chance, expected, 1e-4, label);
    });
  }
});

describe('sampleRatioCheck', () => {
  const table: Array<[string, number[], number[], boolean, number]> = [
    ['an even split', [5000, 5000], [50, 50], false, 1],
    ['a small wobble (χ² = 1)', [5050, 4950], [50, 50], false, 0.317311],
    ['a broken split', [5200, 4800], [50, 50], true, 0.0000633],
    ['uneven weights followed', [9000, 1000], [90, 10], false, 1],
    ['uneven weights broken (χ² = 44.4)', [8800, 1200], [90, 10], true, 2.6168e-11],
  ];
  for (const [label, visitors, weights, mismatch, pValue] of table) {
    test(label, () => {
      const check = sampleRatioCheck(visitors, weights);
      assert.equal(check?.mismatch, mismatch);
      near(check?.pValue, pValue, pValue * 1e-2 + 1e-12, 'p');
    });
  }
  test('the warning threshold is p 0.001', () => assert.equal(SRM_P_THRESHOLD, 0.001));
  test('no visitors, no check', () => assert.equal(sampleRatioCheck([0, 0], [1, 1]), undefined));
});

describe('buildResults', () => {
  test('orders steps by submitters, fills missing variants with zeros and compares each challenger with the control', () => {
    const results = buildResults({ key: 'otc-headline', branch: 'ac', status: 'running', variants: [{ key: 'control', weight: 50 }, { key: 'b', weight: 50 }, { key: 'c', weight: 0 + 1 }] }, [
      { variant: 'b', visitors: 1000, steps: { zip: 800, medicare: 500 }, leads: 130, converted: 120 },
      { variant: 'control', visitors: 1000, steps: { zip: 700, medicare: 400, medicaid: 300 }, leads: 100, converted: 100 },
    ]);
    assert.deepEqual(results.steps, ['zip', 'medicare', 'medicaid']);
    assert.deepEqual(
      results.variants.map((variant) => [variant.key, variant.control, variant.visitors, variant.stepSubmissions, variant.leads, variant.converted, variant.conversionRate]),
      [
        ['control', true, 1000, { zip: 700, medicare: 400, medicaid: 300 }, 100, 100, 0.1],
        ['b', false, 1000, { zip: 800, medicare: 500, medicaid: 0 }, 130, 120, 0.12],
        ['c', false, 0, { zip: 0, medicare: 0, medicaid: 0 }, 0, 0, null],
      ],
    );
    assert.equal(results.variants[0]!.chanceToBeatControl, null);
    near(results.variants[1]!.chanceToBeatControl ?? undefined, 0.92363, 1e-4, 'b beats control');
    assert.equal(results.variants[2]!.interval, null);
    assert.equal(results.srm?.threshold, 0.001);
  });
});
