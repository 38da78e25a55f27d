/**
 * SQLite event ingest on its own thread (src/server/events/sqlite-event-thread.ts): events are
 * committed by a worker thread's connection while the main connection keeps serving the rest of
 * the store. Checks that the two connections never trip each other (main-thread transactions,
 * one reading then writing, while event batches commit on the thread), that closing the store
 * answers every queued event before the thread ends, and that an idle thread keeps no process
 * alive.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import type { NewEvent } from '../../../src/server/platform/store/index.ts';
import { createStoreTarget, withStore } from '../../../tools/support/store-targets.ts';

const event = (id: string): NewEvent => ({
  id,
  type: 'track',
  event: 'pageView',
  brandId: 'ac',
  sessionId: 'thread-session',
  anonymousId: 'thread-anon',
  timestamp: '2026-06-01T10:00:00.000Z',
  receivedAt: new Date().toISOString(),
  ip: '127.0.0.1',
  properties: { eventId: id },
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite events thread', () => {
  test('main-thread transactions that read then write succeed while event batches commit in between', () =>
    withStore('sqlite', async (store, target) => {
      const author = await store.createAuthor('ac', { name: 'Dana', bio: 'Medicare', expertise: ['dental'], tone: 'plain' }, 'ann@example.com');
      const ROUNDS = 100;
      const EVENTS_PER_TURN = 5;
      // Events keep committing on the thread, a few more every turn, while the main connection runs
      // transactions (createRun: insert run and items; cancelRun: select, then update). SQLite's
      // Kysely queries settle in microtasks, so each round ends with a turn for the stream; the
      // thread commits in parallel, so a round's BEGIN often meets a commit holding the lock.
      let streaming = true;
      let sent = 0;
      const inserts: Promise<unknown>[] = [];
      const stream = (async () => {
        while (streaming) {
          for (let index = 0; index < EVENTS_PER_TURN; index++) inserts.push(store.insertEvents([event(`interleave-${sent++}`)]));
          await turn();
        }
      })();
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const created = await store.createRun({ branch: 'ac', authorId: author.id, template: 'how-to', topics: ['dental'], count: 1, by: 'ann@example.com' });
          const cancelled = await store.cancelRun('ac', created.id, 'ann@example.com');
          assert.equal(cancelled?.status, 'cancelled', `round ${round}`);
          await turn();
        }
      } finally {
        streaming = false;
        await stream;
      }
      const answers = await Promise.all(inserts);
      assert.ok(sent >= ROUNDS * EVENTS_PER_TURN, `events were committing meanwhile (${sent} sent)`);
      assert.equal(answers.length, sent);
      assert.equal(Number((await target.column('select count(*) from events'))[0]), sent, 'every acknowledged event is stored');
      assert.ok(store.stats().eventCommits < sent, 'events shared commits');
    }));

  test('close answers every queued event, then ends the thread; a reopened store holds them all', async () => {
    const target = createStoreTarget('sqlite');
    try {
      const store = await target.open();
      const COUNT = 300;
      const inserts = Array.from({ length: COUNT }, (_unused, index) => store.insertEvents([event(`closing-${index}`)]));
      await store.close();
      const answers = await Promise.all(inserts);
      assert.deepEqual(
        answers.map((answer) => answer.inserted),
        Array<number>(COUNT).fill(1),
        'every write queued before close was answered as stored',
      );
      await assert.rejects(store.insertEvents([event('after-close')]), /closed/);
      const reopened = await target.open();
      try {
        assert.equal((await reopened.listEvents({ limit: COUNT + 1 })).length, COUNT);
      } finally {
        await reopened.close();
      }
    } finally {
      await target.cleanup();
    }
  });

  test('an idle events thread keeps no process alive (a script that stores events and never closes still ends)', async () => {
    const target = createStoreTarget('sqlite');
    try {
      const script = `
        import { openStore } from './src/server/platform/store/index.ts';
        const store = await openStore(${JSON.stringify(target.options)});
        const { inserted } = await store.insertEvents([${JSON.stringify(event('lingering'))}]);
        process.stdout.write(String(inserted));
      `;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      // A backstop against a process the thread holds open, not a measure of time.
      const backstop = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
      clearTimeout(backstop);
      assert.equal(signal, null, `the process ended by itself (stderr: ${stderr})`);
      assert.equal(code, 0, stderr);
      assert.equal(stdout, '1', 'the event was stored and acknowledged first');
      assert.equal(Number((await target.column('select count(*) from events'))[0]), 1);
    } finally {
      await target.cleanup();
    }
  });
});
