/**
 * The operations port (src/server/plugins/ops-listener.ts, ops-worker.ts): with OPS_PORT set, a
 * thread of its own answers /healthz from the main loop's heartbeat (503 once that loop stalls),
 * /readyz and /metrics through the app's own routes, and 404 for anything else; it closes with
 * the app; a port already in use fails the start; without OPS_PORT there is none.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { HEARTBEAT_INTERVAL_MS, STALL_AFTER_MS } from '../../src/server/plugins/ops-protocol.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

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
    // The main thread blocks for longer than STALL_AFTER_MS. A child process (this thread is the
    // blocked one) probes meanwhile, every 200 ms, and prints the first 503 it gets, answered by
    // the worker at once; it gives up after the block is surely over.
    const blockMs = STALL_AFTER_MS + 4000;
    const probe = spawn(
      process.execPath,
      [
        '-e',
        `const until = Date.now() + ${blockMs + 2000};
         (async () => {
           let last = '';
           while (Date.now() < until) {
             const r = await fetch('http://127.0.0.1:${opsPort}/healthz');
             last = r.status + ' ' + (await r.text());
             if (r.status === 503) break;
             await new Promise((resolve) => setTimeout(resolve, 200));
           }
           console.log(last);
         })();`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    probe.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await new Promise((resolve) => probe.once('spawn', resolve));
    const blockUntil = Date.now() + blockMs;
    while (Date.now() < blockUntil) {
      // Busy: no event-loop turn, no heartbeat; the probe is answered meanwhile, by the worker.
    }
    await new Promise((resolve) => probe.once('close', resolve));
    assert.match(output, /^503 \{"status":"stalled","message":"the main event loop has not turned for \d+ ms"\}/);
    // The loop turns again: healthy at once.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_INTERVAL_MS * 2));
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
