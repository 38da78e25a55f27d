/**
 * The content factory's store on SQLite and on PostgreSQL: authors per branch, runs
 * with their items queued (topics in turn), the leased claim (oldest first, taken again only when
 * the lease ends, an outdated attempt cannot record), cancelling, scheduled runs queued once per
 * firing, and (PostgreSQL, where several processes share the queue) two stores on one database
 * claiming at once: no item is taken twice.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuthorFields } from '../../../src/core/control-center/content-factory.ts';
import type { NewRun } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const T0 = new Date('2026-06-01T10:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000).toISOString();
const LEASE_MS = 60_000;

const AUTHOR: AuthorFields = { name: 'Dana Writer', bio: 'Twenty years explaining Medicare.', expertise: ['Medicare Advantage', 'dental plans'], tone: 'warm and plain-spoken' };

const run = (authorId: number, overrides: Partial<NewRun> = {}): NewRun => ({
  branch: 'ac',
  authorId,
  template: 'how-to',
  topics: ['dental coverage', 'OTC allowance'],
  count: 3,
  by: 'ann@example.com',
  now: T0,
  ...overrides,
});

for (const dialect of STORE_DIALECTS) {
  describe(`content-factory store on ${dialect}`, () => {
    test('authors belong to their branch and keep who changed them', () =>
      withStore(dialect, async (store) => {
        const created = await store.createAuthor('ac', { ...AUTHOR, image: 'a'.repeat(64) }, 'ann@example.com', T0);
        assert.deepEqual(created, {
          id: created.id,
          branch: 'ac',
          ...AUTHOR,
          image: 'a'.repeat(64),
          createdAt: T0.toISOString(),
          createdBy: 'ann@example.com',
          updatedAt: T0.toISOString(),
          updatedBy: 'ann@example.com',
        });
        assert.deepEqual(await store.listAuthors('emily'), []);
        assert.equal(await store.getAuthor('emily', created.id), undefined, 'another branch does not see it');
        const changed = await store.updateAuthor('ac', created.id, { ...AUTHOR, name: 'Dana W. Writer' }, 'bob@example.com', new Date(at(60)));
        assert.equal(changed?.before.name, 'Dana Writer');
        assert.equal(changed?.after.name, 'Dana W. Writer');
        assert.equal(changed?.after.image, undefined, 'the image was taken away');
        assert.equal(changed?.after.updatedBy, 'bob@example.com');
        assert.equal(changed?.after.createdBy, 'ann@example.com');
        assert.equal(await store.updateAuthor('emily', created.id, AUTHOR, 'bob@example.com'), undefined);
        assert.deepEqual((await store.listAuthors('ac')).map((author) => author.name), ['Dana W. Writer']);
      }));

    test('a run queues its drafts over the topics in turn; a scheduled one queues none yet', () =>
      withStore(dialect, async (store) => {
        const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com', T0);
        const now = await store.createRun(run(author.id));
        const later = await store.createRun(run(author.id, { schedule: '0 9 * * 1', nextDueAt: at(3600), count: 2 }));
        const detail = await store.getRun('ac', now.id);
        assert.deepEqual(
          detail?.items.map((item) => [item.batch, item.topic, item.status, item.attempts]),
          [
            [1, 'dental coverage', 'queued', 0],
            [1, 'OTC allowance', 'queued', 0],
            [1, 'dental coverage', 'queued', 0],
          ],
        );
        assert.deepEqual((await store.getRun('ac', later.id))?.items, []);
        assert.equal(later.nextDueAt, at(3600));
        const listed = await store.listRuns('ac');
        assert.deepEqual(listed.map((entry) => [entry.id, entry.counts.queued, entry.schedule ?? null]), [
          [later.id, 0, '0 9 * * 1'],
          [now.id, 3, null],
        ]);
        assert.equal(await store.getRun('emily', now.id), undefined);
      }));

    test('claims oldest first with a lease; a lease that ended is claimed again and the outdated attempt cannot record', () =>
      withStore(dialect, async (store) => {
        const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com', T0);
        const created = await store.createRun(run(author.id));
        const first = await store.claimRunItems(at(0), 2, LEASE_MS);
        assert.deepEqual(first.map((item) => [item.topic, item.status, item.attempts, item.run.id, item.run.template]), [
          ['dental coverage', 'running', 1, created.id, 'how-to'],
          ['OTC allowance', 'running', 1, created.id, 'how-to'],
        ]);
        const second = await store.claimRunItems(at(1), 5, LEASE_MS);
        assert.deepEqual(second.map((item) => item.id), [first[0]!.id + 2], 'only the third is free while the lease runs');
        assert.equal(await store.finishRunItem(first[0]!.id, 1, { kind: 'done', articleSlug: 'dental-coverage-r1-1' }, at(2)), true);
        // The second item's worker died: after its lease the item is claimed again (attempt 2).
        const again = await store.claimRunItems(at(61), 5, LEASE_MS);
        assert.deepEqual(again.map((item) => [item.id, item.attempts]), [
          [first[1]!.id, 2],
          [second[0]!.id, 2],
        ]);
        assert.equal(await store.finishRunItem(first[1]!.id, 1, { kind: 'done', articleSlug: 'late' }, at(62)), false, 'attempt 1 no longer holds it');
        assert.equal(await store.finishRunItem(first[1]!.id, 2, { kind: 'failed', error: 'provider: upstream answered HTTP 500' }, at(63)), true);
        const items = (await store.getRun('ac', created.id))!.items;
        assert.deepEqual(items.map((item) => [item.status, item.articleSlug ?? null, item.error ?? null]), [
          ['done', 'dental-coverage-r1-1', null],
          ['failed', null, 'provider: upstream answered HTTP 500'],
          ['running', null, null],
        ]);
        assert.equal(items[1]!.finishedAt, at(63));
        // A worker of one run (the CLI's) claims only that run's items.
        const other = await store.createRun(run(author.id, { count: 1 }));
        assert.deepEqual((await store.claimRunItems(at(200), 5, LEASE_MS, other.id)).map((item) => item.run.id), [other.id]);
      }));

    test('cancelling cancels the queued items, keeps a running one, and stops the schedule', () =>
      withStore(dialect, async (store) => {
        const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com', T0);
        const created = await store.createRun(run(author.id));
        const [held] = await store.claimRunItems(at(0), 1, LEASE_MS);
        const cancelled = await store.cancelRun('ac', created.id, 'bob@example.com', new Date(at(5)));
        assert.equal(cancelled?.status, 'cancelled');
        assert.equal(cancelled?.cancelledBy, 'bob@example.com');
        const detail = await store.getRun('ac', created.id);
        assert.deepEqual(detail?.run.counts, { queued: 0, running: 1, done: 0, failed: 0, cancelled: 2 });
        assert.deepEqual(await store.claimRunItems(at(6), 5, LEASE_MS), []);
        assert.equal(await store.finishRunItem(held!.id, 1, { kind: 'done', articleSlug: 'x-r1-1' }, at(7)), true, 'the running item finishes');
        assert.equal(await store.cancelRun('emily', created.id, 'bob@example.com'), undefined);

        const scheduled = await store.createRun(run(author.id, { schedule: '* * * * *', nextDueAt: at(60) }));
        await store.cancelRun('ac', scheduled.id, 'bob@example.com');
        assert.deepEqual(await store.queueDueRuns(at(120), () => at(180)), [], 'a cancelled schedule queues nothing');
      }));

    test('a due scheduled run queues one batch per firing and moves to its next firing', () =>
      withStore(dialect, async (store) => {
        const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com', T0);
        const scheduled = await store.createRun(run(author.id, { schedule: '* * * * *', nextDueAt: at(60), count: 2 }));
        assert.deepEqual(await store.queueDueRuns(at(59), () => at(120)), [], 'not due yet');
        assert.deepEqual(await store.queueDueRuns(at(60), () => at(120)), [{ runId: scheduled.id, batch: 1 }]);
        assert.deepEqual(await store.queueDueRuns(at(61), () => at(180)), [], 'the next firing is not due');
        assert.deepEqual(await store.queueDueRuns(at(130), () => at(180)), [{ runId: scheduled.id, batch: 2 }]);
        const detail = await store.getRun('ac', scheduled.id);
        assert.deepEqual(detail?.items.map((item) => [item.batch, item.topic]), [
          [1, 'dental coverage'],
          [1, 'OTC allowance'],
          [2, 'dental coverage'],
          [2, 'OTC allowance'],
        ]);
        assert.equal(detail?.run.nextDueAt, at(180));
      }));

    // Several processes share one queue on PostgreSQL. (SQLite is one process's file: two stores in one
    // process would block each other's transactions on its single thread, which no deployment does.)
    if (dialect === 'postgres') {
      test('two stores on one database never claim the same item, nor queue the same firing twice', () =>
      withStore(dialect, async (first, target) => {
        const second = await target.open();
        try {
          const author = await first.createAuthor('ac', AUTHOR, 'ann@example.com', T0);
          for (let index = 0; index < 4; index++) await first.createRun(run(author.id, { count: 10 }));
          const scheduled = await first.createRun(run(author.id, { schedule: '* * * * *', nextDueAt: at(60), count: 1 }));
          const [queuedA, queuedB] = await Promise.all([first.queueDueRuns(at(60), () => at(120)), second.queueDueRuns(at(60), () => at(120))]);
          assert.deepEqual([...queuedA, ...queuedB], [{ runId: scheduled.id, batch: 1 }], 'one of them queued the firing');
          const claimedBy = [new Set<number>(), new Set<number>()];
          const worker = async (store: typeof first, mine: Set<number>) => {
            for (let round = 0; round < 20; round++) {
              for (const item of await store.claimRunItems(at(61), 3, LEASE_MS)) {
                assert.ok(!claimedBy[0]!.has(item.id) && !claimedBy[1]!.has(item.id), `item ${item.id} claimed twice`);
                mine.add(item.id);
              }
            }
          };
          await Promise.all([worker(first, claimedBy[0]!), worker(second, claimedBy[1]!)]);
          assert.equal(claimedBy[0]!.size + claimedBy[1]!.size, 41, 'every item claimed exactly once');
        } finally {
          await second.close();
        }
      }));
    }
  });
}
