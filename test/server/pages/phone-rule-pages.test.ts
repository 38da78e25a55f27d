/**
 * Phone rules on brand pages (spec §4 "Displayed phone number") through the real app:
 * a visit that lands with `?afid=` gets its matching rule's number in the first HTML in all three
 * forms (no default number anywhere), keeps it on later pages and their JSON twins through the
 * afid cookie, and the payload names the rule; route limits, expired rules and a new attribution
 * without an afid fall back to the brand's default; a not-found page shows a rule for every route.
 * No-JavaScript funnel events carry the rule.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { brandById } from '../../../brands/index.ts';
import { payloadPath } from '../../../src/core/contract/page-payload.ts';
import { phoneForms } from '../../../src/core/marketplace/phone.ts';
import type { ErrorPayload, PagePayload } from '../../../src/core/payload/types.ts';
import type { StoredPhoneRule } from '../../../src/server/platform/store/index.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const HOST = 'ac.localhost';
const DEFAULT = phoneForms(brandById('ac')!.phone);
const RULE = phoneForms('8885550142');
const QUIZ_ONLY = phoneForms('8775550143');

/** The afid cookie line a response set, or undefined. */
function afidCookie(response: LightMyRequestResponse): string | undefined {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header : [header]).find((line) => line?.startsWith(`${COOKIE_BASE_NAMES.afid}=`));
}

/** Asserts `html` shows `shown` in every form and `hidden` in none. */
function assertShows(html: string, shown: ReturnType<typeof phoneForms>, hidden: ReturnType<typeof phoneForms>) {
  for (const form of [`href="${shown.tel}"`, `data-phone="${shown.raw}"`, shown.grouped]) assert.ok(html.includes(form), `the page shows ${form}`);
  for (const form of [hidden.tel, `data-phone="${hidden.raw}"`, hidden.grouped]) assert.ok(!html.includes(form), `the page does not show ${form}`);
}

describe('phone rules on pages', () => {
  let app: FastifyInstance;
  let partner: StoredPhoneRule;
  let quizOnly: StoredPhoneRule;
  before(async () => {
    app = await injectableApp();
    partner = await app.store.createPhoneRule('ac', { afid: 'partner7', number: RULE.raw, routes: [], startsOn: null, endsOn: null }, 'staff@example.com');
    quizOnly = await app.store.createPhoneRule('ac', { afid: 'partner8', number: QUIZ_ONLY.raw, routes: ['quiz-otc'], startsOn: null, endsOn: null }, 'staff@example.com');
    await app.store.createPhoneRule('ac', { afid: 'expired', number: RULE.raw, routes: [], startsOn: null, endsOn: '2001-01-01' }, 'staff@example.com');
    await app.store.createPhoneRule('emily', { afid: 'emily-only', number: RULE.raw, routes: [], startsOn: null, endsOn: null }, 'staff@example.com');
  });
  after(() => app.close());

  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

  test("landing with the afid: the rule's number in the first HTML, the afid kept in a browser-session cookie", async () => {
    const response = await get('/otc-savings?afid=partner7&utm_source=aff');
    assert.equal(response.statusCode, 200);
    assertShows(response.body, RULE, DEFAULT);
    const cookie = afidCookie(response);
    assert.ok(cookie, 'the afid cookie is set');
    assert.match(cookie, /^cobrand_afid=partner7; Path=\/; SameSite=Lax; HttpOnly$/, 'HttpOnly, no Max-Age: it ends with the browser session');
  });

  test("later pages of the visit and their JSON twins: the rule's number, the rule named in the payload", async () => {
    const cookie = `${COOKIE_BASE_NAMES.afid}=partner7`;
    const page = await get('/quiz/otc', cookie);
    assertShows(page.body, RULE, DEFAULT);
    assert.equal(afidCookie(page), undefined, 'an address without attribution leaves the cookie alone');
    const twin = await get(payloadPath('/quiz/otc'), cookie);
    const payload = twin.json<PagePayload>();
    assert.deepEqual(payload.phoneRule, { id: partner.id, afid: 'partner7', number: RULE.raw });
    assert.equal(payload.brand.phone, RULE.raw);
  });

  const defaults: { name: string; url: string; cookie?: string }[] = [
    { name: 'no afid at all', url: '/otc-savings' },
    { name: 'an afid without a rule', url: '/otc-savings?afid=partner99' },
    { name: "another branch's afid", url: '/otc-savings?afid=emily-only' },
    { name: 'an expired rule', url: '/otc-savings?afid=expired' },
    { name: 'a rule limited to another route', url: '/otc-savings?afid=partner8' },
    { name: 'a malformed afid', url: `/otc-savings?afid=${encodeURIComponent('partner7<script>')}` },
    { name: 'a new attribution without an afid (the kept one is dropped, as the browser drops it)', url: '/otc-savings?gclid=abc', cookie: `${COOKIE_BASE_NAMES.afid}=partner7` },
  ];
  for (const { name, url, cookie } of defaults) {
    test(`the brand's default number for ${name}`, async () => {
      const response = await get(url, cookie);
      assert.equal(response.statusCode, 200);
      assertShows(response.body, DEFAULT, RULE);
      const twin = (await get(payloadPath(url.split('?')[0]!) + (url.includes('?') ? url.slice(url.indexOf('?')) : ''), cookie)).json<PagePayload>();
      assert.equal(twin.phoneRule, undefined);
      assert.equal(twin.brand.phone, DEFAULT.raw);
    });
  }

  test('the cookie: a malformed afid is never set, a new attribution without one clears it', async () => {
    assert.equal(afidCookie(await get(`/otc-savings?afid=${encodeURIComponent('a b')}`)), undefined);
    assert.match(afidCookie(await get('/otc-savings?gclid=abc', `${COOKIE_BASE_NAMES.afid}=partner7`)) ?? '', /^cobrand_afid=; Max-Age=0;/);
  });

  test("a rule limited to a route shows on that route only; the URL's afid beats the cookie's", async () => {
    const quiz = await get('/quiz/otc?afid=partner8', `${COOKIE_BASE_NAMES.afid}=partner7`);
    assertShows(quiz.body, QUIZ_ONLY, DEFAULT);
    const twin = (await get(payloadPath('/quiz/otc'), `${COOKIE_BASE_NAMES.afid}=partner8`)).json<PagePayload>();
    assert.deepEqual(twin.phoneRule, { id: quizOnly.id, afid: 'partner8', number: QUIZ_ONLY.raw });
  });

  test("the not-found page of the visit shows a rule for every route; a route-limited rule has no route there", async () => {
    const missing = await get('/no-such-page', `${COOKIE_BASE_NAMES.afid}=partner7`);
    assert.equal(missing.statusCode, 404);
    assertShows(missing.body, RULE, DEFAULT);
    const twin = (await get(payloadPath('/no-such-page'), `${COOKIE_BASE_NAMES.afid}=partner7`)).json<ErrorPayload>();
    assert.equal(twin.kind, 'error');
    assert.deepEqual(twin.phoneRule, { id: partner.id, afid: 'partner7', number: RULE.raw });
    assertShows((await get('/no-such-page', `${COOKIE_BASE_NAMES.afid}=partner8`)).body, DEFAULT, QUIZ_ONLY);
  });

  test("no-JavaScript funnel events carry the rule that applied", async () => {
    const posted = await app.inject({ method: 'POST', url: '/quiz/otc?afid=partner7', headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'zipcode=90210' });
    assert.equal(posted.statusCode, 303, posted.body);
    const events = await app.store.listEvents({ brandId: 'ac', limit: 10 });
    assert.ok(events.length > 0, 'the post recorded events');
    for (const event of events) assert.deepEqual((event.properties as { phoneRule: unknown }).phoneRule, { afid: 'partner7', ruleId: partner.id, number: RULE.raw }, event.event);
  });
});
