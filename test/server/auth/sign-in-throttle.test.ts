/**
 * The sign-in throttle (src/server/auth/sign-in-throttle.ts) and the bounded password hashing
 * (auth/passwords.ts), in a production-mode app with the counters in memory: one budget per
 * account whatever the email's spelling, attempts counted before the hash so concurrent guesses
 * cannot outrun the count, waits that grow instead of a lockout, known devices with a budget of
 * their own, and a sign-in flood refused at once rather than queued on the thread pool.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { normaliseEmail } from '../../../src/core/control-center/accounts.ts';
import { HASH_CONCURRENCY, HASH_QUEUE_LIMIT } from '../../../src/server/auth/passwords.ts';
import { delayAfter, SIGN_IN_THROTTLE } from '../../../src/server/auth/sign-in-throttle.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST } from '../../support/staff.ts';
import { cookieNames } from '../../../src/core/http/cookie-names.ts';

/** The device cookie's name in production, where these tests run. */
const DEVICE_COOKIE = cookieNames(true).device;

// Load shedding is not under test here: a loaded test machine must not answer 503 in place of the throttle.
const PRODUCTION = { NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'on', LOAD_SHEDDING: 'off' };
const PASSWORD = 'correct horse battery staple';
const WRONG = 'wrong password!';

let addressCount = 0;
/** A client address no other attempt uses, so the per-address rate limit never answers for the throttle. */
const freshAddress = () => `198.18.${Math.floor(++addressCount / 250)}.${1 + (addressCount % 250)}`;

function signIn(app: FastifyInstance, email: string, password: string, cookie?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: AUTH_SESSION_PATH,
    remoteAddress: freshAddress(),
    headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json', 'x-forwarded-proto': 'https', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ email, password }),
  });
}

/** The `name=value` of the device cookie a sign-in set. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const line = (Array.isArray(header) ? header : [header]).find((value) => value?.startsWith(`${DEVICE_COOKIE}=`));
  assert.ok(line, `no ${DEVICE_COOKIE} cookie; status ${response.statusCode}`);
  assert.match(line, /Path=\/(;|$)/, 'Path=/, as a __Host- cookie needs in production');
  assert.match(line, /HttpOnly/);
  assert.match(line, /SameSite=Strict/);
  return line.split(';')[0]!;
}

describe('delayAfter: free failures, then a wait that doubles up to its cap', () => {
  const cases: Array<[failures: number, waitMs: number]> = [
    [0, 0],
    [SIGN_IN_THROTTLE.freeFailures, 0],
    [SIGN_IN_THROTTLE.freeFailures + 1, SIGN_IN_THROTTLE.baseDelayMs],
    [SIGN_IN_THROTTLE.freeFailures + 2, 2 * SIGN_IN_THROTTLE.baseDelayMs],
    [SIGN_IN_THROTTLE.freeFailures + 5, 16 * SIGN_IN_THROTTLE.baseDelayMs],
    [SIGN_IN_THROTTLE.freeFailures + 10, 512 * SIGN_IN_THROTTLE.baseDelayMs],
    [SIGN_IN_THROTTLE.freeFailures + 11, SIGN_IN_THROTTLE.maxDelayMs],
    [SIGN_IN_THROTTLE.freeFailures + 100, SIGN_IN_THROTTLE.maxDelayMs],
  ];
  for (const [failures, waitMs] of cases) test(`${failures} failures -> ${waitMs} ms`, () => assert.equal(delayAfter(failures), waitMs));
});

describe('normaliseEmail: one spelling per account', () => {
  const spellings = [
    'staff@example.com',
    'STAFF@EXAMPLE.COM',
    'Staff@Example.com',
    ' staff@example.com',
    'staff@example.com ',
    '\tstaff@example.com\t',
    '\u00A0staff@example.com',
    'staff@example.com\u00A0',
    '\u3000staff@example.com\u3000',
    '\uFEFFstaff@example.com',
    'ｓｔａｆｆ@ｅｘａｍｐｌｅ.ｃｏｍ',
    '\u2003Staff@EXAMPLE.com\n',
  ];
  for (const spelling of spellings) test(JSON.stringify(spelling), () => assert.equal(normaliseEmail(spelling), 'staff@example.com'));
});

/**
 * Stops the clock for the rest of test `t`: a hold of a second must not run out because the
 * machine is slow, and the memory counts read their expiry from Date.now.
 */
const stopClock = (t: TestContext) => t.mock.timers.enable({ apis: ['Date'], now: Date.now() });

describe('the sign-in throttle', () => {
  let app: FastifyInstance;
  let accounts = 0;
  /** A new account in the app's store; its email. */
  const newAccount = async () => {
    const email = `staff${++accounts}@example.com`;
    await addStaff(app, { email, name: 'Staff', password: PASSWORD });
    return email;
  };

  before(async () => {
    app = await injectableApp(PRODUCTION);
  });
  after(() => app.close());

  test('twelve spellings of one email share one budget: the free failures and one more are checked, the rest wait', async (t) => {
    stopClock(t);
    const email = await newAccount();
    const [local, domain] = email.split('@') as [string, string];
    const spellings = [
      email,
      email.toUpperCase(),
      ` ${email}`,
      `${email} `,
      `\t${email}`,
      `\u00A0${email}`,
      `${email}\u3000`,
      `\uFEFF${email}`,
      `${local.toUpperCase()}@${domain}`,
      `${local}@${domain.toUpperCase()}`,
      `\u2003${email}\n`,
      [...email].map((char) => (/[a-z]/.test(char) ? String.fromCodePoint(char.codePointAt(0)! - 0x61 + 0xff41) : char)).join(''),
    ];
    const statuses: number[] = [];
    for (const spelling of spellings) statuses.push((await signIn(app, spelling, WRONG)).statusCode);
    const checked = SIGN_IN_THROTTLE.freeFailures + 1;
    assert.deepEqual(statuses, [...Array<number>(checked).fill(403), ...Array<number>(spellings.length - checked).fill(429)]);
    const held = await signIn(app, email, PASSWORD);
    assert.equal(held.statusCode, 429, 'the right password waits too');
    const retryAfter = Number(held.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= SIGN_IN_THROTTLE.baseDelayMs / 1000, `Retry-After ${held.headers['retry-after']}`);
    assert.match(held.json<{ error: string }>().error, /failed sign-ins for this account/);
    assert.equal((await signIn(app, await newAccount(), PASSWORD)).statusCode, 200, 'other accounts are not held');
  });

  test('forty concurrent guesses are counted before their hash: only the free failures and one more are checked', async (t) => {
    stopClock(t);
    const email = await newAccount();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => signIn(app, email, `${WRONG} ${index}`)));
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(statuses.filter((status) => status === 403).length, SIGN_IN_THROTTLE.freeFailures + 1, statuses.join(' '));
    assert.equal(statuses.filter((status) => status === 429).length, 40 - SIGN_IN_THROTTLE.freeFailures - 1);
  });

  test('a success clears the count', async (t) => {
    stopClock(t);
    const email = await newAccount();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) assert.equal((await signIn(app, email, WRONG)).statusCode, 403);
      assert.equal((await signIn(app, email, PASSWORD)).statusCode, 200, `round ${round + 1}`);
    }
  });

  test("a known device keeps its own budget: a stranger's guesses do not hold the staff member at their desk", async (t) => {
    stopClock(t);
    const email = await newAccount();
    const device = deviceCookieOf(await signIn(app, email, PASSWORD));
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 4; i++) await signIn(app, email, WRONG);
    assert.equal((await signIn(app, email, PASSWORD)).statusCode, 429, 'a browser the account never signed in from waits');
    const fromDesk = await signIn(app, email, PASSWORD, device);
    assert.equal(fromDesk.statusCode, 200, fromDesk.body);
    // The device cookie names one account: it gives no budget of its own for another.
    const other = await newAccount();
    for (let i = 0; i <= SIGN_IN_THROTTLE.freeFailures; i++) await signIn(app, other, WRONG);
    assert.equal((await signIn(app, other, PASSWORD, device)).statusCode, 429);
  });

  test("a known device's own failures are throttled like anyone's", async (t) => {
    stopClock(t);
    const email = await newAccount();
    const device = deviceCookieOf(await signIn(app, email, PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures + 3; i++) statuses.push((await signIn(app, email, WRONG, device)).statusCode);
    assert.deepEqual(statuses.slice(SIGN_IN_THROTTLE.freeFailures + 1), [429, 429]);
    assert.equal((await signIn(app, email, PASSWORD)).statusCode, 200, "another browser is not held by the device's failures");
  });
});

describe('bounded password hashing', () => {
  test('48 concurrent sign-ins for unknown emails: those past the hashing queue are refused at once with 429, none fails', async () => {
    const app = await injectableApp(PRODUCTION);
    try {
      const answers = await Promise.all(Array.from({ length: 48 }, (_, index) => signIn(app, `nobody${index}@example.com`, WRONG)));
      const statuses = answers.map((answer) => answer.statusCode);
      assert.ok(
        statuses.every((status) => status === 403 || status === 429),
        statuses.join(' '),
      );
      assert.ok(statuses.filter((status) => status === 403).length >= HASH_CONCURRENCY + HASH_QUEUE_LIMIT, statuses.join(' '));
      const busy = answers.filter((answer) => answer.statusCode === 429);
      assert.ok(busy.length > 0, 'some were refused');
      for (const answer of busy) {
        assert.equal(answer.headers['retry-after'], '1');
        assert.match(answer.json<{ error: string }>().error, /too many sign-ins at once/i);
      }
      // Refused for the queue, not as guesses: an account's budget is untouched by them.
      const email = 'real@example.com';
      await addStaff(app, { email, name: 'Staff', password: PASSWORD });
      assert.equal((await signIn(app, email, PASSWORD)).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});
