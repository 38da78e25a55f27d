/**
 * The no-JavaScript form cookie never holds personal data in clear: it is encrypted with the
 * session key, still pre-fills the next steps, and a changed or foreign cookie reads as empty.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { FORM_COOKIE_MAX_AGE_SECONDS } from '../../../src/server/funnels/funnel-post.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { funnelById } from '../../../src/core/funnels/index.ts';
import { stepOfFunnel, walkedCookie } from '../../support/no-js-walk.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const FORM = 'application/x-www-form-urlencoded';
const HOST = 'wc.localhost';
const VISITOR = { firstName: 'Annabelle', lastName: 'Quixotelle', email: 'annabelle.q@example.com', phone: '3125550134', zipcode: '60601' };

function formCookieLine(response: LightMyRequestResponse): string {
  const line = [response.headers['set-cookie'] ?? []].flat().find((value) => value.startsWith(`${COOKIE_BASE_NAMES.form}=`));
  assert.ok(line, `no ${COOKIE_BASE_NAMES.form} cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return line;
}

/** Every way a value could show in a cookie: as typed, URL-encoded, in JSON, base64 of JSON. */
function spellings(value: string): string[] {
  const json = JSON.stringify(value);
  return [value, encodeURIComponent(value), encodeURIComponent(json), Buffer.from(value).toString('base64').replace(/=+$/, ''), Buffer.from(json).toString('base64').replace(/=+$/, '')];
}

describe('the no-JavaScript form cookie', () => {
  const key = randomBytes(32).toString('hex');
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp({ SESSION_KEY: key });
  });
  after(() => app.close());

  async function post(path: string, body: Record<string, string>, cookie?: string): Promise<LightMyRequestResponse> {
    const response = await app.inject({ method: 'POST', url: path, headers: { host: HOST, 'content-type': FORM, ...(cookie ? { cookie } : {}) }, payload: new URLSearchParams(body).toString() });
    assert.equal(response.statusCode, 303, `${path}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response;
  }

  test('holds the name, email, phone and ZIP a visitor typed, encrypted: none of them is readable in the Set-Cookie header', async () => {
    const zip = await post('/go-4-life/zip', { zipcode: VISITOR.zipcode });
    let cookie = formCookieLine(zip).split(';')[0]!;
    // The questions between, answered as any visitor would: the name step is taken only from one who walked to it.
    cookie = await walkedCookie(app, HOST, '/go-4-life/age', '/go-4-life/name', stepOfFunnel(funnelById('life')!, '/go-4-life'), cookie);
    const name = await post('/go-4-life/name', { firstName: VISITOR.firstName, lastName: VISITOR.lastName }, cookie);
    cookie = formCookieLine(name).split(';')[0]!;
    const contact = await post('/go-4-life/contact', { email: VISITOR.email, phone: VISITOR.phone }, cookie);
    const line = formCookieLine(contact);
    for (const [field, value] of Object.entries(VISITOR)) {
      for (const spelling of spellings(value)) assert.ok(!line.includes(spelling), `${field} readable as ${spelling} in ${line}`);
    }
    assert.ok(!line.includes('%7B') && !line.includes('{'), 'no JSON in clear');
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; SameSite=Lax/);
    assert.match(line, new RegExp(`; Max-Age=${FORM_COOKIE_MAX_AGE_SECONDS}`));
    assert.ok(line.length < 4096, `the cookie fits a browser's 4 KB (${line.length})`);
    cookie = line.split(';')[0]!;

    // The server still reads it back: the name step shows what was typed.
    const page = await app.inject({ url: '/go-4-life/name', headers: { host: HOST, cookie } });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`<input[^>]*name="firstName"[^>]*value="${VISITOR.firstName}"`));
    assert.match(page.body, /<input[^>]*name="zipcode"[^>]*value="60601"|"zipcode":"60601"/);
  });

  test('a changed cookie, an old clear-text one, or one sealed with another key reads as empty', async () => {
    const cookie = formCookieLine(await post('/go-4-life/zip', { zipcode: VISITOR.zipcode })).split(';')[0]!;
    const value = cookie.slice(COOKIE_BASE_NAMES.form.length + 1);
    const flipped = `${COOKIE_BASE_NAMES.form}=${value[0] === 'A' ? 'B' : 'A'}${value.slice(1)}`;
    const clearText = `${COOKIE_BASE_NAMES.form}=${encodeURIComponent(JSON.stringify({ shared: { zipcode: VISITOR.zipcode } }))}`;
    const other = await injectableApp({ SESSION_KEY: randomBytes(32).toString('hex') });
    let foreign: string;
    try {
      const response = await other.inject({ method: 'POST', url: '/go-4-life/zip', headers: { host: HOST, 'content-type': FORM }, payload: `zipcode=${VISITOR.zipcode}` });
      foreign = formCookieLine(response).split(';')[0]!;
    } finally {
      await other.close();
    }
    for (const sent of [flipped, clearText, foreign]) {
      const page = await app.inject({ url: '/go-4-life/zip', headers: { host: HOST, cookie: sent } });
      assert.equal(page.statusCode, 200);
      assert.doesNotMatch(page.body, /<input[^>]*name="zipcode"[^>]*value="[^"]/, sent);
    }
    const page = await app.inject({ url: '/go-4-life/zip', headers: { host: HOST, cookie } });
    assert.match(page.body, /<input[^>]*name="zipcode"[^>]*value="60601"/, 'the genuine cookie pre-fills');
  });
});
