/**
 * A signed-in staff member changes their password (POST /api/cc/account/password), on SQLite and
 * PostgreSQL: the current password is required, the new one follows the account rules, the
 * account's other sessions end, the change is audited, a plain form post works, cross-site and
 * signed-out posts are refused, and a wrong current password counts against the sign-in throttle.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ACCOUNT_PASSWORD_PATH } from '../../../src/core/contract/account-password.ts';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { cookieNames } from '../../../src/core/http/cookie-names.ts';
import { accountKey, SIGN_IN_THROTTLE } from '../../../src/server/auth/sign-in-throttle.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { injectableApp, injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST, sessionCookieOf, signedInCookie, STAFF } from '../../support/staff.ts';

const NEW_PASSWORD = 'a brand new passphrase';

/** A new client address for each request, so the per-address rate limit (group signIn) never answers in place of the throttle. */
let addresses = 0;
const freshAddress = () => `198.18.${Math.floor(++addresses / 250)}.${1 + (addresses % 250)}`;

function change(app: FastifyInstance, cookie: string | undefined, body: Record<string, string>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    remoteAddress: freshAddress(),
    url: ACCOUNT_PASSWORD_PATH,
    headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    payload: JSON.stringify(body),
  });
}

async function signInStatus(app: FastifyInstance, password: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: AUTH_SESSION_PATH, remoteAddress: freshAddress(), headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ email: STAFF.email, password }) });
  return response.statusCode;
}

async function isSignedIn(app: FastifyInstance, cookie: string): Promise<boolean> {
  const response = await app.inject({ url: AUTH_SESSION_PATH, headers: { host: CONTROL_CENTER_HOST, cookie } });
  return response.json<{ loggedIn: boolean }>().loggedIn;
}

const whole = { currentPassword: STAFF.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };

for (const dialect of STORE_DIALECTS) {
  describe(`password change (${dialect})`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'password_change'));
      await addStaff(app);
    });
    after(() => cleanup());

    test('bad bodies are 400 with their problems, and change nothing', async () => {
      const cookie = await signedInCookie(app);
      const cases: Array<[body: Record<string, string>, problem: RegExp]> = [
        [{ ...whole, newPassword: 'short', confirmPassword: 'short' }, /^newPassword: the password is shorter than 12 characters$/],
        [{ ...whole, newPassword: 'x'.repeat(257), confirmPassword: 'x'.repeat(257) }, /^newPassword: the password is longer than 256 characters$/],
        [{ ...whole, confirmPassword: `${NEW_PASSWORD}!` }, /^confirmPassword: the confirmation does not match/],
        [{ ...whole, newPassword: STAFF.password, confirmPassword: STAFF.password }, /^newPassword: the new password is the same as the current one$/],
        [{ newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, /^currentPassword: /],
      ];
      for (const [body, problem] of cases) {
        const response = await change(app, cookie, body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.equal(answer.error, 'Invalid password change');
        assert.ok(answer.problems.some((line) => problem.test(line)), `${JSON.stringify(answer.problems)} names ${problem}`);
      }
      assert.equal(await signInStatus(app, STAFF.password), 200, 'the password is unchanged');
    });

    test('a wrong current password is 403 and changes nothing', async () => {
      const cookie = await signedInCookie(app);
      const response = await change(app, cookie, { ...whole, currentPassword: 'not my password at all' });
      assert.equal(response.statusCode, 403, response.body);
      assert.deepEqual(response.json<{ problems: string[] }>().problems, ['currentPassword: the current password is wrong']);
      assert.equal(await signInStatus(app, NEW_PASSWORD), 403);
      assert.ok(await isSignedIn(app, cookie), 'the session lives on');
    });

    test('signed out: 401; another site: 403 before anything is read', async () => {
      assert.equal((await change(app, undefined, whole)).statusCode, 401);
      const cookie = await signedInCookie(app);
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
        const response = await change(app, cookie, whole, headers);
        assert.equal(response.statusCode, 403, response.body);
        assert.match(response.body, /Cross-site request refused/);
      }
      assert.equal(await signInStatus(app, STAFF.password), 200, 'the password is unchanged');
    });

    test('a change: the old password is refused, the new one signs in, other sessions end, this browser stays signed in, audited', async () => {
      const other = await signedInCookie(app);
      const mine = await signedInCookie(app);
      const response = await change(app, mine, whole);
      assert.equal(response.statusCode, 200, response.body);
      const answer = response.json<{ changed: boolean; otherSessionsEnded: number }>();
      assert.equal(answer.changed, true);
      assert.ok(answer.otherSessionsEnded >= 1, 'the other browser, and the sessions the tests before opened, ended');
      const renewed = sessionCookieOf(response);
      assert.notEqual(renewed, mine, 'this browser gets a new session');
      assert.equal(await isSignedIn(app, other), false, 'another session of the account ended');
      assert.equal(await isSignedIn(app, mine), false, 'the old cookie of this browser ended too');
      assert.equal(await isSignedIn(app, renewed), true);
      assert.equal(await signInStatus(app, STAFF.password), 403, 'the old password is refused');
      assert.equal(await signInStatus(app, NEW_PASSWORD), 200, 'the new one signs in');
      const trail = await app.store.listAudit({ itemKind: 'user', itemId: STAFF.email, limit: 50 });
      const entry = trail.find((row) => row.action === 'change-password');
      assert.ok(entry, JSON.stringify(trail));
      assert.equal(entry.userEmail, STAFF.email);
      assert.doesNotMatch(JSON.stringify(entry), new RegExp(NEW_PASSWORD), 'no password in the audit log');
    });

    test('the account screen posts a plain form: 303 back to the screen with an outcome code', async () => {
      const current = NEW_PASSWORD;
      const next = 'yet another passphrase';
      const cookie = await signedInCookie(app, { ...STAFF, password: current });
      const post = (fields: Record<string, string>) =>
        app.inject({ method: 'POST', url: ACCOUNT_PASSWORD_PATH, headers: { host: CONTROL_CENTER_HOST, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
      const cases: Array<[fields: Record<string, string>, location: string]> = [
        [{ currentPassword: current, newPassword: 'short', confirmPassword: 'short' }, '/account?password=invalid'],
        [{ currentPassword: 'wrong password here', newPassword: next, confirmPassword: next }, '/account?password=wrong-current'],
        [{ currentPassword: current, newPassword: next, confirmPassword: next }, '/account?password=changed'],
      ];
      for (const [fields, location] of cases) {
        const response = await post(fields);
        assert.equal(response.statusCode, 303, response.body);
        assert.equal(response.headers.location, location);
      }
      assert.equal(await signInStatus(app, next), 200);
      const page = await app.inject({ url: '/account?password=changed', headers: { host: CONTROL_CENTER_HOST, cookie: await signedInCookie(app, { ...STAFF, password: next }) } });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Your password was changed/);
    });
  });
}

describe('password change in production', () => {
  let app: FastifyInstance;
  const names = cookieNames(true);
  before(async () => {
    app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'on', LOAD_SHEDDING: 'off' });
    await addStaff(app);
  });
  after(() => app.close());

  test('a wrong current password counts against the sign-in throttle like a failed sign-in', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: AUTH_SESSION_PATH,
      headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      payload: JSON.stringify({ email: STAFF.email, password: STAFF.password }),
    });
    const line = [signIn.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith(`${names.session}=`));
    assert.ok(line, JSON.stringify(signIn.headers['set-cookie']));
    const cookie = line.split(';')[0]!;
    const wrong = { ...whole, currentPassword: 'a wrong guess!!' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1) statuses.push((await change(app, cookie, wrong, { 'x-forwarded-proto': 'https' })).statusCode);
    assert.deepEqual(statuses, Array(SIGN_IN_THROTTLE.freeFailures + 1).fill(403), 'the free failures and one more are checked');
    // Read the account's count as the throttle keeps it (its own key spelling): the six wrong
    // passwords were counted as failed sign-ins of the account, whatever the clock did meanwhile.
    const counts = app.signInAttempts;
    assert.ok(counts);
    const key = `sign-in-failures:account:${accountKey(STAFF.email)}`;
    assert.equal((await counts.add(key, SIGN_IN_THROTTLE.windowMs)) - 1, SIGN_IN_THROTTLE.freeFailures + 1);
  });
});
