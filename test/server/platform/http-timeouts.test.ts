/**
 * The HTTP server's timeouts: read from the environment with sane defaults,
 * handed to Fastify and node:http, and enforced on a real loopback socket: a body sent one byte a
 * second, headers that never finish, and an idle kept-alive socket are cut after their short test
 * timeouts (never the 30 s defaults), while a normal request on the same server is answered.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';
import { HTTP_TIMEOUT_DEFAULTS, httpTimeoutOptions } from '../../../src/server/platform/config/http-env.ts';
import { startTestServer, type TestServer } from '../../../tools/support/server.ts';

/** What a raw socket saw before the server closed it. */
interface SocketOutcome {
  /** Milliseconds from the connection to the close. */
  elapsedMs: number;
  /** Everything the server sent. */
  received: string;
}

/**
 * Connects to `port`, writes `head` at once, then one character of `drip` every `everyMs` (none when
 * `drip` is empty) until the server closes the socket (or `giveUpMs` passes, which fails the test
 * instead of hanging it).
 */
function dripRequest(port: number, head: string, drip: string, everyMs: number, giveUpMs: number): Promise<SocketOutcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    let started = 0;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('connect', () => {
      started = Date.now();
      if (head) socket.write(head);
      if (drip === '') return;
      timer = setInterval(() => {
        if (socket.destroyed || !socket.writable) return;
        socket.write(drip[sent % drip.length]!);
        sent++;
      }, everyMs);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    // A write racing the server's close can fail with EPIPE/ECONNRESET: the close is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ elapsedMs: Date.now() - started, received: Buffer.concat(chunks).toString('latin1') });
    });
  });
}

describe('HTTP timeouts: configuration', () => {
  test('defaults: request 30 s, headers 10 s, connection 30 s, keep-alive 5 s', () => {
    const { vars } = loadConfig({});
    assert.deepEqual(
      [vars.HTTP_REQUEST_TIMEOUT_MS, vars.HTTP_HEADERS_TIMEOUT_MS, vars.HTTP_CONNECTION_TIMEOUT_MS, vars.HTTP_KEEP_ALIVE_TIMEOUT_MS],
      [HTTP_TIMEOUT_DEFAULTS.request, HTTP_TIMEOUT_DEFAULTS.headers, HTTP_TIMEOUT_DEFAULTS.connection, HTTP_TIMEOUT_DEFAULTS.keepAlive],
    );
    assert.deepEqual(httpTimeoutOptions(vars), {
      connectionTimeout: 30_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      http: { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 2_500 },
    });
  });

  test('the headers timeout is capped at the request timeout, and checked often enough for a short one', () => {
    const { vars } = loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '1000' });
    const options = httpTimeoutOptions(vars);
    assert.equal(options.requestTimeout, 1000);
    assert.equal(options.http.headersTimeout, 1000);
    assert.equal(options.http.connectionsCheckingInterval, 250);
  });

  test('bad values are refused at start-up, each named', () => {
    assert.throws(
      () => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_KEEP_ALIVE_TIMEOUT_MS: 'soon', HTTP_HEADERS_TIMEOUT_MS: '99999999' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        ['HTTP_REQUEST_TIMEOUT_MS', 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 'HTTP_HEADERS_TIMEOUT_MS'].every((name) => error.problems.some((problem) => problem.startsWith(name))),
    );
  });
});

describe('HTTP timeouts on a real socket (1 s request timeout, 500 ms keep-alive)', () => {
  let server: TestServer;
  before(async () => {
    // Load shedding off: a slow first request (module compilation) must not be answered 503.
    server = await startTestServer({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '500', HTTP_CONNECTION_TIMEOUT_MS: '5000', SHED_MAX_EVENT_LOOP_DELAY_MS: '0' });
  });
  after(() => server.close());

  test('the node:http server carries the configured timeouts', () => {
    const http = server.app.server;
    assert.equal(http.requestTimeout, 1000);
    assert.equal(http.headersTimeout, 1000);
    assert.equal(http.keepAliveTimeout, 500);
    assert.equal(http.timeout, 5000);
  });

  test('a body sent one byte a second is cut by the request timeout (408), not held', async () => {
    const head = `POST ${EVENT_CREATE_PATH} HTTP/1.1\r\nHost: ac.localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n`;
    const outcome = await dripRequest(server.port, head, '{"type":"track"}', 1000, 8000);
    assert.ok(outcome.elapsedMs >= 900, `cut after ${outcome.elapsedMs} ms, before the timeout`);
    // The drip gives up at 8 s: well before that means the server cut it (a loaded machine may take seconds).
    assert.ok(outcome.elapsedMs < 7000, `cut only after ${outcome.elapsedMs} ms`);
    assert.match(outcome.received, /^HTTP\/1\.1 408 /);
  });

  test('headers that never finish are cut too', async () => {
    const outcome = await dripRequest(server.port, 'GET / HTTP/1.1\r\nHost: ac.localhost\r\nX-Slow: ', 'a', 200, 8000);
    assert.ok(outcome.elapsedMs < 7000, `cut only after ${outcome.elapsedMs} ms`);
    assert.match(outcome.received, /^HTTP\/1\.1 408 /);
  });

  test('an idle kept-alive socket is closed after the keep-alive timeout', async () => {
    const request = `GET /api/_auth/session HTTP/1.1\r\nHost: ac.localhost\r\nConnection: keep-alive\r\n\r\n`;
    const outcome = await dripRequest(server.port, request, '', 60_000, 8000);
    assert.match(outcome.received, /^HTTP\/1\.1 200 /);
    assert.ok(outcome.elapsedMs < 7000, `closed only after ${outcome.elapsedMs} ms`);
  });

  test('a request sent at once is answered as usual', async () => {
    const outcome = await dripRequest(
      server.port,
      `POST ${EVENT_CREATE_PATH} HTTP/1.1\r\nHost: ac.localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      '',
      0,
      8000,
    );
    assert.match(outcome.received, /^HTTP\/1\.1 400 /);
    assert.match(outcome.received, /"problems":\[/);
  });
});
