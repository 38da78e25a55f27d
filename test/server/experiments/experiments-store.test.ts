/**
 * The experiment store on SQLite and PostgreSQL: drafts created once per key, edits and
 * status changes refused on a stale version, start and stop times, exposures where the first
 * variant wins, and the results counted in SQL: visitors, distinct step submitters per step after
 * entering and on the experiment's routes, leads and converted visitors.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ExperimentFields } from '../../../src/core/experiments/experiment.ts';
import type { NewEvent, NewLead, Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

const FIELDS: ExperimentFields = {
  name: 'OTC headline',
  routes: ['quiz-otc'],
  variants: [
    { key: 'control', weight: 50, overrides: {} },
    { key: 'b', weight: 50, overrides: { headline: 'Claim your OTC allowance' } },
  ],
};

let eventCounter = 0;
/** A stored event of `anonymousId` on `route`, received at `receivedAt`. */
function event(anonymousId: string, name: string, route: string, receivedAt: string, props: Record<string, unknown> = {}): NewEvent {
  eventCounter += 1;
  return {
    id: `event-${eventCounter}`,
    type: 'track',
    event: name,
    brandId: 'ac',
    sessionId: 'session-1',
    anonymousId,
    timestamp: receivedAt,
    receivedAt,
    ip: null,
    properties: { page: { name: route }, ...props },
  };
}

/** A lead of `anonymousId` on `route`, created at `createdAt`. */
function lead(id: string, anonymousId: string, route: string, createdAt: string): NewLead {
  return { id, brandId: 'ac', route, funnel: 'otc', product: 'medicare', language: 'en', anonymousId, sessionId: 'session-1', fields: { zipcode: '33187' }, consent: null, status: 'call-routed', createdAt };
}

async function runningExperiment(store: Store): Promise<void> {
  await store.createExperiment({ key: 'otc-headline', branch: 'ac', ...FIELDS, by: 'ann@example.com', now: T0 });
  const started = await store.setExperimentStatus('ac', 'otc-headline', 'running', 1, T0);
  assert.ok('changed' in started);
}

for (const dialect of STORE_DIALECTS) {
  describe(`experiment store on ${dialect}`, () => {
    test('creates a draft once per branch and key, lists it, edits it on the current version only', () =>
      withStore(dialect, async (store) => {
        const created = await store.createExperiment({ key: 'otc-headline', branch: 'ac', ...FIELDS, by: 'ann@example.com', now: T0 });
        assert.deepEqual(created, { key: 'otc-headline', branch: 'ac', ...FIELDS, status: 'draft', startedAt: null, stoppedAt: null, version: 1, createdAt: T0.toISOString(), updatedAt: T0.toISOString() });
        assert.equal(await store.createExperiment({ key: 'otc-headline', branch: 'ac', ...FIELDS, name: 'Again', by: 'bob@example.com' }), undefined);
        // The same key on another branch is another experiment.
        assert.ok(await store.createExperiment({ key: 'otc-headline', branch: 'emily', ...FIELDS, by: 'ann@example.com' }));
        assert.deepEqual((await store.listExperiments('ac')).map((experiment) => experiment.key), ['otc-headline']);

        const edited = await store.updateExperimentFields('ac', 'otc-headline', { ...FIELDS, name: 'Renamed' }, 1, new Date(at(1)));
        assert.ok('changed' in edited);
        assert.equal(edited.changed.name, 'Renamed');
        assert.equal(edited.changed.version, 2);
        assert.equal(edited.changed.updatedAt, at(1));
        const stale = await store.updateExperimentFields('ac', 'otc-headline', { ...FIELDS, name: 'Late' }, 1);
        assert.ok('conflict' in stale);
        assert.equal(stale.conflict.name, 'Renamed');
        assert.deepEqual(await store.updateExperimentFields('ac', 'nothing', FIELDS, 1), { missing: true });
      }));

    test('status changes set the start once and the stop, and only running experiments are served', () =>
      withStore(dialect, async (store) => {
        await store.createExperiment({ key: 'otc-headline', branch: 'ac', ...FIELDS, by: 'ann@example.com', now: T0 });
        assert.deepEqual(await store.runningExperiments('ac'), []);
        const started = await store.setExperimentStatus('ac', 'otc-headline', 'running', 1, new Date(at(1)));
        assert.ok('changed' in started);
        assert.equal(started.changed.startedAt, at(1));
        assert.deepEqual((await store.runningExperiments('ac')).map((experiment) => experiment.key), ['otc-headline']);
        const paused = await store.setExperimentStatus('ac', 'otc-headline', 'paused', 2, new Date(at(2)));
        assert.ok('changed' in paused);
        assert.deepEqual(await store.runningExperiments('ac'), []);
        const resumed = await store.setExperimentStatus('ac', 'otc-headline', 'running', 3, new Date(at(3)));
        assert.ok('changed' in resumed);
        assert.equal(resumed.changed.startedAt, at(1), 'resuming keeps the first start');
        const stopped = await store.setExperimentStatus('ac', 'otc-headline', 'stopped', 4, new Date(at(4)));
        assert.ok('changed' in stopped);
        assert.equal(stopped.changed.stoppedAt, at(4));
        assert.ok('conflict' in (await store.setExperimentStatus('ac', 'otc-headline', 'running', 4)));
      }));

    test('a visitor keeps the first variant recorded for them', () =>
      withStore(dialect, async (store) => {
        await runningExperiment(store);
        const exposure = { branch: 'ac', experimentKey: 'otc-headline', anonymousId: 'visitor-1', at: at(1) };
        assert.equal(await store.recordExposures([{ ...exposure, variant: 'b' }]), 1);
        assert.equal(await store.recordExposures([{ ...exposure, variant: 'control', at: at(2) }]), 0);
        const counts = await store.experimentCounts('ac', 'otc-headline', ['quiz-otc']);
        assert.deepEqual(counts, [{ variant: 'b', visitors: 1, steps: {}, leads: 0, converted: 0 }]);
      }));

    test('counts visitors, step submitters per step and leads per variant, only after entering and on its routes', () =>
      withStore(dialect, async (store) => {
        await runningExperiment(store);
        const enter = (anonymousId: string, variant: string, minute: number) => ({ branch: 'ac', experimentKey: 'otc-headline', anonymousId, variant, at: at(minute) });
        await store.recordExposures([enter('a1', 'control', 1), enter('a2', 'control', 1), enter('a3', 'control', 1), enter('b1', 'b', 1), enter('b2', 'b', 1)]);
        const step = (anonymousId: string, stepName: string, minute: number, route = 'quiz-otc') => event(anonymousId, 'formStepSubmitted', route, at(minute), { stepName });
        await store.insertEvents([
          step('a1', 'zip', 2),
          step('a1', 'zip', 3), // submitted twice: one submitter
          step('a2', 'zip', 2),
          step('a1', 'medicare', 4),
          step('b1', 'zip', 2),
          step('b1', 'medicare', 3),
          step('b2', 'zip', 2),
          step('a3', 'zip', 0), // before entering: not counted
          step('b2', 'zip', 5, 'quiz-grocery'), // another page: not counted
          event('b2', 'pageView', 'quiz-otc', at(2), { stepName: 'zip' }), // not a submission
          event('outsider', 'formStepSubmitted', 'quiz-otc', at(2), { stepName: 'zip' }), // never entered
        ]);
        await store.createLead(lead('lead-1', 'a1', 'quiz-otc', at(5)));
        await store.createLead(lead('lead-2', 'b1', 'quiz-otc', at(5)));
        await store.createLead(lead('lead-3', 'b1', 'quiz-otc', at(6))); // a second lead: one converted visitor
        await store.createLead(lead('lead-4', 'b2', 'quiz-grocery', at(6))); // another page
        await store.createLead(lead('lead-5', 'outsider', 'quiz-otc', at(6)));

        const counts = await store.experimentCounts('ac', 'otc-headline', ['quiz-otc']);
        const byVariant = Object.fromEntries(counts.map((count) => [count.variant, count]));
        assert.deepEqual(byVariant, {
          control: { variant: 'control', visitors: 3, steps: { zip: 2, medicare: 1 }, leads: 1, converted: 1 },
          b: { variant: 'b', visitors: 2, steps: { zip: 2, medicare: 1 }, leads: 2, converted: 1 },
        });
        // Bounded by a start: what came before it is not read.
        const later = Object.fromEntries((await store.experimentCounts('ac', 'otc-headline', ['quiz-otc'], at(3))).map((count) => [count.variant, count]));
        assert.deepEqual(later.control!.steps, { zip: 1, medicare: 1 });
        assert.deepEqual(later.b!.steps, { medicare: 1 });
        // Both routes: the other page's step and lead count too.
        const wider = Object.fromEntries((await store.experimentCounts('ac', 'otc-headline', ['quiz-otc', 'quiz-grocery'])).map((count) => [count.variant, count]));
        assert.equal(wider.b!.leads, 3);
        assert.equal(wider.b!.converted, 2);
      }));
  });
}
