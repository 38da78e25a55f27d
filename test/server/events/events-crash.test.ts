/**
 * Crash durability over HTTP: a real server (test/fixtures/events-server.ts) receives a stream of
 * POST /api/event/create requests and is SIGKILLed mid-stream; restarted on the same data, it
 * must hold every event it answered 2xx for. (SIGKILL keeps the OS page cache, so this proves
 * "2xx only after commit"; surviving power loss is the store's synchronous settings' job.)
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Pool } from 'undici';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { EVENTS_SERVER, startServerProcess, type ServerProcess } from '../../../tools/support/events-server-process.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';

/**
 * The server is SIGKILLed the moment the stream has this many 2xx answers: a point an event names
 * (the writer counting its acknowledgements), not a delay, so a loaded machine only makes the run
 * slower, never different. It is several times {@link CONCURRENT_REQUESTS}, so the pipeline is full
 * and the requests in flight at that moment are cut off mid-stream.
 */
const KILL_AT_ACKS = 200;
/** Backstop against a hung child (start-up itself is a plain node start plus migrations). */
const START_TIMEOUT_MS = 60_000;
/** Requests in flight at once. */
const CONCURRENT_REQUESTS = 24;
/** Bound on the requests sent in one run, should the server stop acknowledging before the kill. */
const MAX_REQUESTS = 50 * KILL_AT_ACKS;

/** Starts the real app on `target`; the session key goes to a data folder of its own. */
function startServer(target: StoreTarget, sessionDataDir: string): Promise<ServerProcess> {
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: sessionDataDir };
  return startServerProcess(EVENTS_SERVER, [JSON.stringify(target.options)], env, START_TIMEOUT_MS);
}

function trackEvent(id: string): Record<string, unknown> {
  return {
    type: 'track',
    event: 'pageView',
    timestamp: new Date().toISOString(),
    sessionId: 'crash-session',
    anonymousId: 'crash-anon',
    properties: { eventId: id, padding: 'x'.repeat(200) },
  };
}

/**
 * Streams events at the server until requests start failing (the kill) or the bound is hit;
 * resolves with the ids answered 2xx. Calls `onAcks` once, as the {@link KILL_AT_ACKS}th request
 * is answered 2xx, while the other workers' requests are still in flight.
 */
async function streamEvents(port: number, onAcks: () => void): Promise<string[]> {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CONCURRENT_REQUESTS });
  const acked: string[] = [];
  let ackedRequests = 0;
  let sent = 0;
  let failed = false;
  async function worker(): Promise<void> {
    while (!failed && sent < MAX_REQUESTS) {
      // Every fifth request is a batch of three, so batches are covered too.
      const ids = Array.from({ length: sent % 5 === 0 ? 3 : 1 }, (_unused, index) => `crash-${sent}-${index}`);
      sent++;
      const body = JSON.stringify(ids.length === 1 ? trackEvent(ids[0] as string) : ids.map(trackEvent));
      try {
        const response = await pool.request({ method: 'POST', path: EVENT_CREATE_PATH, headers: { host: 'ac.localhost', 'content-type': 'application/json' }, body });
        await response.body.dump();
        if (response.statusCode >= 200 && response.statusCode < 300) {
          acked.push(...ids);
          if (++ackedRequests === KILL_AT_ACKS) onAcks();
        }
      } catch {
        failed = true;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENT_REQUESTS }, worker));
  await pool.destroy();
  return acked;
}

describe('events crash durability over HTTP', () => {
  for (const dialect of STORE_DIALECTS) {
    test(`every event answered 2xx before SIGKILL is stored after a restart (${dialect})`, async () => {
      const target = createStoreTarget(dialect);
      const sessionDataDir = mkdtempSync(join(tmpdir(), 'cobrand-events-crash-'));
      try {
        await (await target.open()).close();
        const first = await startServer(target, sessionDataDir);
        const kill = { midStream: false };
        const acked = await streamEvents(first.port, () => {
          kill.midStream = first.child.kill('SIGKILL');
        });
        // Only when the stream ended another way (the bound, or the server dying by itself): the test fails below.
        if (!kill.midStream) first.child.kill('SIGKILL');
        const { signal, stderr } = await first.exited;
        assert.ok(kill.midStream, `the stream ended after ${acked.length} acknowledged events, before the kill; stderr:\n${stderr}`);
        assert.equal(signal, 'SIGKILL', `the server should have been killed mid-stream; stderr:\n${stderr}`);

        const second = await startServer(target, sessionDataDir);
        try {
          const pool = new Pool(`http://127.0.0.1:${second.port}`);
          const response = await pool.request({
            method: 'POST',
            path: EVENT_CREATE_PATH,
            headers: { host: 'ac.localhost', 'content-type': 'application/json' },
            body: JSON.stringify(trackEvent('after-restart-1')),
          });
          await response.body.dump();
          await pool.destroy();
          assert.equal(response.statusCode, 201, 'the restarted server takes events again');
          const stored = new Set(await target.column('select id from events'));
          const lost = acked.filter((id) => !stored.has(id));
          assert.deepEqual(lost.slice(0, 10), [], `${lost.length} of ${acked.length} acknowledged events were lost`);
          assert.ok(stored.has('after-restart-1'));
        } finally {
          second.child.kill('SIGTERM');
          await second.exited;
        }
      } finally {
        rmSync(sessionDataDir, { recursive: true, force: true });
        await target.cleanup();
      }
    });
  }
});
