/**
 * Publishing on PostgreSQL with two server processes, where a publish on one must be live on the
 * other: two real servers (the app compiled and started with plain node, as the crash tests start
 * theirs) on one fresh PostgreSQL schema and the same SESSION_KEY, as two processes behind a proxy
 * would be, spoken to over HTTP. Neither caches what it read: a publish through either is on the
 * other's next page request, a second save on the same version through the other is a 409, and a
 * preview link made by one takes its hops across both.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { CC_PAGE_PREVIEW, CC_PAGE_PUBLISH, CC_PAGE_SAVE } from '../../../src/core/contract/cc-pages.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { EVENTS_SERVER, startServerProcess, type ServerProcess } from '../../../tools/support/events-server-process.ts';
import { createStoreTarget, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { CONTROL_CENTER_HOST, STAFF } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const PAGE = { branch: 'ac', page: 'quiz-otc' };
/** A backstop against a hung child, not a measure of start-up time. */
const START_TIMEOUT_MS = 60_000;

/** One answer, as read off the wire. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One HTTP request to a server process on loopback, with a brand's Host header (fetch may not set Host). */
function send(port: number, options: { method?: string; path: string; host: string; cookie?: string; body?: unknown }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: http.OutgoingHttpHeaders = { host: options.host, ...(options.cookie ? { cookie: options.cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) };
    const request = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** The `name=value` of the cookie `name` an answer set. */
function cookieOf(answer: Answer, name: string): string {
  const line = (answer.headers['set-cookie'] ?? []).find((value) => value.startsWith(`${name}=`));
  assert.ok(line, `no ${name} cookie; status ${answer.status}: ${answer.body}`);
  return line.split(';')[0]!;
}

describe('page publishing on PostgreSQL with two server processes', () => {
  let target: StoreTarget;
  let first: ServerProcess;
  let second: ServerProcess;
  let firstCookie: string;
  let secondCookie: string;

  before(async () => {
    target = createStoreTarget('postgres');
    // The account, made as `cobrand users add` makes it, in the schema both servers use.
    const store = await target.open();
    try {
      assert.ok(await store.createUser({ email: STAFF.email, name: STAFF.name, passwordHash: await hashPassword(STAFF.password) }));
    } finally {
      await store.close();
    }
    const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'off', LOAD_SHEDDING: 'off' };
    const start = () => startServerProcess(EVENTS_SERVER, [JSON.stringify(target.options)], { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-node-')) }, START_TIMEOUT_MS);
    [first, second] = await Promise.all([start(), start()]);
    const signIn = async (node: ServerProcess) =>
      cookieOf(await send(node.port, { method: 'POST', path: AUTH_SESSION_PATH, host: CONTROL_CENTER_HOST, body: { email: STAFF.email, password: STAFF.password } }), COOKIE_BASE_NAMES.session);
    [firstCookie, secondCookie] = await Promise.all([signIn(first), signIn(second)]);
  });
  after(async () => {
    for (const node of [first, second]) {
      if (!node) continue;
      node.child.kill('SIGTERM');
      await node.exited;
    }
    await target?.cleanup();
  });

  const cc = (node: ServerProcess, cookie: string, method: 'PUT' | 'POST', endpointPath: string, body: unknown) => send(node.port, { method, path: fillPath(endpointPath, PAGE), host: CONTROL_CENTER_HOST, cookie, body });
  const headline = async (node: ServerProcess, pagePath = '/quiz/otc', cookie?: string) =>
    /<h1[^>]*>(.*?)<\/h1>/s.exec((await send(node.port, { path: pagePath, host: 'ac.localhost', ...(cookie ? { cookie } : {}) })).body)?.[1];

  test('the two servers are two processes', () => {
    assert.notEqual(first.child.pid, second.child.pid);
    assert.notEqual(first.port, second.port);
  });

  test('a publish on either process is live on the other at once', async () => {
    const builtIn = await headline(second);
    assert.equal((await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 0, fields: { headline: 'Published on the first node' } })).status, 200);
    // Both processes have read the page before the publish: nothing stale may stay behind.
    assert.equal(await headline(first), builtIn);
    assert.equal(await headline(second), builtIn);
    assert.equal((await cc(first, firstCookie, 'POST', CC_PAGE_PUBLISH.path, { version: 1 })).status, 200);
    assert.equal(await headline(second), 'Published on the first node');

    assert.equal((await cc(second, secondCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 1, fields: { headline: 'Published on the second node' } })).status, 200);
    assert.equal((await cc(second, secondCookie, 'POST', CC_PAGE_PUBLISH.path, { version: 2 })).status, 200);
    assert.equal(await headline(first), 'Published on the second node');
  });

  test('the second save on the same version, through the other process, is a 409', async () => {
    const response = await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 1, fields: { headline: 'Too late' } });
    assert.equal(response.status, 409);
    assert.equal(JSON.parse(response.body).version.version, 2);
  });

  test("a preview link made by one process takes its hops across both and shows the draft", async () => {
    await cc(first, firstCookie, 'PUT', CC_PAGE_SAVE.path, { baseVersion: 2, fields: { headline: 'A draft' } });
    const link = new URL(JSON.parse((await cc(first, firstCookie, 'POST', CC_PAGE_PREVIEW.path, { version: 3 })).body).url as string);
    // The brand host (second) sends the browser to the control center (first), which sees its session...
    const toControlCenter = new URL((await send(second.port, { path: link.pathname + link.search, host: 'ac.localhost' })).headers.location!);
    const back = new URL((await send(first.port, { path: toControlCenter.pathname + toControlCenter.search, host: CONTROL_CENTER_HOST, cookie: secondCookie })).headers.location!);
    // ...and the pass becomes a cookie on the brand host (second), read by the first.
    const exchanged = await send(second.port, { path: back.pathname + back.search, host: 'ac.localhost' });
    assert.equal(exchanged.status, 303);
    assert.equal(await headline(first, exchanged.headers.location, cookieOf(exchanged, COOKIE_BASE_NAMES.preview)), 'A draft');
    assert.equal(await headline(second), 'Published on the second node');
  });
});
