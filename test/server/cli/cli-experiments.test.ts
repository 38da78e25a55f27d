/**
 * `cobrand experiments results KEY --brand ID [--json]`, in-process on SQLite and
 * PostgreSQL: the same result the control center shows (visitors, step submissions per step,
 * leads, rate with its interval, chance to beat the control, the SRM check and its warning),
 * as a table or JSON; an unknown experiment exits 1, a bad key or brand 2, naming it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ExperimentResultsSchema } from '../../../src/core/experiments/results.ts';
import type { NewExposure, Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

/** A running experiment on ac's quiz-otc with `control` and `b` visitors entered, `b` leaving `leads` leads. */
async function seed(store: Store, control: number, b: number, leads: number): Promise<void> {
  await store.createExperiment({
    key: 'otc-headline',
    branch: 'ac',
    name: 'OTC headline',
    routes: ['quiz-otc'],
    variants: [
      { key: 'control', weight: 50, overrides: {} },
      { key: 'b', weight: 50, overrides: { headline: 'B' } },
    ],
    by: 'ann@example.com',
    now: T0,
  });
  await store.setExperimentStatus('ac', 'otc-headline', 'running', 1, T0);
  const exposures: NewExposure[] = [];
  for (let index = 0; index < control; index += 1) exposures.push({ branch: 'ac', experimentKey: 'otc-headline', variant: 'control', anonymousId: `control-${index}`, at: at(1) });
  for (let index = 0; index < b; index += 1) exposures.push({ branch: 'ac', experimentKey: 'otc-headline', variant: 'b', anonymousId: `b-${index}`, at: at(1) });
  await store.recordExposures(exposures);
  await store.insertEvents(
    Array.from({ length: leads }, (_, index) => ({
      id: `step-${index}`,
      type: 'track' as const,
      event: 'formStepSubmitted',
      brandId: 'ac',
      sessionId: 's',
      anonymousId: `b-${index}`,
      timestamp: at(2),
      receivedAt: at(2),
      ip: null,
      properties: { page: { name: 'quiz-otc' }, stepName: 'zip' },
    })),
  );
  for (let index = 0; index < leads; index += 1) {
    await store.createLead({ id: `lead-${index}`, brandId: 'ac', route: 'quiz-otc', funnel: 'otc', product: 'medicare', language: 'en', anonymousId: `b-${index}`, sessionId: 's', fields: { zipcode: '33187' }, consent: null, status: 'call-routed', createdAt: at(3) });
  }
}

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand experiments results on ${dialect}`, () => {
    test('prints the variants as a table, and the same as JSON', () =>
      withStore(dialect, async (store, target) => {
        await seed(store, 10, 10, 4);
        const run = await cobrandInProcess(['experiments', 'results', 'otc-headline', '--brand', 'ac'], { openStore: () => target.open() });
        assert.equal(run.code, 0, run.stderr);
        const lines = run.stdout.trimEnd().split('\n');
        assert.equal(lines[0], 'ac otc-headline (running)');
        assert.match(lines[1]!, /^variant\s+weight\s+visitors\s+step zip\s+leads\s+converted\s+rate\s+95% interval\s+chance to beat control$/);
        assert.match(lines[2]!, /^control \(control\)\s+50\s+10\s+0\s+0\s+0\s+0\.0%\s+0\.0% - 27\.8%$/);
        assert.match(lines[3]!, /^b\s+50\s+10\s+4\s+4\s+4\s+40\.0%\s+16\.8% - 68\.7%\s+99\.5%$/);
        assert.match(lines[4]!, /^Sample ratio: ok \(chi-square 0\.00, p 1\.0000\)$/);

        const json = await cobrandInProcess(['experiments', 'results', 'otc-headline', '--brand', 'ac', '--json'], { openStore: () => target.open() });
        assert.equal(json.code, 0, json.stderr);
        const results = ExperimentResultsSchema.parse(JSON.parse(json.stdout));
        assert.deepEqual(results.variants.map((variant) => [variant.key, variant.visitors, variant.stepSubmissions, variant.leads, variant.conversionRate]), [
          ['control', 10, { zip: 0 }, 0, 0],
          ['b', 10, { zip: 4 }, 4, 0.4],
        ]);
      }));

    test('warns of a sample ratio mismatch below p 0.001', () =>
      withStore(dialect, async (store, target) => {
        await seed(store, 70, 20, 0);
        const run = await cobrandInProcess(['experiments', 'results', 'otc-headline', '--brand', 'ac'], { openStore: () => target.open() });
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /WARNING: sample ratio mismatch \(chi-square 27\.78, p 1\.36e-7 < 0\.001\)/);
      }));
  });
}

describe('cobrand experiments results refuses', () => {
  const refused: Array<[string, string[], number, RegExp]> = [
    ['an experiment the branch does not have', ['nothing', '--brand', 'ac'], 1, /^ac has no experiment 'nothing'\n$/],
    ['a key that cannot be one', ['Not_A_Key', '--brand', 'ac'], 2, /Not_A_Key|lower-case/],
    ['the control center as a brand', ['otc-headline', '--brand', 'ccc'], 2, /'ccc' is the control center/],
    ['an unknown brand', ['otc-headline', '--brand', 'zz'], 2, /--brand/],
  ];
  for (const [what, args, code, message] of refused) {
    test(`${what} with exit ${code}`, () =>
      withStore('sqlite', async (_store, target) => {
        const run = await cobrandInProcess(['experiments', 'results', ...args], { openStore: () => target.open() });
        assert.equal(run.code, code, run.stderr);
        assert.match(run.stderr, message);
      }));
  }
});
