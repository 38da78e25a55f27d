/**
 * The operations port (src/server/platform/ops/ops-listener.ts, ops-worker.ts): with OPS_PORT set, a
 * thread of its own answers /healthz from the main loop's heartbeat (503 once that loop stalls),
 * /readyz and /metrics through the app's own routes, and 404 for anything else; it closes with
 * the app; a port already in use fails the start; without OPS_PORT there is none.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { STALL_AFTER_MS } from '../../../src/server/platform/ops/ops-protocol.ts';
import { startTestServer, type TestServer } from '../../../tools/support/server.ts';

/** A GET on the ops port, as a probe or a scraper sends it. */
async function get(port: number, path: string): Promise<{ status: number; type: string | null; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { host: '10.0.0.5' } });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the operations port', () => {
  let server: TestServer;
  let opsPort: number;
  before(async () => {
    server = await startTestServer({ OPS_PORT: '0' });
    opsPort = server.app.opsAddress()!.port;
  });
  after(() => server.close());

  test('listens on a port of its own', () => {
    assert.notEqual(opsPort, server.port);
  });

  const answered = [
    { path: '/healthz', status: 200, body: /"status":"ok"/ },
    { path: '/healthz?probe=lb', status: 200, body: /"status":"ok"/ },
    { path: '/readyz', status: 200, body: /"checks":\{"store":"ok","build":"ok"\}/ },
    // The metrics rule is the app's: loopback may read without a token.
    { path: '/metrics', status: 200, body: /^# HELP /m },
  ];
  for (const { path, status, body } of answered) {
    test(`answers ${path}`, async () => {
      const response = await get(opsPort, path);
      assert.equal(response.status, status);
      assert.match(response.body, body);
    });
  }

  test('answers /metrics whole to a scraper that accepts gzip (the thread passes the body on as text)', async () => {
    const response = await fetch(`http://127.0.0.1:${opsPort}/metrics`, { headers: { host: '10.0.0.5', 'accept-encoding': 'gzip' } });
    assert.equal(response.headers.get('content-encoding'), null);
    assert.match(await response.text(), /^# HELP /m);
  });

  for (const path of ['/', '/quiz/otc/zip', '/api/events', '/assets/x.js', '/healthzz', '/metrics/../']) {
    test(`refuses ${path} with a 404 naming what it answers`, async () => {
      const response = await get(opsPort, path);
      assert.equal(response.status, 404);
      assert.match(response.type ?? '', /application\/json/);
      assert.match(response.body, /answers only \/healthz, \/readyz, \/metrics/);
    });
  }

  test('/healthz answers while the main thread is busy, and says when its loop has stalled', async () => {
    // The main thread blocks until a probe on a thread of its own (this one is the blocked one)
    // has seen the 503 the worker answers once the loop has not turned for STALL_AFTER_MS: the
    // probe says when, through shared memory, so the block lasts no longer than the stall needs.
    // The probe asks every 100 ms (the worker's verdict is a request's answer, not an event);
    // the block gives up after STALL_AFTER_MS + 4000 ms, a cap for a broken run.
    const seen = new Int32Array(new SharedArrayBuffer(4));
    const probe = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const seen = new Int32Array(workerData.seen);
       (async () => {
         let last = '';
         while (Atomics.load(seen, 0) === 0) {
           const r = await fetch('http://127.0.0.1:' + workerData.port + '/healthz');
           last = r.status + ' ' + (await r.text());
           if (r.status === 503) Atomics.store(seen, 0, 1);
           else await new Promise((resolve) => setTimeout(resolve, 100));
         }
         parentPort.postMessage(last);
       })();`,
      { eval: true, workerData: { port: opsPort, seen: seen.buffer } },
    );
    const answer = new Promise<string>((resolve, reject) => {
      probe.once('message', resolve);
      probe.once('error', reject);
    });
    await new Promise((resolve) => probe.once('online', resolve));
    const giveUp = Date.now() + STALL_AFTER_MS + 4000;
    while (Atomics.load(seen, 0) === 0 && Date.now() < giveUp) {
      // Busy: no event-loop turn, no heartbeat; the probe is answered meanwhile, by the worker.
    }
    // Stops a probe still asking after the cap, so the assertion below reports what it last got.
    Atomics.store(seen, 0, 1);
    const output = await answer;
    await probe.terminate();
    assert.match(output, /^503 \{"status":"stalled","message":"the main event loop has not turned for \d+ ms"\}/);
    // The loop turns again: the heartbeat interval, long overdue, fires in the next timers phase,
    // before a timer set now; healthy at once.
    await setTimeout(0);
    assert.equal((await get(opsPort, '/healthz')).status, 200);
  });

  test('the visitor port still answers the probes', async () => {
    assert.equal((await get(server.port, '/healthz')).status, 200);
  });
});

describe('the operations port closes and fails like the visitor port', () => {
  test('closes with the app', async () => {
    const server = await startTestServer({ OPS_PORT: '0' });
    const { port } = server.app.opsAddress()!;
    await server.close();
    await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`));
  });

  test('a port in use fails the start', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as net.AddressInfo;
    try {
      await assert.rejects(startTestServer({ OPS_PORT: String(port) }), new RegExp(`the operations port 127\\.0\\.0\\.1:${port} \\(OPS_HOST, OPS_PORT\\) is already in use`));
    } finally {
      taken.close();
    }
  });

  test('without OPS_PORT there is no second port', async () => {
    const server = await startTestServer();
    try {
      assert.equal(server.app.opsAddress(), undefined);
    } finally {
      await server.close();
    }
  });
});
