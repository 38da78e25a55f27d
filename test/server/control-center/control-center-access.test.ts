/**
 * Who may use the control center: every ccc page, payload
 * and API needs a signed-in, enabled account; the sign-in page works without JavaScript and never
 * redirects off the site; cross-site state changes are refused; visitor brands are untouched.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { SIGN_IN_FAILURE_MESSAGE } from '../../../src/core/control-center/paths.ts';
import { SIGN_IN_REQUIRED } from '../../../src/server/auth/auth-session.ts';
import { SIGN_IN_THROTTLE } from '../../../src/server/auth/sign-in-throttle.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, sessionCookieOf, signedInCookie, STAFF } from '../../support/staff.ts';

const ORIGIN = `http://${HOST}`;

/** A sign-in form post, as the page sends it. */
function formSignIn(app: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: AUTH_SESSION_PATH,
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('the control center signed out', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
  });
  after(() => app.close());

  const pages: [string, string][] = [
    ['/', '/sign-in'],
    ['/branches', '/sign-in?next=%2Fbranches'],
    ['/branches/ac/pages?sort=name', '/sign-in?next=%2Fbranches%2Fac%2Fpages%3Fsort%3Dname'],
    ['/?branch=ac', '/sign-in?next=%2F%3Fbranch%3Dac'],
  ];
  for (const [url, location] of pages) {
    test(`the page ${url} answers 303 to ${location}`, async () => {
      const response = await app.inject({ url, headers: { host: HOST } });
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, location);
      assert.equal(response.headers['cache-control'], 'no-store');
    });
  }

  for (const url of ['/branches/_payload.json', '/api/cc/branches', '/api/cc/anything/at/all']) {
    test(`${url} answers 401 JSON`, async () => {
      const response = await app.inject({ url, headers: { host: HOST } });
      assert.equal(response.statusCode, 401);
      assert.deepEqual(response.json(), SIGN_IN_REQUIRED);
    });
  }

  test('the sign-in page is open and works without JavaScript: a form posting email and password', async () => {
    const response = await app.inject({ url: '/sign-in?next=%2Fbranches', headers: { host: HOST } });
    assert.equal(response.statusCode, 200);
    const form = /<form [^>]*>/.exec(response.body)?.[0] ?? '';
    assert.match(form, /method="post"/);
    assert.match(form, /action="\/api\/_auth\/session"/);
    const inputs = [...response.body.matchAll(/<input [^>]*>/g)].map(([tag]) => tag);
    assert.ok(inputs.some((tag) => /type="hidden"/.test(tag) && /name="next"/.test(tag) && /value="\/branches"/.test(tag)), inputs.join('\n'));
    assert.ok(inputs.some((tag) => /type="email"/.test(tag) && /name="email"/.test(tag) && /autocomplete="username"/i.test(tag)), inputs.join('\n'));
    assert.ok(inputs.some((tag) => /type="password"/.test(tag) && /name="password"/.test(tag)), inputs.join('\n'));
    assert.doesNotMatch(response.body, /role="alert"/);
    const failed = await app.inject({ url: '/sign-in?failed=1', headers: { host: HOST } });
    assert.match(failed.body, new RegExp(`role="alert">${SIGN_IN_FAILURE_MESSAGE}`));
  });

  test('visitor brands need no account', async () => {
    assert.equal((await app.inject({ url: '/', headers: { host: 'ac.localhost' } })).statusCode, 200);
  });
});

describe('signing in from the page', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
  });
  after(() => app.close());

  test('the right password: 303 to the page asked for, and that page opens', async () => {
    const response = await formSignIn(app, { email: STAFF.email, password: STAFF.password, next: '/branches' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/branches');
    const cookie = sessionCookieOf(response);
    const page = await app.inject({ url: '/branches', headers: { host: HOST, cookie } });
    assert.equal(page.statusCode, 200);
  });

  test('a wrong password: 303 back to the sign-in page saying it failed, keeping where to go, no cookie', async () => {
    const response = await formSignIn(app, { email: STAFF.email, password: 'not the password', next: '/branches' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/sign-in?next=%2Fbranches&failed=1');
    assert.equal(response.headers['set-cookie'], undefined);
  });

  const offSite = ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example'];
  for (const next of offSite) {
    test(`next=${JSON.stringify(next)} goes to / instead`, async () => {
      const response = await formSignIn(app, { email: STAFF.email, password: STAFF.password, next });
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, '/');
    });
  }

  // A path with characters a header cannot carry as they are comes back percent-encoded, never a 500.
  const encoded: Array<[next: string, location: string]> = [
    ['/€', '/%E2%82%AC'],
    ['/branches?q=é', '/branches?q=%C3%A9'],
    ['/pages#ß', '/pages#%C3%9F'],
  ];
  for (const [next, location] of encoded) {
    test(`next=${JSON.stringify(next)} goes to ${location}`, async () => {
      const response = await formSignIn(app, { email: STAFF.email, password: STAFF.password, next });
      assert.equal(response.statusCode, 303);
      assert.equal(response.headers.location, location);
    });
  }

  test('the sign-in page carries an encoded next into its form, not the raw text', async () => {
    const response = await app.inject({ url: '/sign-in?next=%2F%E2%82%AC', headers: { host: HOST } });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /name="next" value="\/%E2%82%AC"|value="\/%E2%82%AC"[^>]*name="next"/);
  });
});

describe('cross-site requests are refused', () => {
  let app: FastifyInstance;
  let cookie: string;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
    cookie = await signedInCookie(app);
  });
  after(() => app.close());

  const crossSite: [string, Record<string, string>][] = [
    ['Origin of another site', { origin: 'https://evil.example' }],
    ['Origin of a visitor brand', { origin: 'http://ac.localhost' }],
    ['Origin null', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ];
  for (const [name, headers] of crossSite) {
    test(`a sign-in form post with ${name}: 403, no session`, async () => {
      const response = await formSignIn(app, { email: STAFF.email, password: STAFF.password }, headers);
      assert.equal(response.statusCode, 403);
      assert.equal(response.headers['set-cookie'], undefined);
    });
    test(`a sign-out with ${name}: 403, the session lives on`, async () => {
      const response = await app.inject({ method: 'DELETE', url: AUTH_SESSION_PATH, headers: { host: HOST, cookie, ...headers } });
      assert.equal(response.statusCode, 403);
      const read = await app.inject({ url: AUTH_SESSION_PATH, headers: { host: HOST, cookie } });
      assert.equal(read.json<{ loggedIn: boolean }>().loggedIn, true);
    });
  }

  test('same-origin and header-less (scripts) state changes pass', async () => {
    assert.equal((await formSignIn(app, { email: STAFF.email, password: STAFF.password }, { 'sec-fetch-site': 'same-origin' })).statusCode, 303);
    const scripted = await app.inject({ method: 'POST', url: AUTH_SESSION_PATH, headers: { host: HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ email: STAFF.email, password: STAFF.password }) });
    assert.equal(scripted.statusCode, 200);
  });

  test('visitor brands take cross-site posts as before (ads and landing pages post from elsewhere)', async () => {
    const response = await app.inject({ method: 'POST', url: '/quiz/otc/zip', headers: { host: 'ac.localhost', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'zipcode=33101' });
    assert.notEqual(response.statusCode, 403);
  });
});

describe('failed form sign-ins count towards the throttle', () => {
  test(`after ${SIGN_IN_THROTTLE.freeFailures} free failures the account waits, even with the right password`, async () => {
    const app = await injectableApp({ RATE_LIMITS: 'on' });
    try {
      await addStaff(app);
      for (let attempt = 0; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt++) {
        assert.equal((await formSignIn(app, { email: STAFF.email, password: `wrong ${attempt}` }, { 'x-forwarded-for': `203.0.113.${attempt + 1}` })).statusCode, 303);
      }
      const held = await formSignIn(app, { email: STAFF.email, password: STAFF.password }, { 'x-forwarded-for': '203.0.113.99' });
      assert.equal(held.statusCode, 429);
      assert.equal(held.headers['set-cookie'], undefined);
    } finally {
      await app.close();
    }
  });
});
