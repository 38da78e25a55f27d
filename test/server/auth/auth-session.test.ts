/**
 * The sign-in session: cookie flags, sign in / read / sign out with an account's email and
 * password, who may sign in, and where the key comes from (SESSION_KEY, or a generated
 * key kept under DATA_DIR outside production).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ConfigError, loadConfig } from '../../../src/server/platform/config/config.ts';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { SIGN_IN_FAILURE_MESSAGE } from '../../../src/core/control-center/paths.ts';
import { SESSION_KEY_FILE_NAME, SESSION_TTL_SECONDS } from '../../../src/server/auth/auth-session.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, STAFF } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES, cookieNames } from '../../../src/core/http/cookie-names.ts';

/** What the session shows of the account. */
const USER = { email: STAFF.email, name: STAFF.name };
/** What signs the account in. */
const CREDENTIALS = { email: STAFF.email, password: STAFF.password };
const HEX_KEY = randomBytes(32).toString('hex');

type Headers = Record<string, string>;

function setCookieHeader(response: LightMyRequestResponse, name: string = COOKIE_BASE_NAMES.session): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((value) => value?.startsWith(`${name}=`));
  assert.ok(line, `no ${name} cookie set; headers: ${JSON.stringify(response.headers)}`);
  return line;
}

/** The `name=value` part of the session cookie (named `name`: __Host- in production), as a browser would send it back. */
function cookieOf(response: LightMyRequestResponse, name?: string): string {
  return setCookieHeader(response, name).split(';')[0] as string;
}

function session(app: FastifyInstance, method: 'GET' | 'DELETE', headers: Headers = {}) {
  return app.inject({ method, url: AUTH_SESSION_PATH, headers: { host: HOST, ...headers } });
}

function signIn(app: FastifyInstance, body: unknown, headers: Headers = {}) {
  return app.inject({ method: 'POST', url: AUTH_SESSION_PATH, headers: { host: HOST, 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

describe('auth session (test environment)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
  });
  after(() => app.close());

  test('without a cookie the session is empty and no cookie is set', async () => {
    for (const accept of ['text/json', 'application/json']) {
      const response = await session(app, 'GET', { accept });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /json/);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(response.json(), { loggedIn: false });
      assert.equal(response.headers['set-cookie'], undefined);
    }
  });

  test('sign in -> loggedIn true with the user -> sign out -> loggedIn false', async () => {
    const signedIn = await signIn(app, CREDENTIALS);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.deepEqual(signedIn.json(), { loggedIn: true, user: USER });
    const cookie = cookieOf(signedIn);

    const read = await session(app, 'GET', { cookie, accept: 'text/json' });
    assert.deepEqual(read.json(), { loggedIn: true, user: USER });

    const signedOut = await session(app, 'DELETE', { cookie });
    assert.equal(signedOut.statusCode, 200);
    assert.deepEqual(signedOut.json(), { loggedIn: false });
    const cleared = setCookieHeader(signedOut);
    assert.match(cleared, new RegExp(`^${COOKIE_BASE_NAMES.session}=;`));
    assert.match(cleared, /Max-Age=0/);

    const afterSignOut = await session(app, 'GET', { cookie: cookieOf(signedOut) });
    assert.deepEqual(afterSignOut.json(), { loggedIn: false });
  });

  test('the cookie is HttpOnly, SameSite=Lax, path /, with the session lifetime, and not Secure over plain HTTP', async () => {
    const line = setCookieHeader(await signIn(app, CREDENTIALS));
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; SameSite=Lax/);
    assert.match(line, /; Path=\//);
    assert.match(line, new RegExp(`; Max-Age=${SESSION_TTL_SECONDS}`));
    assert.doesNotMatch(line, /; Secure/);
  });

  test('the cookie is Secure when the proxy says the request came over HTTPS', async () => {
    const line = setCookieHeader(await signIn(app, CREDENTIALS, { 'x-forwarded-proto': 'https' }));
    assert.match(line, /; Secure/);
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; SameSite=Lax/);
    const cleared = setCookieHeader(await session(app, 'DELETE', { cookie: cookieOf(await signIn(app, CREDENTIALS)), 'x-forwarded-proto': 'https' }));
    assert.match(cleared, /; Secure/);
  });

  test('a tampered or foreign cookie is an empty session', async () => {
    const cookie = cookieOf(await signIn(app, CREDENTIALS));
    const value = cookie.slice(COOKIE_BASE_NAMES.session.length + 1);
    const tampered = `${COOKIE_BASE_NAMES.session}=${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`;
    for (const sent of [tampered, `${COOKIE_BASE_NAMES.session}=garbage`, `${COOKIE_BASE_NAMES.session}=`]) {
      const response = await session(app, 'GET', { cookie: sent });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { loggedIn: false }, sent);
    }
  });

  describe('a bad sign-in body is 400 with problems', () => {
    const cases: { name: string; body: unknown; problem: RegExp }[] = [
      { name: 'no email', body: { password: STAFF.password }, problem: /^email: / },
      { name: 'a blank email', body: { email: '  ', password: STAFF.password }, problem: /^email: / },
      { name: 'no password', body: { email: STAFF.email }, problem: /^password: / },
      { name: 'an empty password', body: { email: STAFF.email, password: '' }, problem: /^password: / },
      { name: 'a password that is not text', body: { email: STAFF.email, password: 12345 }, problem: /^password: / },
      { name: 'an array', body: [CREDENTIALS], problem: /expected object/ },
    ];
    for (const { name, body, problem } of cases) {
      test(name, async () => {
        const response = await signIn(app, body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.ok(answer.problems.some((line) => problem.test(line)), `no problem matches ${problem}: ${response.body}`);
        assert.equal(response.headers['set-cookie'], undefined);
      });
    }

    test('not JSON', async () => {
      const response = await app.inject({ method: 'POST', url: AUTH_SESSION_PATH, headers: { host: HOST, 'content-type': 'application/json' }, payload: '{' });
      assert.equal(response.statusCode, 400);
      assert.ok(Array.isArray(response.json<{ problems: unknown }>().problems));
    });
  });

  describe('only an enabled account with its password signs in, with one message for every failure', () => {
    const failures: { name: string; body: { email: string; password: string } }[] = [
      { name: 'a wrong password', body: { email: STAFF.email, password: 'wrong password here' } },
      { name: 'the password with a trailing space', body: { email: STAFF.email, password: `${STAFF.password} ` } },
      { name: 'an unknown email', body: { email: 'nobody@example.com', password: STAFF.password } },
      { name: 'not an email at all', body: { email: 'staff', password: STAFF.password } },
    ];
    for (const { name, body } of failures) {
      test(name, async () => {
        const response = await signIn(app, body);
        assert.equal(response.statusCode, 403, response.body);
        assert.deepEqual(response.json(), { error: SIGN_IN_FAILURE_MESSAGE, problems: [SIGN_IN_FAILURE_MESSAGE] });
        assert.equal(response.headers['set-cookie'], undefined);
      });
    }

    test('the email in any case signs in', async () => {
      const response = await signIn(app, { email: `  ${STAFF.email.toUpperCase()} `, password: STAFF.password });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { loggedIn: true, user: USER });
      assert.ok((await app.store.getUser(STAFF.email))?.lastSignInAt, 'the sign-in is noted on the account');
    });

    test('a disabled account cannot sign in, and its open session ends at once', async () => {
      const other = { email: 'leaving@example.com', name: 'Leaving Soon', password: 'another long password' };
      await addStaff(app, other);
      const cookie = cookieOf(await signIn(app, { email: other.email, password: other.password }));
      assert.deepEqual((await session(app, 'GET', { cookie })).json(), { loggedIn: true, user: { email: other.email, name: other.name } });
      await app.store.setUserDisabled(other.email, true);
      assert.deepEqual((await session(app, 'GET', { cookie })).json(), { loggedIn: false });
      const again = await signIn(app, { email: other.email, password: other.password });
      assert.equal(again.statusCode, 403);
      assert.deepEqual(again.json(), { error: SIGN_IN_FAILURE_MESSAGE, problems: [SIGN_IN_FAILURE_MESSAGE] });
    });
  });
});

describe('auth session in production', () => {
  test('without SESSION_KEY the app refuses to start, naming the variable', async () => {
    await assert.rejects(injectableApp({ NODE_ENV: 'production' }), (error: unknown) => error instanceof ConfigError && /SESSION_KEY/.test(error.message));
  });

  test('an account signs in with its password; there is no other way in', async () => {
    const app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: HEX_KEY });
    try {
      // No account yet: nobody signs in, whatever they send.
      assert.equal((await signIn(app, CREDENTIALS, { 'x-forwarded-proto': 'https' })).statusCode, 403);
      await addStaff(app);
      const response = await signIn(app, CREDENTIALS, { 'x-forwarded-proto': 'https' });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { loggedIn: true, user: USER });
      assert.deepEqual((await session(app, 'GET', { cookie: cookieOf(response, cookieNames(true).session) })).json(), { loggedIn: true, user: USER });
    } finally {
      await app.close();
    }
  });
});

describe('session key', () => {
  test('outside production an unset key is generated once under DATA_DIR (mode 0600) and reused after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-session-'));
    const first = await injectableApp({ DATA_DIR: dataDir });
    await addStaff(first);
    const cookie = cookieOf(await signIn(first, CREDENTIALS));
    await first.close();
    const keyFile = path.join(dataDir, SESSION_KEY_FILE_NAME);
    assert.equal(statSync(keyFile).mode & 0o777, 0o600);
    assert.match(readFileSync(keyFile, 'utf8'), /^[0-9a-f]{64}\n$/);

    const second = await injectableApp({ DATA_DIR: dataDir });
    try {
      assert.deepEqual((await session(second, 'GET', { cookie })).json(), { loggedIn: true, user: USER });
    } finally {
      await second.close();
    }
    // Another data folder means another key: the old cookie means nothing there.
    const elsewhere = await injectableApp();
    try {
      assert.deepEqual((await session(elsewhere, 'GET', { cookie })).json(), { loggedIn: false });
    } finally {
      await elsewhere.close();
    }
  });

  test('SESSION_KEY, hex or base64, is used instead of a generated key', async () => {
    const key = randomBytes(32);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-session-'));
    const hexApp = await injectableApp({ DATA_DIR: dataDir, SESSION_KEY: key.toString('hex') });
    await addStaff(hexApp);
    const cookie = cookieOf(await signIn(hexApp, CREDENTIALS));
    await hexApp.close();
    assert.throws(() => statSync(path.join(dataDir, SESSION_KEY_FILE_NAME)), /ENOENT/);
    // The same data folder, so the same store holds the session the cookie names.
    const base64App = await injectableApp({ DATA_DIR: dataDir, SESSION_KEY: key.toString('base64') });
    try {
      assert.deepEqual((await session(base64App, 'GET', { cookie })).json(), { loggedIn: true, user: USER });
    } finally {
      await base64App.close();
    }
  });

  const badValues: [string, Record<string, string>][] = [
    ['a short SESSION_KEY', { SESSION_KEY: 'abc123' }],
    ['63 hex characters', { SESSION_KEY: HEX_KEY.slice(1) }],
    ['base64 of 16 bytes', { SESSION_KEY: randomBytes(16).toString('base64') }],
    ['an empty SESSION_KEY', { SESSION_KEY: '' }],
  ];
  for (const [name, env] of badValues) {
    test(`${name} is a config error naming the variable`, () => {
      const variable = Object.keys(env)[0] as string;
      assert.throws(() => loadConfig(env), (error: unknown) => error instanceof ConfigError && error.problems.some((problem) => problem.startsWith(`${variable}: `)));
    });
  }
});

describe('the inactivity timeout', () => {
  /** The cookie a response renewed, else the one sent. */
  const renewed = (response: LightMyRequestResponse, sent: string) => {
    const header = response.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header]).find((value) => value?.startsWith(`${COOKIE_BASE_NAMES.session}=`));
    return line ? (line.split(';')[0] as string) : sent;
  };

  const timeouts: Array<[setting: Record<string, string>, minutes: number]> = [
    [{}, 30],
    [{ SESSION_IDLE_MINUTES: '5' }, 5],
  ];
  for (const [setting, minutes] of timeouts) {
    test(`${minutes} minutes without a request end a session (${JSON.stringify(setting)}); requests within them keep it going`, async (t) => {
      t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const app = await injectableApp(setting);
      try {
        await addStaff(app);
        let cookie = cookieOf(await signIn(app, CREDENTIALS));
        // Three requests, each just inside the timeout after the one before: more than the timeout in all.
        for (let step = 0; step < 3; step++) {
          t.mock.timers.tick(minutes * 60_000 - 1000);
          const response = await session(app, 'GET', { cookie });
          assert.equal(response.json<{ loggedIn: boolean }>().loggedIn, true, `request ${step + 1}`);
          cookie = renewed(response, cookie);
        }
        t.mock.timers.tick(minutes * 60_000 + 1000);
        const idle = await session(app, 'GET', { cookie });
        assert.equal(idle.json<{ loggedIn: boolean }>().loggedIn, false, 'idle past the timeout');
        assert.match(setCookieHeader(idle), new RegExp(`^${COOKIE_BASE_NAMES.session}=;`), 'the cookie is cleared');
        const sid = app.decodeSecureSession(decodeURIComponent(cookie.slice(COOKIE_BASE_NAMES.session.length + 1)))?.get('sid');
        assert.equal(typeof sid, 'string');
        assert.equal(await app.store.getSession(sid as string), undefined, 'the session is revoked in the store, on every node');
      } finally {
        await app.close();
      }
    });
  }

  test('SESSION_IDLE_MINUTES outside 1 to 1440 is a configuration error naming it', () => {
    for (const value of ['0', '1441', 'soon']) {
      assert.throws(() => loadConfig({ NODE_ENV: 'test', SESSION_IDLE_MINUTES: value }), (error: unknown) => error instanceof ConfigError && /SESSION_IDLE_MINUTES/.test(error.message));
    }
  });
});
