/**
 * Load shedding (src/server/platform/http/shedding.ts): a test app whose route busy-waits blocks the
 * event loop on purpose; the request after it is answered 503 with Retry-After at once, while
 * health, readiness, metrics and lead capture still answer; memory pressure sheds too; a shed
 * kept-alive connection survives its pause; the real app under ordinary traffic sheds nothing.
 * Every wait is bounded (the longest is the one-second connection pause).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { HEALTHZ_PATH, READYZ_PATH } from '../../../src/server/platform/http/health.ts';
import { METRICS_PATH } from '../../../src/server/platform/http/metrics.ts';
import { loopTurnClock, overloaded, SHED_CONNECTION_PAUSE_MS, SHED_RETRY_AFTER_S, sheddingPlugin, type SheddingOptions } from '../../../src/server/platform/http/shedding.ts';
import { startTestServer, type TestServer } from '../../../tools/support/server.ts';

const STALL_MS = 300;

function busyWait(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves once under-pressure has taken its first memory sample (its interval timer), rather than after a guessed sleep. */
async function firstMemorySample(app: FastifyInstance): Promise<void> {
  while (app.memoryUsage().heapUsed === 0) await nextTurn();
}

const VARS: SheddingOptions['vars'] = {
  NODE_ENV: 'test',
  LOAD_SHEDDING: 'on',
  SHED_MAX_EVENT_LOOP_DELAY_MS: 200,
  SHED_MAX_LOOP_TURN_MS: 50,
  SHED_MAX_HEAP_USED_MB: 0,
  SHED_MAX_RSS_MB: 0,
};

/** A bare app with the shedder, a route that stalls the loop, a page, and the never-shed routes. */
async function testApp(options: Partial<SheddingOptions> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(sheddingPlugin, { vars: VARS, ...options });
  app.get('/stall', async () => {
    busyWait(STALL_MS);
    return 'stalled';
  });
  app.get('/page', async () => 'page');
  for (const path of [HEALTHZ_PATH, READYZ_PATH, METRICS_PATH]) app.get(path, async () => ({ status: 'ok' }));
  app.post(LEADS_PATH, async () => ({ stored: true }));
  await app.ready();
  return app;
}

describe('the overload rule', () => {
  test('a stall over 200 ms in this turn or the last; or both turns over 50 ms', () => {
    assert.equal(overloaded({ current: 0, previous: 0 }, 200, 50), false);
    assert.equal(overloaded({ current: 150, previous: 2 }, 200, 50), false, 'one long turn is a burst, not overload');
    assert.equal(overloaded({ current: 2, previous: 150 }, 200, 50), false);
    assert.equal(overloaded({ current: 60, previous: 60 }, 200, 50), true, 'two long turns in a row');
    assert.equal(overloaded({ current: 250, previous: 0 }, 200, 50), true, 'this turn stalled');
    assert.equal(overloaded({ current: 0, previous: 250 }, 200, 50), true, 'the last turn stalled');
    assert.equal(overloaded({ current: 250, previous: 250 }, 0, 0), false, '0 switches both off');
  });

  test('the turn clock measures the current and the previous turn', async () => {
    const clock = loopTurnClock();
    try {
      assert.deepEqual(clock.sample(), { current: 0, previous: 0 }, 'an idle loop starts fresh');
      busyWait(80);
      assert.ok(clock.sample().current >= 80);
      await nextTurn();
      const next = clock.sample();
      assert.ok(next.previous >= 80, `previous ${next.previous}`);
      assert.ok(next.current < next.previous, `current ${next.current}, previous ${next.previous}`);
      // Idle for a few turns: the clock stops, and the next request starts it afresh.
      for (let turn = 0; turn < 5; turn++) await nextTurn();
      assert.deepEqual(clock.sample(), { current: 0, previous: 0 });
    } finally {
      clock.stop();
    }
  });
});

describe('a stalled event loop', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await testApp();
  });
  after(() => app.close());

  test('the request after a busy-wait is answered 503 with Retry-After at once', async () => {
    const stall = app.inject({ url: '/stall' });
    const next = app.inject({ url: '/page' });
    assert.equal((await stall).statusCode, 200);
    const started = performance.now();
    const response = await next;
    assert.ok(performance.now() - started < STALL_MS, 'not queued behind more work');
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], String(SHED_RETRY_AFTER_S));
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.deepEqual(response.json(), { error: 'The site is very busy right now.' });
    assert.ok((app.shedRequests?.loopTurn ?? 0) >= 1);
  });

  test('a page load gets a short page that reloads itself after Retry-After', async () => {
    const stall = app.inject({ url: '/stall' });
    const next = app.inject({ url: '/page', headers: { accept: 'text/html' } });
    await stall;
    const response = await next;
    assert.equal(response.statusCode, 503);
    assert.match(response.headers['content-type'] as string, /^text\/html/);
    assert.match(response.body, new RegExp(`<meta http-equiv="refresh" content="${SHED_RETRY_AFTER_S}">`));
    assert.doesNotMatch(response.body, /<script/);
  });

  test('health, readiness, metrics and lead capture are never shed', async () => {
    const stall = app.inject({ url: '/stall' });
    const exempt = [HEALTHZ_PATH, READYZ_PATH, METRICS_PATH].map((url) => app.inject({ url }));
    const lead = app.inject({ method: 'POST', url: LEADS_PATH, payload: {} });
    const page = app.inject({ url: '/page' });
    await stall;
    for (const response of await Promise.all(exempt)) assert.equal(response.statusCode, 200);
    assert.equal((await lead).statusCode, 200);
    assert.equal((await page).statusCode, 503, 'while a page is shed');
  });

  test('once the loop turns freely again, requests are served', async () => {
    await app.inject({ url: '/stall' });
    // A few short turns: the stall is no longer this turn or the last one.
    for (let turn = 0; turn < 3; turn++) await nextTurn();
    assert.equal((await app.inject({ url: '/page' })).statusCode, 200);
  });
});

describe('memory pressure', () => {
  test('heap in use over SHED_MAX_HEAP_USED_MB sheds everything but the exempt routes', async () => {
    // Lag off: only memory decides here.
    const app = await testApp({ vars: { ...VARS, SHED_MAX_EVENT_LOOP_DELAY_MS: 0, SHED_MAX_LOOP_TURN_MS: 0, SHED_MAX_HEAP_USED_MB: 1 }, sampleIntervalMs: 10 });
    try {
      await firstMemorySample(app);
      const response = await app.inject({ url: '/page' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['retry-after'], String(SHED_RETRY_AFTER_S));
      assert.equal(app.shedRequests?.heapUsedBytes, 1);
      assert.equal((await app.inject({ url: HEALTHZ_PATH })).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('a shed connection', () => {
  test(`is not read for ${SHED_CONNECTION_PAUSE_MS} ms, and stays open`, async () => {
    // Heap pressure (a 1 MB limit) sheds every request, so each answer here is a 503.
    const app = await testApp({ vars: { ...VARS, SHED_MAX_HEAP_USED_MB: 1 }, sampleIntervalMs: 10 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const request = http.get({ host: '127.0.0.1', port, path: '/page', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
        });
        request.on('error', reject);
      });
    try {
      await firstMemorySample(app);
      const first = await get();
      assert.equal(first.status, 503);
      const started = performance.now();
      const second = await get();
      const waited = performance.now() - started;
      assert.equal(second.socket, first.socket, 'the same connection, kept alive');
      assert.ok(waited >= SHED_CONNECTION_PAUSE_MS * 0.9, `the second request was answered after ${waited.toFixed(0)} ms`);
      // Generous: the point is that the pause ends, and a loaded machine answers late.
      assert.ok(waited < SHED_CONNECTION_PAUSE_MS * 8, `the second request was answered after ${waited.toFixed(0)} ms`);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});

describe('the real app under ordinary traffic', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ LOAD_SHEDDING: 'on' });
  });
  after(() => server.close());

  test('sequential and a few concurrent page loads over HTTP are all served', async () => {
    const load = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: server.port, path, headers: { host: 'ac.localhost', accept: 'text/html' } }, (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          })
          .on('error', reject);
      });
    // A starved machine (CI running other suites and Chromium beside this one) can make two of this
    // process's turns run long, and shedding then is right; what must never happen is ordinary traffic
    // being refused as a rule. So a 503 is tried again once the loop turns freely, every page is served
    // by its second try, and shed answers stay the exception.
    let shed = 0;
    const served = async (path: string) => {
      for (let attempt = 1; ; attempt++) {
        const status = await load(path);
        if (status !== 503 || attempt === 2) return status;
        shed++;
        for (let turn = 0; turn < 3; turn++) await nextTurn();
      }
    };
    for (let i = 0; i < 20; i++) assert.equal(await served('/'), 200, `request ${i}: ${JSON.stringify(server.app.shedRequests)}`);
    assert.deepEqual(await Promise.all(Array.from({ length: 5 }, () => served('/quiz/otc/zip'))), [200, 200, 200, 200, 200]);
    assert.ok(shed <= 5, `${shed} of 25 ordinary page loads were shed: ${JSON.stringify(server.app.shedRequests)}`);
  });
});
