/**
 * Sign-in sessions kept server-side: the store's session
 * methods on both dialects, sign-out revoking a copied cookie on every node, the cookie holding
 * nothing but the session id, and Secure cookies in production whatever the proxy says.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { requireSignedIn, SESSION_TTL_SECONDS, SIGN_IN_REQUIRED } from '../../../src/server/auth/auth-session.ts';
import { openStore, type Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';
import { addStaff, STAFF } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES, cookieNames } from '../../../src/core/http/cookie-names.ts';

const USER = { email: STAFF.email, name: STAFF.name };
const HOST = 'ccc.localhost';

for (const dialect of STORE_DIALECTS) {
  describe(`session store on ${dialect}`, () => {
    test('create -> get -> revoke: a revoked session is gone, a second revoke finds nothing', () =>
      withStore(dialect, async (store, target) => {
        const now = new Date('2026-05-01T10:00:00.000Z');
        const session = await store.createSession({ user: USER, ttlSeconds: 3600, now });
        assert.match(session.id, /^[A-Za-z0-9_-]{43}$/);
        assert.deepEqual(session, { id: session.id, user: USER, createdAt: now.toISOString(), expiresAt: '2026-05-01T11:00:00.000Z' });
        assert.deepEqual(await store.getSession(session.id, now), session);
        // Only a hash of the id is stored: a copy of the table opens no session.
        const stored = await target.column('select id from sessions');
        assert.deepEqual(stored, [createHash('sha256').update(session.id).digest('hex')]);
        assert.equal(await store.getSession(stored[0] as string, now), undefined);

        const other = await store.createSession({ user: { email: 'other@example.com', name: 'Other' }, ttlSeconds: 3600, now });
        assert.equal(await store.revokeSession(session.id, now), true);
        assert.equal(await store.getSession(session.id, now), undefined);
        assert.equal(await store.revokeSession(session.id, now), false);
        assert.deepEqual(await store.getSession(other.id, now), other, 'other sessions live on');
      }));

    test('a session ends at expiresAt; expired rows are purged when a session is created', () =>
      withStore(dialect, async (store, target) => {
        const start = new Date('2026-05-01T10:00:00.000Z');
        const session = await store.createSession({ user: USER, ttlSeconds: 60, now: start });
        assert.ok(await store.getSession(session.id, new Date(start.getTime() + 59_999)));
        const expired = new Date(start.getTime() + 60_000);
        assert.equal(await store.getSession(session.id, expired), undefined);
        assert.equal(await store.revokeSession(session.id, expired), false);
        await store.createSession({ user: USER, ttlSeconds: 60, now: expired });
        assert.equal((await target.column('select id from sessions')).length, 1, 'the expired row was deleted');
      }));

    test('ids that are not session ids are never looked up; a bad ttl is refused', () =>
      withStore(dialect, async (store) => {
        for (const id of ['', 'x', "' or 1=1 --", 'a'.repeat(44)]) {
          assert.equal(await store.getSession(id), undefined);
          assert.equal(await store.revokeSession(id), false);
        }
        await assert.rejects(store.createSession({ user: USER, ttlSeconds: 0 }), RangeError);
      }));
  });
}

function cookieOf(response: LightMyRequestResponse, name: string = COOKIE_BASE_NAMES.session): string {
  const line = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith(`${name}=`));
  assert.ok(line, `no ${name} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return line;
}

const nameValue = (setCookie: string) => setCookie.split(';')[0]!;

function signIn(app: FastifyInstance, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: AUTH_SESSION_PATH, headers: { host: HOST, 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ email: STAFF.email, password: STAFF.password }) });
}

function read(app: FastifyInstance, cookie: string) {
  return app.inject({ url: AUTH_SESSION_PATH, headers: { host: HOST, cookie } });
}

describe('two nodes behind one proxy, one store', () => {
  const key = randomBytes(32).toString('hex');
  let store: Store;
  let first: FastifyInstance;
  let second: FastifyInstance;

  async function node(): Promise<FastifyInstance> {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-node-')), SESSION_KEY: key });
    const app = await buildApp({ config, store, logger: false, leadJobs: { outbox: false, retention: false } });
    app.get('/api/test-staff-only', { preHandler: requireSignedIn }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  before(async () => {
    store = await openStore({ dataDir: mkdtempSync(path.join(tmpdir(), 'cobrand-shared-store-')) });
    first = await node();
    second = await node();
    await addStaff(first);
  });
  after(async () => {
    await first.close();
    await second.close();
    await store.close();
  });

  test('signed in on one node, the session works on the other; signed out on one, a copied cookie works on neither', async () => {
    const signedIn = await signIn(first);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const copied = nameValue(cookieOf(signedIn));
    assert.deepEqual((await read(second, copied)).json(), { loggedIn: true, user: USER });
    assert.equal((await second.inject({ url: '/api/test-staff-only', headers: { host: HOST, cookie: copied } })).statusCode, 200);

    const signedOut = await first.inject({ method: 'DELETE', url: AUTH_SESSION_PATH, headers: { host: HOST, cookie: copied } });
    assert.deepEqual(signedOut.json(), { loggedIn: false });
    assert.match(cookieOf(signedOut), /Max-Age=0/);

    for (const app of [first, second]) {
      const again = await read(app, copied);
      assert.deepEqual(again.json(), { loggedIn: false });
      // The stale cookie is cleared too.
      assert.match(cookieOf(again), /Max-Age=0/);
      const staffOnly = await app.inject({ url: '/api/test-staff-only', headers: { host: HOST, cookie: copied } });
      assert.equal(staffOnly.statusCode, 401);
      assert.deepEqual(staffOnly.json(), SIGN_IN_REQUIRED);
    }
  });

  test('the cookie holds the session id and when it was last used only: no name, no email', async () => {
    const cookie = nameValue(cookieOf(await signIn(first)));
    const decoded = first.decodeSecureSession(decodeURIComponent(cookie.slice(COOKIE_BASE_NAMES.session.length + 1)));
    assert.ok(decoded);
    assert.deepEqual(Object.keys(decoded.data() ?? {}).sort(), ['seen', 'sid']);
    assert.equal(typeof decoded.get('seen'), 'number');
    assert.ok(!cookie.includes(encodeURIComponent(USER.email)) && !cookie.includes(USER.email));
  });

  test('signing in again replaces the session: the previous cookie stops working', async () => {
    const firstCookie = nameValue(cookieOf(await signIn(first)));
    const secondCookie = nameValue(cookieOf(await signIn(second, { cookie: firstCookie })));
    assert.notEqual(secondCookie, firstCookie);
    assert.deepEqual((await read(first, firstCookie)).json(), { loggedIn: false });
    assert.deepEqual((await read(first, secondCookie)).json(), { loggedIn: true, user: USER });
  });
});

describe('cookies in production', () => {
  const PRODUCTION_NAMES = cookieNames(true);
  let app: FastifyInstance;
  before(async () => {
    // No proxy trusted: X-Forwarded-Proto is not believed, and the cookie is Secure all the same.
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-prod-')),
      SESSION_KEY: randomBytes(32).toString('hex'),
      // Not under test here: a loaded test machine must not get 503s or 429s.
      LOAD_SHEDDING: 'off',
      RATE_LIMITS: 'off',
    });
    app = await buildApp({ config, logger: false, leadJobs: { outbox: false, retention: false } });
    await app.ready();
    await addStaff(app);
  });
  after(() => app.close());

  test('the session cookie is Secure over plain HTTP and when a proxy says http', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }]) {
      const response = await app.inject({
        method: 'POST',
        url: AUTH_SESSION_PATH,
        headers: { host: HOST, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
      });
      assert.equal(response.statusCode, 200, response.body);
      const line = cookieOf(response, PRODUCTION_NAMES.session);
      assert.match(line, /; Secure/);
      assert.match(line, /; HttpOnly/);
      assert.match(line, new RegExp(`; Max-Age=${SESSION_TTL_SECONDS}`));
    }
  });

  test('the no-JavaScript form cookie is Secure too', async () => {
    const response = await app.inject({ method: 'POST', url: '/quiz/otc/zip', headers: { host: 'ac.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'zipcode=60601' });
    assert.equal(response.statusCode, 303, response.body);
    assert.match(cookieOf(response, PRODUCTION_NAMES.form), /; Secure/);
  });
});
