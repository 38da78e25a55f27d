/**
 * The content epoch pushed by PostgreSQL (store/epoch-listener.ts, migration 0013): two stores on
 * one schema stand for two server processes. A publish on one reaches the other by notification,
 * answered from memory (no read); the publisher sees its own write on its very next call; a killed
 * listener connection falls back to a read per call, reconnects, and reads once before answering
 * from memory again. Waits are on the store's epoch events, never on a clock.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ContentEpochFeed } from '../../src/server/store/epoch-listener.ts';
import type { Store } from '../../src/server/store/index.ts';
import { withStore, type StoreTarget } from '../fixtures/store-targets.ts';
import { whenEmitted } from '../support/when-emitted.ts';

const T0 = new Date('2026-05-01T10:00:00.000Z');

/** The PostgreSQL store's events are its feed (the store's own listener connection). */
const feedOf = (store: Store) => store.contentEpochEvents as ContentEpochFeed;

/** Resolves once `store`'s listener LISTENs. */
const listening = (store: Store) => whenEmitted(feedOf(store), 'listening', () => feedOf(store).listening, 'the epoch listener to connect');

/** Counts `store`'s reads of the epoch from the database. */
function countReads(store: Store): { readonly count: number } {
  const counter = { count: 0 };
  store.contentEpochEvents.on('read', () => {
    counter.count += 1;
  });
  return counter;
}

/** The epoch as stored, read on a connection of the test's own. */
async function storedEpoch(target: StoreTarget): Promise<number> {
  const [value] = await target.column('select value from content_epoch where id = 1');
  return Number(value);
}

/** Publishes version `version` of the quiz page with `headline` through `store`. */
async function publish(store: Store, headline: string, version: number): Promise<void> {
  await store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { headline }, baseVersion: version - 1, by: 'ann@example.com', now: T0 });
  await store.publishContentVersion('page', 'ac', 'quiz-otc', version, 'ann@example.com', T0);
}

describe('content epoch pushed by PostgreSQL (LISTEN/NOTIFY)', () => {
  test("another process's publish is seen after its notification, from memory; the publisher's own at once", () =>
    withStore('postgres', async (store, target) => {
      const other = await target.open();
      try {
        await Promise.all([listening(store), listening(other)]);
        const before = await store.contentEpoch();
        assert.equal(await other.contentEpoch(), before);
        const storeReads = countReads(store);
        const otherReads = countReads(other);
        assert.equal(await store.contentEpoch(), before, 'no change: from memory');
        assert.equal(storeReads.count, 0, 'caught up after connecting: no read');

        await publish(other, 'One', 1);
        const published = await storedEpoch(target);
        assert.ok(published > before, `the publish bumped the epoch: ${before} -> ${published}`);
        // The publisher: its very next call, and any call racing it, see its own publish.
        assert.deepEqual(await Promise.all([other.contentEpoch(), other.contentEpoch()]), [published, published]);
        assert.equal(otherReads.count, 1, 'one read after its own write, shared by both calls');
        assert.equal(await other.contentEpoch(), published);
        assert.equal(otherReads.count, 1, 'then from memory again');

        // The other process: as soon as the notification arrives, without reading.
        await whenEmitted(store.contentEpochEvents, 'epoch', async () => (await store.contentEpoch()) === published, 'the notification of the publish');
        assert.equal(storeReads.count, 0, 'the notification, not a read, told it');
        assert.equal((await store.liveContentAt(published, 'page', 'ac', 'quiz-otc'))?.fields.headline, 'One');

        // An experiment change bumps and notifies through the same function.
        await other.createExperiment({ key: 'otc', branch: 'ac', name: 'OTC', routes: ['quiz-otc'], variants: [{ key: 'control', weight: 100, overrides: {} }], by: 'ann@example.com', now: T0 });
        const created = await storedEpoch(target);
        assert.ok(created > published);
        await whenEmitted(store.contentEpochEvents, 'epoch', async () => (await store.contentEpoch()) === created, 'the notification of the experiment');
        assert.equal(storeReads.count, 0);
      } finally {
        await other.close();
      }
    }));

  test('a killed listener connection: reads per call, reconnects, reads once, then memory again', () =>
    withStore('postgres', async (store, target) => {
      const other = await target.open();
      try {
        await Promise.all([listening(store), listening(other)]);
        await store.contentEpoch();
        const feed = feedOf(store);
        const pid = feed.backendPid;
        assert.ok(pid !== undefined);
        const reads = countReads(store);

        // Asked the moment the connection is known lost: that call must read.
        const duringOutage = new Promise<{ epoch: Promise<number>; listening: boolean }>((resolve) => feed.once('disconnected', () => resolve({ epoch: store.contentEpoch(), listening: feed.listening })));
        const reconnected = whenEmitted(feed, ['disconnected', 'listening'], () => feed.listening && feed.backendPid !== pid, 'the listener to reconnect');
        await target.column(`select pg_terminate_backend(${pid})`);
        const outage = await duringOutage;
        assert.equal(outage.listening, false);
        assert.equal(await outage.epoch, await storedEpoch(target));
        assert.equal(reads.count, 1, 'disconnected: the epoch is read');

        // Published while the listener is (most likely) still waiting to reconnect: its notification
        // reaches nobody here, so the one read after reconnecting must bring it.
        await publish(other, 'Two', 1);
        const published = await storedEpoch(target);
        await reconnected;
        const readsBefore = reads.count;
        assert.equal(await store.contentEpoch(), published, 'nothing sent while disconnected is missed');
        assert.equal(reads.count, readsBefore + 1, 'one read after reconnecting');
        assert.equal(await store.contentEpoch(), published);
        assert.equal(reads.count, readsBefore + 1, 'listening again: from memory');

        // And notifications flow on the new connection.
        await publish(other, 'Three', 2);
        const again = await storedEpoch(target);
        await whenEmitted(feed, 'epoch', async () => (await store.contentEpoch()) === again, 'a notification on the new connection');
        assert.equal(reads.count, readsBefore + 1);
      } finally {
        await other.close();
      }
    }));

  test('closing the store ends the listener', () =>
    withStore('postgres', async (store, target) => {
      const other = await target.open();
      const feed = feedOf(other);
      await listening(other);
      assert.ok(feed.backendPid !== undefined);
      await other.close();
      assert.equal(feed.listening, false);
      assert.equal(feed.backendPid, undefined);
      // A handle left open would also keep this test file's process from exiting.
      await assert.rejects(other.contentEpoch(), /closed/);
      assert.ok(feedOf(store).listening, "the other store's listener is untouched");
    }));
});
