/**
 * In production every cookie the server sets is a `__Host-` cookie: Secure, Path=/, no Domain
 * (core/http/cookie-names.ts), on the sign-in, the no-JavaScript form post and a visitor's page;
 * and a production server reads only those names.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { COOKIE_BASE_NAMES, cookieNames } from '../../../src/core/http/cookie-names.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST, STAFF } from '../../support/staff.ts';

function setCookies(response: LightMyRequestResponse): string[] {
  return [response.headers['set-cookie'] ?? []].flat();
}

describe('cookies in production are __Host- cookies', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: randomBytes(32).toString('hex'), LOAD_SHEDDING: 'off', RATE_LIMITS: 'off' });
    await addStaff(app);
  });
  after(() => app.close());

  const requests: Array<[what: string, send: () => Promise<LightMyRequestResponse>]> = [
    ['the sign-in (session and device cookies)', () => app.inject({ method: 'POST', url: AUTH_SESSION_PATH, headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json', 'x-forwarded-proto': 'https' }, payload: JSON.stringify({ email: STAFF.email, password: STAFF.password }) })],
    ['a no-JavaScript form post (form and visitor cookies)', () => app.inject({ method: 'POST', url: '/quiz/otc/zip', headers: { host: 'ac.localhost', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' }, payload: 'zipcode=60601' })],
    ['a landing page with an afid (the afid cookie)', () => app.inject({ url: '/?afid=12345', headers: { host: 'ac.localhost', 'x-forwarded-proto': 'https' } })],
  ];
  for (const [what, send] of requests) {
    test(`${what}: every Set-Cookie is __Host-, Secure, Path=/, without Domain`, async () => {
      const lines = setCookies(await send());
      assert.ok(lines.length > 0, 'some cookie is set');
      for (const line of lines) {
        assert.match(line, /^__Host-cobrand_/, line);
        assert.match(line, /; Secure(;|$)/i, line);
        assert.match(line, /; Path=\/(;|$)/i, line);
        assert.doesNotMatch(line, /; Domain=/i, line);
      }
    });
  }

  test('a plain-named session cookie is not read in production', async () => {
    const signIn = await requests[0]![1]();
    const line = setCookies(signIn).find((value) => value.startsWith(`${cookieNames(true).session}=`));
    assert.ok(line);
    const value = line.split(';')[0]!.slice(cookieNames(true).session.length + 1);
    const read = (cookie: string) => app.inject({ url: AUTH_SESSION_PATH, headers: { host: CONTROL_CENTER_HOST, cookie } });
    assert.equal((await read(`${cookieNames(true).session}=${value}`)).json<{ loggedIn: boolean }>().loggedIn, true);
    assert.equal((await read(`${COOKIE_BASE_NAMES.session}=${value}`)).json<{ loggedIn: boolean }>().loggedIn, false);
  });
});
