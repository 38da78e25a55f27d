/**
 * The content epoch (src/server/pages/content-epoch-store.ts, migration 0011_content_epoch) on SQLite and
 * PostgreSQL: every publish and every experiment change bumps it, whoever makes it (another store
 * on the same database stands for another process); drafts and other writes do not; answers at
 * one epoch are kept and shared, a newer epoch reads the store again, an older one never gets a
 * kept answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ContentSave, NewEvent, Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const T0 = new Date('2026-05-01T10:00:00.000Z');
const save = (fields: Record<string, unknown>, baseVersion: number): ContentSave => ({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields, baseVersion, by: 'ann@example.com', now: T0 });
const EXPERIMENT = {
  name: 'OTC headline',
  routes: ['quiz-otc'],
  variants: [
    { key: 'control', weight: 50, overrides: {} },
    { key: 'b', weight: 50, overrides: { headline: 'Claim your OTC allowance' } },
  ],
};

const EVENT: NewEvent = {
  id: 'event-epoch-1',
  type: 'track',
  event: 'pageView',
  brandId: 'ac',
  sessionId: 'session-1',
  anonymousId: 'visitor-1',
  timestamp: T0.toISOString(),
  receivedAt: T0.toISOString(),
  ip: null,
  properties: { page: { name: 'quiz-otc' } },
};

for (const dialect of STORE_DIALECTS) {
  describe(`content epoch on ${dialect}`, () => {
    test('bumped by publishing and by every experiment change, on any store of the database; not by a draft', () =>
      withStore(dialect, async (store, target) => {
        const other = await target.open();
        try {
          const steps: [string, (on: Store) => Promise<unknown>, boolean][] = [
            ['save a draft', (on) => on.saveContentVersion(save({ headline: 'One' }, 0)), false],
            ['publish it', (on) => on.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'ann@example.com', T0), true],
            ['publish it again (an update of the live row)', (on) => on.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'bob@example.com', T0), true],
            ['save another draft', (on) => on.saveContentVersion(save({ headline: 'Two' }, 1)), false],
            ['create an experiment', (on) => on.createExperiment({ key: 'otc', branch: 'ac', ...EXPERIMENT, by: 'ann@example.com', now: T0 }), true],
            ['start it', (on) => on.setExperimentStatus('ac', 'otc', 'running', 1, T0), true],
            ['store an event', (on) => on.insertEvents([EVENT]), false],
          ];
          let before = await store.contentEpoch();
          for (const [index, [what, change, bumps]] of steps.entries()) {
            // Alternate the writer: the other store stands for another server process.
            await change(index % 2 === 0 ? other : store);
            const after = await store.contentEpoch();
            assert.equal(after > before, bumps, `${what}: ${before} -> ${after}`);
            assert.equal(await other.contentEpoch(), after, `${what}: both stores read the same epoch`);
            before = after;
          }
        } finally {
          await other.close();
        }
      }));

    test('answers kept per epoch: shared at one epoch, read again at a newer one, never kept for an older one', () =>
      withStore(dialect, async (store, target) => {
        const other = await target.open();
        try {
          await store.saveContentVersion(save({ headline: 'One' }, 0));
          await store.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'ann@example.com', T0);
          const first = await store.contentEpoch();
          const a = await store.liveContentAt(first, 'page', 'ac', 'quiz-otc');
          const b = await store.liveContentAt(first, 'page', 'ac', 'quiz-otc');
          assert.equal(a?.fields.headline, 'One');
          assert.equal(a, b, 'the same epoch: the kept answer');
          assert.ok(Object.isFrozen(a) && Object.isFrozen(a.fields), 'a shared answer cannot be changed by one request');
          assert.deepEqual(await store.runningExperimentsAt(first, 'ac'), []);
          assert.equal(await store.hasLiveContentAt(first, 'article', 'ac'), false);

          // Another process publishes a new version and starts an experiment.
          await other.saveContentVersion(save({ headline: 'Two' }, 1));
          await other.publishContentVersion('page', 'ac', 'quiz-otc', 2, 'bob@example.com', T0);
          await other.createExperiment({ key: 'otc', branch: 'ac', ...EXPERIMENT, by: 'bob@example.com', now: T0 });
          await other.setExperimentStatus('ac', 'otc', 'running', 1, T0);
          const second = await store.contentEpoch();
          assert.ok(second > first);
          assert.equal((await store.liveContentAt(second, 'page', 'ac', 'quiz-otc'))?.fields.headline, 'Two', 'the next request sees the publish');
          assert.deepEqual((await store.runningExperimentsAt(second, 'ac')).map((experiment) => experiment.key), ['otc']);

          // A request still holding the first epoch reads the store and keeps nothing under it.
          const late = await store.liveContentAt(first, 'page', 'ac', 'quiz-otc');
          assert.equal(late?.fields.headline, 'Two');
          assert.notEqual(late, await store.liveContentAt(first, 'page', 'ac', 'quiz-otc'), 'an older epoch gets no kept answer');
          assert.equal(await store.liveContentAt(second, 'page', 'ac', 'quiz-otc'), await store.liveContentAt(second, 'page', 'ac', 'quiz-otc'));
        } finally {
          await other.close();
        }
      }));
  });
}
