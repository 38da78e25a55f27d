/**
 * Rate limits (src/server/platform/http/limits.ts), with the counters in
 * memory and in Redis (127.0.0.1:6379, or TEST_REDIS_URL; every run writes under a key prefix of
 * its own and deletes it afterwards): 429 with Retry-After past a group's budget, counted per
 * client address and group; two app instances sharing one Redis hit the limit, and the sign-in
 * throttle, together; an unreachable Redis lets visitors through and refuses sign-in; a sign-in made
 * while the connection is still being made waits for it.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import {
  ADS_PATH,
  API_ENDPOINTS,
  AUTH_SESSION_PATH,
  DEMAND_CHECK_PATH,
  EVENT_CREATE_PATH,
  GET_PHONE_PATH,
  IP_LOOKUP_PATH,
  FUNNEL_STEP_PATH,
  LEADS_CALLBACK_PATH,
  LEADS_PATH,
  MEDIA_FILE,
  PRIVACY_OPT_OUT_PATH,
  routePath,
  USER_SET_PATH,
} from '../../../src/core/contract/index.ts';
import { ACCOUNT_PASSWORD_CHANGE } from '../../../src/core/contract/account-password.ts';
import { AUTH_SESSION_CODE, CC_TOTP_CONFIRM, CC_TOTP_DISABLE } from '../../../src/core/contract/totp.ts';
import { HEALTHZ_PATH, READYZ_PATH } from '../../../src/server/platform/http/health.ts';
import { limitGroupOf, RATE_LIMIT_BUDGETS } from '../../../src/server/platform/http/limits.ts';
import { delayAfter, SIGN_IN_THROTTLE } from '../../../src/server/auth/sign-in-throttle.ts';
import { METRICS_PATH } from '../../../src/server/platform/http/metrics.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { autoLeadRequest } from '../../../tools/support/auto-lead.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PASSWORD = 'correct horse battery staple';
const PRODUCTION = { NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'on' };

let addressCount = 0;
/** A client address no other test uses, so budgets never leak between tests. */
const freshAddress = () => `198.51.${100 + Math.floor(++addressCount / 250)}.${1 + (addressCount % 250)}`;

/** Accounts made so far, per app: every email a test signs in with {@link PASSWORD} is one account. */
const accounts = new WeakMap<FastifyInstance, Set<string>>();

async function signIn(app: FastifyInstance, from: string, body: { email: string; password: string }): Promise<LightMyRequestResponse> {
  const made = accounts.get(app) ?? new Set<string>();
  accounts.set(app, made);
  const email = body.email.toLowerCase();
  if (body.password === PASSWORD && !made.has(email)) {
    made.add(email);
    await app.store.createUser({ email, name: 'Staff', passwordHash: await hashPassword(PASSWORD) });
  }
  return app.inject({
    method: 'POST',
    url: AUTH_SESSION_PATH,
    remoteAddress: from,
    headers: { host: 'ccc.localhost', 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
    payload: JSON.stringify(body),
  });
}

function page(app: FastifyInstance, from: string): Promise<LightMyRequestResponse> {
  return app.inject({ url: '/', remoteAddress: from, headers: { host: 'ac.localhost', accept: 'text/html' } });
}

function assertLimited(response: LightMyRequestResponse, maxRetryAfterS: number): void {
  assert.equal(response.statusCode, 429, response.body);
  const retryAfter = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= maxRetryAfterS, `Retry-After ${response.headers['retry-after']}`);
  assert.equal(response.headers['cache-control'], 'no-store');
}

describe('rate-limit groups', () => {
  /** Every route the app registers, by `METHOD url`, with its options as declared (onRoute). */
  const routes = new Map<string, RouteOptions>();
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({}, { onRoute: (route) => void [route.method].flat().forEach((method) => routes.set(`${method} ${route.url}`, route)) });
  });
  after(() => app.close());

  /** The group a request for the registered route `method url` is counted in; no such route: what a 404 is counted in. */
  const groupOf = (method: string, url: string) => {
    const route = routes.get(`${method} ${url}`);
    return limitGroupOf({ method, routeOptions: route ? { url: route.url, config: route.config ?? {} } : { url: undefined, config: {} } } as Parameters<typeof limitGroupOf>[0]);
  };

  // The groups every route has been counted in since the limits began; the /api/ routes declare theirs in the contract.
  const groups: Array<[method: string, url: string, group: string]> = [
    ['POST', AUTH_SESSION_PATH, 'signIn'],
    ['GET', AUTH_SESSION_PATH, 'session'],
    ['DELETE', AUTH_SESSION_PATH, 'session'],
    ['POST', EVENT_CREATE_PATH, 'events'],
    ['POST', USER_SET_PATH, 'userState'],
    ['POST', PRIVACY_OPT_OUT_PATH, 'userState'],
    ['POST', FUNNEL_STEP_PATH, 'userState'],
    // Every route that checks a code or a password is held to the sign-in budget.
    ...[AUTH_SESSION_CODE, CC_TOTP_CONFIRM, CC_TOTP_DISABLE, ACCOUNT_PASSWORD_CHANGE].map((endpoint): [string, string, string] => ['POST', endpoint.path, 'signIn']),
    ['POST', LEADS_PATH, 'leads'],
    ['POST', LEADS_CALLBACK_PATH, 'leads'],
    ['POST', DEMAND_CHECK_PATH, 'marketplace'],
    ['POST', GET_PHONE_PATH, 'marketplace'],
    ['POST', ADS_PATH, 'marketplace'],
    ['GET', IP_LOOKUP_PATH, 'session'],
    ['GET', routePath(MEDIA_FILE.path), 'files'],
    ['GET', '/assets/*', 'files'],
    ['GET', '/builds/*', 'files'],
    ['GET', '/static/*', 'files'],
    ['GET', '/*', 'pages'],
    ['POST', '/*', 'pages'],
    ['GET', '/no-route-matches-this', 'pages'],
    ...[HEALTHZ_PATH, READYZ_PATH, METRICS_PATH].map((path): [string, string, string] => ['GET', path, 'exempt']),
  ];
  for (const [method, url, group] of groups) test(`${method} ${url}: ${group}`, () => assert.equal(groupOf(method, url), group));

  test('every other /api/ route, the control center\'s among them, counts as session', () => {
    const named = new Set(groups.map(([method, url]) => `${method} ${url}`));
    const others = API_ENDPOINTS.filter((endpoint) => !named.has(`${endpoint.method} ${endpoint.path}`));
    assert.ok(others.length > 40, `${others.length} other endpoints`);
    for (const endpoint of others) assert.equal(groupOf(endpoint.method, routePath(endpoint.path)), 'session', endpoint.name);
  });

  test('budgets: sign-in 5 a minute, every other group far above it', () => {
    assert.deepEqual(RATE_LIMIT_BUDGETS.signIn, { max: 5, windowMs: 60_000 });
    for (const [group, budget] of Object.entries(RATE_LIMIT_BUDGETS)) {
      if (group !== 'signIn') assert.ok(budget.max >= 20, `${group}: ${budget.max}`);
    }
  });
});

describe('rate limits in memory', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp(PRODUCTION);
  });
  after(() => app.close());

  test('the 6th sign-in from one address within a minute is 429 with Retry-After, before the password is looked at', async () => {
    const from = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await signIn(app, from, { email: `try${attempt}@example.com`, password: 'wrong password!' });
      assert.equal(response.statusCode, 403, `attempt ${attempt}`);
    }
    const refused = await signIn(app, from, { email: 'try6@example.com', password: PASSWORD });
    assertLimited(refused, 60);
    assert.match(refused.json<{ error: string }>().error, /too many requests/i);
  });

  test('budgets are per address and per group', async () => {
    const from = freshAddress();
    for (let attempt = 0; attempt < 6; attempt++) await signIn(app, from, { email: 'a@example.com', password: 'wrong password!' });
    assert.equal((await signIn(app, from, { email: 'a@example.com', password: PASSWORD })).statusCode, 429);
    assert.equal((await page(app, from)).statusCode, 200, 'pages have their own budget');
    assert.equal((await signIn(app, freshAddress(), { email: 'b@example.com', password: PASSWORD })).statusCode, 200, 'another address has its own');
  });

  test('health, readiness and metrics are never counted', async () => {
    const from = '127.0.0.1';
    for (let i = 0; i < 30; i++) {
      for (const url of [HEALTHZ_PATH, READYZ_PATH, METRICS_PATH]) {
        const response = await app.inject({ url, remoteAddress: from, headers: { host: '10.0.0.1' } });
        assert.equal(response.statusCode, 200, `${url} #${i}`);
        assert.equal(response.headers['x-ratelimit-limit'], undefined);
      }
    }
  });

});

describe('rate limits off', () => {
  test('RATE_LIMITS=off (the default under NODE_ENV=test) counts nothing', async () => {
    const app = await injectableApp({ ...PRODUCTION, RATE_LIMITS: 'off' });
    try {
      for (let attempt = 0; attempt < 8; attempt++) assert.equal((await signIn(app, '198.51.99.1', { email: 'x@example.com', password: PASSWORD })).statusCode, 200);
    } finally {
      await app.close();
    }
  });
});

describe('rate limits in Redis', () => {
  const prefix = `cobrand-test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const env = { ...PRODUCTION, REDIS_URL, REDIS_KEY_PREFIX: prefix };
  let redis: Redis;
  let first: FastifyInstance;
  let second: FastifyInstance;
  before(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    [first, second] = await Promise.all([injectableApp(env), injectableApp(env)]);
  });
  after(async () => {
    await Promise.all([first?.close(), second?.close()]);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    assert.deepEqual(await redis.keys(`${prefix}*`), [], 'this run left no keys behind');
    await redis.quit();
  });

  test('two app instances sharing one Redis hit the sign-in limit together', async () => {
    const from = freshAddress();
    for (const app of [first, second, first, second, first]) {
      assert.equal((await signIn(app, from, { email: 'shared@example.com', password: 'wrong password!' })).statusCode, 403);
    }
    assertLimited(await signIn(second, from, { email: 'shared@example.com', password: PASSWORD }), 60);
    const keys = await redis.keys(`${prefix}*`);
    assert.ok(
      keys.some((key) => key.startsWith(`${prefix}rate:`)),
      `rate-limit keys under the run's prefix: ${keys.join(', ')}`,
    );
  });

  test('the sign-in throttle is shared too: failures on one node hold the account on the other', async () => {
    const email = 'shared-throttle@example.com';
    const keysBefore = await redis.keys(`${prefix}sign-in-failures:*`);
    for (let i = 0; i < SIGN_IN_THROTTLE.freeFailures; i++) {
      const app = i % 2 === 0 ? first : second;
      assert.equal((await signIn(app, freshAddress(), { email, password: 'wrong password!' })).statusCode, 403, `attempt ${i + 1}`);
    }
    const keys = (await redis.keys(`${prefix}sign-in-failures:*`)).filter((key) => !keysBefore.includes(key));
    assert.equal(keys.length, 1, 'one count for the account');
    assert.ok(!keys[0]!.includes('shared-throttle'), 'the account is stored hashed, not as its email');
    assert.equal(await redis.get(keys[0]!), String(SIGN_IN_THROTTLE.freeFailures), 'counted once per attempt, on either node');
    const ttl = await redis.pttl(keys[0]!);
    assert.ok(ttl > SIGN_IN_THROTTLE.windowMs - 60_000 && ttl <= SIGN_IN_THROTTLE.windowMs, `ttl ${ttl}`);
    // Earlier failures as another node would have counted them, so the next attempt holds for minutes, not a second a loaded machine might outlast.
    await redis.set(keys[0]!, String(SIGN_IN_THROTTLE.freeFailures + 9), 'KEEPTTL');
    assert.equal((await signIn(first, freshAddress(), { email, password: 'wrong password!' })).statusCode, 403, 'the attempt that takes the hold runs');
    const waitS = delayAfter(SIGN_IN_THROTTLE.freeFailures + 10) / 1000;
    for (const app of [second, first]) {
      const held = await signIn(app, freshAddress(), { email, password: PASSWORD });
      assertLimited(held, waitS);
      assert.ok(Number(held.headers['retry-after']) > waitS - 60, `Retry-After ${held.headers['retry-after']}`);
    }
    assert.equal(await redis.get(keys[0]!), String(SIGN_IN_THROTTLE.freeFailures + 10), 'the refused attempts were taken back');
  });
});

/** A free loopback port: listened on once by the system's choice, then closed. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('Redis connecting late', () => {
  test('a sign-in made while the connection is still being made waits for it instead of answering 503', async () => {
    // A TCP relay to the real Redis that is not yet listening when the app starts: the app's first
    // connect is refused and it keeps retrying, as after a Redis restart.
    const port = await freePort();
    const target = new URL(REDIS_URL);
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      client.pipe(upstream).pipe(client);
      const drop = () => (client.destroy(), upstream.destroy());
      client.on('error', drop);
      upstream.on('error', drop);
    });
    const prefix = `cobrand-test-late-${process.pid}-${randomBytes(4).toString('hex')}:`;
    const app = await injectableApp({ ...PRODUCTION, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix });
    try {
      await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
      const answer = await signIn(app, freshAddress(), { email: 'late@example.com', password: PASSWORD });
      assert.equal(answer.statusCode, 200, answer.body);
    } finally {
      await app.close();
      relay.close();
    }
  });
});

describe('Redis unreachable', () => {
  test('page views are let through; sign-in and lead capture answer 503 rather than skip their limits; each decision is counted', async () => {
    // Port 1 on loopback: nothing listens, so every connection attempt is refused at once.
    const app = await injectableApp({ ...PRODUCTION, REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: 'cobrand-test-unreachable:' });
    try {
      assert.equal((await page(app, freshAddress())).statusCode, 200);
      const refused = await signIn(app, freshAddress(), { email: 'staff@example.com', password: PASSWORD });
      assert.equal(refused.statusCode, 503, refused.body);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      const lead = await app.inject({
        method: 'POST',
        url: LEADS_PATH,
        remoteAddress: freshAddress(),
        headers: { host: 'tqg.localhost', 'content-type': 'application/json' },
        payload: JSON.stringify(autoLeadRequest('unreachable-lead-0001')),
      });
      assert.equal(lead.statusCode, 503, lead.body);
      assert.ok(Number(lead.headers['retry-after']) > 0);
      assert.deepEqual(app.rateLimitCounterFailures, { 'pages:letThrough': 1, 'signIn:refused': 1, 'leads:refused': 1 });
      const metrics = await app.inject({ url: METRICS_PATH, remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1' } });
      assert.match(metrics.body, /cobrand_rate_limit_counter_failures_total\{group="leads",decision="refused"\} 1/);
      assert.match(metrics.body, /cobrand_rate_limit_counter_failures_total\{group="pages",decision="letThrough"\} 1/);
    } finally {
      await app.close();
    }
  });
});
