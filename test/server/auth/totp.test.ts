/**
 * The optional second factor of staff accounts (auth/totp*.ts): enrolment in the account's API
 * (a wrong code refused, the right one turns it on and gives recovery codes once), sign-in in two
 * steps for JSON and for the no-JavaScript form (the password alone signs nobody in; a code is
 * taken once, for its own 30-second step or one either side, never two), a wrong code counted by
 * the sign-in throttle like a wrong password, and turning it off with the password or a code.
 * The clock is fixed with node:test's mock timers: codes are made for chosen times, never waited for.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { CC_TOTP_CONFIRM, CC_TOTP_DISABLE, CC_TOTP_GET, CC_TOTP_START } from '../../../src/core/contract/totp.ts';
import { AUTH_SESSION_CODE_PATH } from '../../../src/core/contract/paths.ts';
import { SECOND_FACTOR_PENDING_MS } from '../../../src/server/auth/totp-sign-in.ts';
import { RECOVERY_CODE_COUNT, TOTP_PERIOD_SECONDS, totpCodeAt } from '../../../src/server/auth/totp.ts';
import { delayAfter, SIGN_IN_THROTTLE } from '../../../src/server/auth/sign-in-throttle.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, sessionCookieOf, signedInCookie, type StaffAccount } from '../../support/staff.ts';

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** A fixed start of the clock, 10 s into a time step. */
const START = Date.UTC(2026, 10, 27, 12, 0, 0) + 10_000;
const PASSWORD = 'correct horse battery staple';

/** Fixes Date for the rest of `t`; returns a function moving it forward. */
function fixClock(t: TestContext): (ms: number) => void {
  t.mock.timers.enable({ apis: ['Date'], now: START });
  return (ms) => t.mock.timers.tick(ms);
}

let accounts = 0;
async function newAccount(app: FastifyInstance): Promise<StaffAccount> {
  const account = { email: `totp${++accounts}@example.com`, name: `Staff ${accounts}`, password: PASSWORD };
  await addStaff(app, account);
  return account;
}

let addresses = 0;
/** A client address no other request uses, so the per-address rate limit never answers for the throttle. */
const freshAddress = () => `198.18.${Math.floor(++addresses / 250)}.${1 + (addresses % 250)}`;

function post(app: FastifyInstance, url: string, body: unknown, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    headers: { host: HOST, 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

function postForm(app: FastifyInstance, url: string, fields: Record<string, string>, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function sessionOf(app: FastifyInstance, cookie: string): Promise<{ loggedIn: boolean; user?: { email: string } }> {
  const response = await app.inject({ method: 'GET', url: AUTH_SESSION_PATH, headers: { host: HOST, cookie, 'x-forwarded-proto': 'https' } });
  return response.json();
}

/** Enrols `account` (signed in as `cookie`) at the clock's time; the secret and the recovery codes. */
async function enrol(app: FastifyInstance, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await post(app, CC_TOTP_START.path, {}, cookie);
  assert.equal(started.statusCode, 200, started.body);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await post(app, CC_TOTP_CONFIRM.path, { code: totpCodeAt(secret, Date.now()) }, cookie);
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { secret, recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The right password of an account with TOTP on, by JSON: the cookie holding the owed code. */
async function passwordStep(app: FastifyInstance, account: StaffAccount): Promise<string> {
  const response = await post(app, AUTH_SESSION_PATH, { email: account.email, password: account.password });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json(), { loggedIn: false, secondFactor: 'totp' });
  return sessionCookieOf(response);
}

/** A new account with TOTP on, enrolled at the clock's time, and the clock moved a step on so the confirming code is spent. */
async function enrolledAccount(app: FastifyInstance, tick: (ms: number) => void): Promise<{ account: StaffAccount; secret: string; recoveryCodes: string[] }> {
  const account = await newAccount(app);
  const enrolled = await enrol(app, await signedInCookie(app, account));
  tick(STEP_MS);
  return { account, ...enrolled };
}

describe('TOTP enrolment and sign-in', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  test('enrolment: the secret is shown once with its URI and QR code, a wrong code is refused, the right one turns it on', async (t) => {
    fixClock(t);
    const account = await newAccount(app);
    const cookie = await signedInCookie(app, account);
    const state = async () => (await app.inject({ method: 'GET', url: CC_TOTP_GET.path, headers: { host: HOST, cookie } })).json<{ state: string }>().state;
    assert.equal(await state(), 'off');

    const started = await post(app, CC_TOTP_START.path, {}, cookie);
    assert.equal(started.statusCode, 200, started.body);
    assert.match(started.headers['cache-control'] as string, /no-store/);
    const { secret, uri, qrSvg } = started.json<{ secret: string; uri: string; qrSvg: string }>();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal(new URL(uri).searchParams.get('secret'), secret);
    assert.match(uri, /^otpauth:\/\/totp\/cobrand:totp\d+%40example\.com\?/);
    assert.match(qrSvg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal(await state(), 'pending');
    const stored = await app.store.getTotp(account.email);
    assert.ok(stored && !stored.secretCipher.includes(secret), 'the secret is stored encrypted');

    const right = totpCodeAt(secret, Date.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post(app, CC_TOTP_CONFIRM.path, { code: wrong }, cookie);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.ok(refused.json<{ problems: string[] }>().problems.length > 0);
    assert.equal(await state(), 'pending');
    // The password alone still signs in while enrolment is unconfirmed.
    assert.equal((await post(app, AUTH_SESSION_PATH, { email: account.email, password: PASSWORD })).json<{ loggedIn: boolean }>().loggedIn, true);

    const confirmed = await post(app, CC_TOTP_CONFIRM.path, { code: right.replace(/^(\d{3})/, '$1 ') }, cookie);
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    assert.equal(recoveryCodes.length, RECOVERY_CODE_COUNT);
    assert.equal(new Set(recoveryCodes).size, RECOVERY_CODE_COUNT);
    assert.equal(await state(), 'on');
    assert.equal((await post(app, CC_TOTP_START.path, {}, cookie)).statusCode, 409, 'no second enrolment while on');
    const [entry] = await app.store.listAudit({ itemKind: 'user', itemId: account.email, limit: 1 });
    assert.equal(entry?.action, 'totp-enable');
    assert.equal(entry?.userEmail, account.email);
  });

  test('enrolment routes need a signed-in account', async () => {
    assert.equal((await post(app, CC_TOTP_START.path, {})).statusCode, 401);
    assert.equal((await post(app, CC_TOTP_CONFIRM.path, { code: '123456' })).statusCode, 401);
  });

  test('sign-in: the password alone signs nobody in; the right code does, once', async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    const pending = await passwordStep(app, account);
    assert.equal((await sessionOf(app, pending)).loggedIn, false, 'the owed code is not a session');
    const cc = await app.inject({ method: 'GET', url: CC_TOTP_GET.path, headers: { host: HOST, cookie: pending } });
    assert.equal(cc.statusCode, 401, 'the control center refuses the half-signed-in cookie');

    const code = totpCodeAt(secret, Date.now());
    const signedIn = await post(app, AUTH_SESSION_CODE_PATH, { code }, pending);
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    assert.deepEqual(signedIn.json(), { loggedIn: true, user: { email: account.email, name: account.name } });
    assert.equal((await sessionOf(app, sessionCookieOf(signedIn))).loggedIn, true);

    // The same code again, in the same step, from a fresh password step: refused.
    const replayed = await post(app, AUTH_SESSION_CODE_PATH, { code }, await passwordStep(app, account));
    assert.equal(replayed.statusCode, 403, replayed.body);
  });

  const driftCases: Array<{ steps: number; accepted: boolean }> = [
    { steps: -2, accepted: false },
    { steps: -1, accepted: true },
    { steps: 0, accepted: true },
    { steps: 1, accepted: true },
    { steps: 2, accepted: false },
  ];
  for (const { steps, accepted } of driftCases) {
    test(`a code ${steps} step(s) from the server's clock is ${accepted ? 'accepted' : 'refused'}`, async (t) => {
      const tick = fixClock(t);
      const { account, secret } = await enrolledAccount(app, tick);
      tick(10 * STEP_MS);
      const response = await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now() + steps * STEP_MS) }, await passwordStep(app, account));
      assert.equal(response.statusCode, accepted ? 200 : 403, response.body);
    });
  }

  test('an older code than the last one accepted is refused (each step at most once, in order)', async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    tick(10 * STEP_MS);
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()) }, await passwordStep(app, account))).statusCode, 200);
    const previous = await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now() - STEP_MS) }, await passwordStep(app, account));
    assert.equal(previous.statusCode, 403);
  });

  test('a recovery code signs in once, in any case and with or without its dash', async (t) => {
    const tick = fixClock(t);
    const { account, recoveryCodes } = await enrolledAccount(app, tick);
    const [first] = recoveryCodes as [string];
    const used = await post(app, AUTH_SESSION_CODE_PATH, { code: ` ${first.replace('-', '').toUpperCase()} ` }, await passwordStep(app, account));
    assert.equal(used.statusCode, 200, used.body);
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: first }, await passwordStep(app, account))).statusCode, 403, 'used up');
    assert.equal((await app.store.getTotp(account.email))?.recoveryHashes.length, RECOVERY_CODE_COUNT - 1);
  });

  test('the owed code runs out: after the wait, even the right code is refused', async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    const pending = await passwordStep(app, account);
    tick(SECOND_FACTOR_PENDING_MS + 1000);
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()) }, pending)).statusCode, 403);
  });

  test('a code without the password step before it is refused', async () => {
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: '123456' })).statusCode, 403);
  });

  test('without JavaScript: the form goes to the code step, back to it on a wrong code, and on to next with the right one', async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    const first = await postForm(app, AUTH_SESSION_PATH, { email: account.email, password: PASSWORD, next: '/branches' });
    assert.equal(first.statusCode, 303);
    assert.equal(first.headers.location, '/sign-in?next=%2Fbranches&step=code');
    const pending = sessionCookieOf(first);
    assert.equal((await sessionOf(app, pending)).loggedIn, false);

    const page = await app.inject({ method: 'GET', url: first.headers.location, headers: { host: HOST, cookie: pending } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /action="\/api\/_auth\/session\/code"/);
    assert.match(page.body, /name="code"/);

    const wrong = await postForm(app, AUTH_SESSION_CODE_PATH, { code: '000000', next: '/branches' }, pending);
    assert.equal(wrong.statusCode, 303);
    assert.equal(wrong.headers.location, '/sign-in?next=%2Fbranches&step=code&failed=1');
    const right = await postForm(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()), next: '/branches' }, pending);
    assert.equal(right.statusCode, 303);
    assert.equal(right.headers.location, '/branches');
    assert.equal((await sessionOf(app, sessionCookieOf(right))).loggedIn, true);

    tick(SECOND_FACTOR_PENDING_MS + 1000);
    const late = await postForm(app, AUTH_SESSION_CODE_PATH, { code: '000000', next: '/branches' }, pending);
    assert.equal(late.headers.location, '/sign-in?next=%2Fbranches&failed=1', 'the wait ran out: back to the password');
  });

  test('turning it off needs the password or a current code; then the password alone signs in again', async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    const cookie = sessionCookieOf(await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()) }, await passwordStep(app, account)));
    tick(STEP_MS);
    const refusals: unknown[] = [{ password: 'not the password' }, { code: '000000' }];
    for (const body of refusals) assert.equal((await post(app, CC_TOTP_DISABLE.path, body, cookie)).statusCode, 403, JSON.stringify(body));
    const empty = await post(app, CC_TOTP_DISABLE.path, {}, cookie);
    assert.equal(empty.statusCode, 400);
    assert.ok(empty.json<{ problems: string[] }>().problems.length > 0);

    const off = await post(app, CC_TOTP_DISABLE.path, { code: totpCodeAt(secret, Date.now()) }, cookie);
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual(off.json(), { state: 'off' });
    assert.equal(await app.store.getTotp(account.email), undefined);
    const [entry] = await app.store.listAudit({ itemKind: 'user', itemId: account.email, limit: 1 });
    assert.equal(entry?.action, 'totp-disable');
    assert.equal((await post(app, AUTH_SESSION_PATH, { email: account.email, password: PASSWORD })).json<{ loggedIn: boolean }>().loggedIn, true);

    // Enrolled again, it turns off with the password too.
    await enrol(app, cookie);
    assert.equal((await post(app, CC_TOTP_DISABLE.path, { password: PASSWORD }, cookie)).statusCode, 200);
    assert.equal((await post(app, CC_TOTP_DISABLE.path, { password: PASSWORD }, cookie)).statusCode, 409, 'nothing left to turn off');
  });
});

describe('TOTP and the sign-in throttle (production mode, counts in memory)', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'on' });
  });
  after(() => app.close());

  test("wrong codes count in the account's budget like wrong passwords; the right password does not clear it", async (t) => {
    const tick = fixClock(t);
    const { account, secret } = await enrolledAccount(app, tick);
    for (let failure = 1; failure <= SIGN_IN_THROTTLE.freeFailures; failure += 1) {
      // A fresh password step each time: a right password must not reset the count of wrong codes.
      const wrong = await post(app, AUTH_SESSION_CODE_PATH, { code: '000000' }, await passwordStep(app, account));
      assert.equal(wrong.statusCode, 403, `wrong code ${failure}: ${wrong.body}`);
    }
    const pending = await passwordStep(app, account);
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: '000000' }, pending)).statusCode, 403, 'past the free failures one guess is checked');
    const held = await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()) }, pending);
    assert.equal(held.statusCode, 429, 'the next waits, even with the right code');
    assert.ok(Number(held.headers['retry-after']) >= 1);
    tick(delayAfter(SIGN_IN_THROTTLE.freeFailures + 1) + 1000);
    assert.equal((await post(app, AUTH_SESSION_CODE_PATH, { code: totpCodeAt(secret, Date.now()) }, pending)).statusCode, 200, 'after the wait the right code signs in');
  });
});
