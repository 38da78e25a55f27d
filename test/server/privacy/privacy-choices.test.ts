/**
 * "Do not sell or share my personal information" through app.inject: the footer link
 * on every site brand (in the page's language, not on the control center), the opt-out page, the
 * endpoint as JSON and as a plain form post (no JavaScript), refusals (400 with problems), the
 * Global Privacy Control signal, what opting out changes (no tag manager, the choice in a lead's
 * consent proof), the cookie and the stored record holding nothing personal, and the rate limit.
 * The store on both databases is in privacy-choices-store.test.ts; the page in Chromium in
 * test/browser/privacy-choices.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Window as HappyWindow } from 'happy-dom';
import { BRANDS } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import { PRIVACY_CHOICES_PATHS, PRIVACY_CHOICES_TEXT } from '../../../src/core/content/copy/privacy-choices.ts';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { payloadPath } from '../../../src/core/contract/page-payload.ts';
import { PRIVACY_OPT_OUT, PRIVACY_OPT_OUT_PATH, PrivacyChoiceSchema } from '../../../src/core/contract/privacy-choices.ts';
import { RATE_LIMIT_BUDGETS } from '../../../src/server/platform/http/limits.ts';
import { PRIVACY_COOKIE_MAX_AGE_SECONDS } from '../../../src/server/privacy/privacy-choice.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { walkSteps } from '../../support/js-walk.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';
/** What only a page with the tag manager holds: its container script and its no-script frame. */
const TAG_MANAGER = /www\.googletagmanager\.com/;
const SITE_BRANDS = BRANDS.filter((brand) => brand.id !== 'ccc');

let app: FastifyInstance;
before(async () => {
  app = await injectableApp({}, { leadJobs: { outbox: false, retention: false } });
});
after(() => app.close());

const happy = new HappyWindow({ url: 'http://ac.localhost/' });
after(() => happy.happyDOM.close());

function parse(html: string): Document {
  return new happy.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
}

function get(url: string, brand = 'ac', headers: Record<string, string> = {}) {
  return app.inject({ url, headers: { host: `${brand}.localhost`, ...headers } });
}

function optOut(payload: unknown, options: { brand?: string; type?: string; headers?: Record<string, string> } = {}) {
  const type = options.type ?? JSON_TYPE;
  return app.inject({
    method: 'POST',
    url: PRIVACY_OPT_OUT_PATH,
    headers: { host: `${options.brand ?? 'ac'}.localhost`, 'content-type': type, ...options.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The privacy cookie a response sets, as `name=value` for the next request, and its attributes. */
function privacyCookie(response: LightMyRequestResponse): { pair: string; attributes: string[]; anonymousId: string } {
  const header = [response.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith(`${COOKIE_BASE_NAMES.privacy}=`));
  assert.ok(header, `a ${COOKIE_BASE_NAMES.privacy} cookie is set`);
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  return { pair: pair!, attributes, anonymousId: pair!.split('=')[1]!.split('.')[0]! };
}

/** The opt-out page's choice box: its status text and whether it still offers the button. */
function choiceBox(html: string) {
  const document = parse(html);
  const box = document.querySelector('.privacy-choice');
  assert.ok(box, 'the page has its choice box');
  const form = box.querySelector('form');
  return {
    status: box.querySelector('.privacy-choice-status')?.textContent ?? '',
    form: form ? { method: form.getAttribute('method'), action: form.getAttribute('action'), fields: [...form.querySelectorAll('input')].map((input) => `${input.getAttribute('name')}=${input.getAttribute('value')}`), button: form.querySelector('button[type="submit"]')?.textContent } : null,
  };
}

describe('the footer links the opt-out page', () => {
  for (const brand of SITE_BRANDS) {
    test(`${brand.id}: its home page footer has "Do not sell or share my personal information", and the page answers`, async () => {
      const home = parse((await get('/', brand.id)).body);
      const link = [...home.querySelectorAll('footer nav a')].find((anchor) => anchor.textContent === 'Do not sell or share my personal information');
      assert.equal(link?.getAttribute('href'), PRIVACY_CHOICES_PATHS.english);
      assert.equal((await get(PRIVACY_CHOICES_PATHS.english, brand.id)).statusCode, 200);
      // Owner and address always; the licence number exactly for agencies.
      const footer = home.querySelector('footer')!.textContent;
      assert.ok(footer.includes(`${brand.owner}, ${brand.address}.`), footer);
      assert.equal(footer.includes(`NPN ${brand.npn}`), brand.isAgency && brand.npn !== null, footer);
    });
  }

  test('a Spanish page links the Spanish opt-out page in Spanish, which is in Spanish', async () => {
    const page = parse((await get('/get-yours-otc-es')).body);
    const link = [...page.querySelectorAll('footer nav a')].find((anchor) => anchor.getAttribute('href') === PRIVACY_CHOICES_PATHS.spanish);
    assert.equal(link?.textContent, 'No vender ni compartir mi información personal');
    assert.match(page.querySelector('footer')!.textContent, /es operado por/);
    const optOutPage = await get(PRIVACY_CHOICES_PATHS.spanish);
    assert.equal(optOutPage.statusCode, 200);
    const document = parse(optOutPage.body);
    assert.equal(document.documentElement.getAttribute('lang'), 'es');
    assert.equal(choiceBox(optOutPage.body).form?.button, PRIVACY_CHOICES_TEXT.spanish.button);
  });

  test('the control center has no such page and its footer does not link one', async () => {
    // A control-center screen, or the sign-in screen it sends a signed-out visitor to.
    const screen = await get('/branches', 'ccc');
    const shown = screen.statusCode === 303 ? await get(String(screen.headers.location), 'ccc') : screen;
    assert.equal(shown.statusCode, 200);
    const control = parse(shown.body);
    // The control center has its own chrome: no consumer footer, no opt-out link.
    assert.equal(control.querySelectorAll(`a[href="${PRIVACY_CHOICES_PATHS.english}"], a[href="${PRIVACY_CHOICES_PATHS.spanish}"]`).length, 0);
    // Not found, or (signed out) sent to sign in first, as every unknown control-center path is.
    assert.ok([303, 404].includes((await get(PRIVACY_CHOICES_PATHS.english, 'ccc')).statusCode));
  });

  test('the opt-out routes are served on every site brand and on no other', () => {
    for (const path of Object.values(PRIVACY_CHOICES_PATHS)) {
      const route = ROUTES.find((candidate) => candidate.path === path);
      assert.deepEqual([...route!.brands].sort(), SITE_BRANDS.map((brand) => brand.id).sort(), path);
    }
  });
});

describe('the opt-out page before any choice', () => {
  test('it explains selling and sharing, offers one button as a plain form post, and the page loads the tag manager', async () => {
    const response = await get(PRIVACY_CHOICES_PATHS.english);
    assert.equal(response.statusCode, 200);
    const box = choiceBox(response.body);
    assert.equal(box.status, PRIVACY_CHOICES_TEXT.english.notYet);
    assert.deepEqual(box.form, { method: 'post', action: PRIVACY_OPT_OUT_PATH, fields: ['choice=opt-out', 'language=english'], button: 'Do not sell or share my information' });
    const text = parse(response.body).querySelector('main')!.textContent;
    for (const words of ['licensed insurance agencies, insurance companies and marketing partners', 'Google Tag Manager and Google Analytics', 'Global Privacy Control']) assert.ok(text.includes(words), words);
    assert.match(response.body, TAG_MANAGER);
  });
});

describe('POST /api/privacy/opt-out records the choice', () => {
  test('as JSON: 200 with the choice; a durable record with the brand, an anonymous id and the time; a cookie remembering it', async () => {
    const before = Date.now();
    const response = await optOut({ choice: 'opt-out' });
    assert.equal(response.statusCode, 200, response.body);
    const answer = PrivacyChoiceSchema.parse(response.json());
    assert.equal(answer.gpc, false);
    assert.ok(Date.parse(answer.optedOutAt!) >= before - 1000 && Date.parse(answer.optedOutAt!) <= Date.now() + 1000);
    const cookie = privacyCookie(response);
    assert.match(cookie.anonymousId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(cookie.attributes, [`Max-Age=${PRIVACY_COOKIE_MAX_AGE_SECONDS}`, 'Path=/', 'SameSite=Lax', 'HttpOnly']);
    assert.deepEqual(await app.store.getPrivacyOptOut('ac', cookie.anonymousId), { brandId: 'ac', anonymousId: cookie.anonymousId, optedOutAt: answer.optedOutAt, gpc: false });
    assert.equal(await app.store.getPrivacyOptOut('tqg', cookie.anonymousId), undefined, 'recorded for this brand only');

    // Again with the cookie: the same visitor, the first time kept.
    const again = await optOut({ choice: 'opt-out', language: 'english' }, { headers: { cookie: cookie.pair } });
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json(), answer);
    assert.equal(privacyCookie(again).pair, cookie.pair);
  });

  test('the cookie and the record hold nothing personal: no IP, no name, only an id and a time', async () => {
    const response = await optOut({ choice: 'opt-out' }, { headers: { 'x-forwarded-for': '198.51.100.77', 'user-agent': 'PrivacyTest/1.0' } });
    const cookie = privacyCookie(response);
    assert.match(cookie.pair, new RegExp(`^${COOKIE_BASE_NAMES.privacy}=[0-9a-f-]{36}\\.\\d{13}$`));
    const stored = await app.store.getPrivacyOptOut('ac', cookie.anonymousId);
    assert.deepEqual(Object.keys(stored!).sort(), ['anonymousId', 'brandId', 'gpc', 'optedOutAt']);
    assert.ok(!JSON.stringify(stored).includes('198.51.100.77'));
  });

  test('a visitor known from no-JavaScript form posts is recorded under that same anonymous id', async () => {
    const visitor = randomUUID();
    const response = await optOut({ choice: 'opt-out' }, { headers: { cookie: `${COOKIE_BASE_NAMES.noJsVisitor}=${visitor}` } });
    assert.equal(privacyCookie(response).anonymousId, visitor);
    assert.ok(await app.store.getPrivacyOptOut('ac', visitor));
  });

  test('without JavaScript: the form post answers 303 back to the page in its language, which then shows the recorded choice and no button', async () => {
    for (const [language, path] of Object.entries(PRIVACY_CHOICES_PATHS) as [keyof typeof PRIVACY_CHOICES_PATHS, string][]) {
      const posted = await optOut(`choice=opt-out&language=${language}`, { type: FORM_TYPE });
      assert.equal(posted.statusCode, 303, posted.body);
      assert.equal(posted.headers.location, path);
      const cookie = privacyCookie(posted);
      const stored = await app.store.getPrivacyOptOut('ac', cookie.anonymousId);
      assert.ok(stored, 'recorded');

      const page = await get(path, 'ac', { cookie: cookie.pair });
      assert.equal(page.statusCode, 200);
      const box = choiceBox(page.body);
      const date = new Intl.DateTimeFormat(language === 'english' ? 'en-US' : 'es-US', { dateStyle: 'long', timeZone: 'America/Los_Angeles' }).format(new Date(stored.optedOutAt));
      assert.ok(box.status.startsWith(PRIVACY_CHOICES_TEXT[language].optedOutOn(date)), box.status);
      assert.equal(box.form, null, 'no button once opted out');
    }
  });

  test('a form post without a language goes back to the English page', async () => {
    const posted = await optOut('choice=opt-out', { type: FORM_TYPE });
    assert.equal(posted.statusCode, 303);
    assert.equal(posted.headers.location, PRIVACY_CHOICES_PATHS.english);
  });
});

describe('bad input gets a 400 with its problems, never a 500', () => {
  const cases: Array<{ name: string; payload: string; type?: string; problem: RegExp }> = [
    { name: 'an empty object', payload: '{}', problem: /^choice: / },
    { name: 'another choice', payload: JSON.stringify({ choice: 'opt-in' }), problem: /^choice: / },
    { name: 'an unknown language', payload: JSON.stringify({ choice: 'opt-out', language: 'french' }), problem: /^language: / },
    { name: 'an unknown key', payload: JSON.stringify({ choice: 'opt-out', anonymousId: 'someone-else' }), problem: /anonymousId/ },
    { name: 'an array', payload: '[]', problem: /object/ },
    { name: 'broken JSON', payload: '{"choice":', problem: /./ },
    { name: 'a form with another choice', payload: 'choice=sell', type: FORM_TYPE, problem: /^choice: / },
    { name: 'a form with an extra field', payload: 'choice=opt-out&email=ana%40example.com', type: FORM_TYPE, problem: /email/ },
    { name: 'plain text', payload: 'opt-out', type: 'text/plain', problem: /expected object/ },
    { name: 'an unsupported content type', payload: '<choice/>', type: 'application/xml', problem: /content-type/ },
    { name: 'a body over the limit', payload: JSON.stringify({ choice: 'opt-out', language: 'x'.repeat(PRIVACY_OPT_OUT.bodyLimit) }), problem: /larger than/ },
  ];
  for (const { name, payload, type, problem } of cases) {
    test(name, async () => {
      const response = await optOut(payload, type ? { type } : {});
      assert.equal(response.statusCode, 400, response.body);
      const body = response.json<{ error: string; problems: string[] }>();
      assert.equal(typeof body.error, 'string');
      assert.ok(body.problems.some((line) => problem.test(line)), body.problems.join(' | '));
      assert.equal(response.headers['set-cookie'], undefined, 'nothing remembered');
    });
  }
});

describe('Global Privacy Control counts as an opt-out', () => {
  test('pages for a browser sending Sec-GPC: 1 have no tag manager; the opt-out page says the signal is honoured and still offers to record it', async () => {
    const gpc = { 'sec-gpc': '1' };
    for (const path of ['/', '/quiz/otc/zip', '/no-such-page', PRIVACY_CHOICES_PATHS.english]) {
      const page = await get(path, 'ac', gpc);
      assert.doesNotMatch(page.body, TAG_MANAGER, path);
      assert.match((await get(path)).body, TAG_MANAGER, `${path} without the signal`);
    }
    const box = choiceBox((await get(PRIVACY_CHOICES_PATHS.english, 'ac', gpc)).body);
    assert.equal(box.status, PRIVACY_CHOICES_TEXT.english.gpcOnly);
    assert.ok(box.form, 'the button stays, to record the choice');
  });

  test('recording with the signal keeps it with the choice; a page then says both', async () => {
    const response = await optOut({ choice: 'opt-out' }, { headers: { 'sec-gpc': '1' } });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json<{ gpc: boolean }>().gpc, true);
    const cookie = privacyCookie(response);
    assert.equal((await app.store.getPrivacyOptOut('ac', cookie.anonymousId))?.gpc, true);
    const box = choiceBox((await get(PRIVACY_CHOICES_PATHS.english, 'ac', { cookie: cookie.pair, 'sec-gpc': '1' })).body);
    assert.ok(box.status.endsWith(PRIVACY_CHOICES_TEXT.english.gpcAlso), box.status);
  });

  test('a signal of any other value is no opt-out', async () => {
    assert.match((await get('/', 'ac', { 'sec-gpc': '0' })).body, TAG_MANAGER);
  });
});

describe('what opting out changes', () => {
  let cookie: string;
  let optedOutAt: string;
  before(async () => {
    const response = await optOut({ choice: 'opt-out' }, { brand: 'tqg' });
    cookie = privacyCookie(response).pair;
    optedOutAt = response.json<{ optedOutAt: string }>().optedOutAt;
  });

  test('no page of the brand loads the tag manager for the opted-out browser (script and no-script frame), error pages included', async () => {
    for (const path of ['/', '/quiz/auto/zip', '/privacy', '/no-such-page']) {
      const page = await get(path, 'tqg', { cookie });
      assert.doesNotMatch(page.body, TAG_MANAGER, path);
      assert.doesNotMatch(page.body, /<noscript>/, path);
    }
  });

  test("client navigation's JSON twins carry the choice too, so the document stays without the tag manager", async () => {
    const twin = await get(payloadPath('/quiz/auto'), 'tqg', { cookie });
    assert.equal(twin.json<{ privacy?: unknown }>().privacy !== undefined, true);
    assert.equal((await get(payloadPath('/quiz/auto'), 'tqg')).json<{ privacy?: unknown }>().privacy, undefined, 'nothing for other browsers');
  });

  test("the lead's consent proof carries the choice; a lead from another browser carries none", async () => {
    // Each browser walked the funnel first (its form cookie beside any privacy cookie).
    const walked = await walkSteps(app, { host: 'tqg.localhost', route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS });
    const capture = async (id: string, headers: Record<string, string>) => {
      const cookies = [walked, ...(headers.cookie ? [headers.cookie] : [])].join('; ');
      const response = await app.inject({ method: 'POST', url: LEADS_PATH, headers: { host: 'tqg.localhost', 'content-type': JSON_TYPE, ...headers, cookie: cookies }, payload: JSON.stringify(autoLeadRequest(id)) });
      assert.equal(response.statusCode, 201, response.body);
      return (await app.store.getLead(id))!.consent!;
    };
    const consent = await capture('privacy-lead-00000001', { cookie });
    assert.deepEqual(consent.privacyChoice, { optedOut: true, optedOutAt, gpc: false });
    assert.deepEqual((await capture('privacy-lead-00000002', { 'sec-gpc': '1' })).privacyChoice, { optedOut: true, optedOutAt: null, gpc: true });
    assert.equal((await capture('privacy-lead-00000003', {})).privacyChoice, undefined);
  });
});

describe('rate limit', () => {
  test(`the endpoint is counted with the per-visitor state writes: over ${RATE_LIMIT_BUDGETS.userState.max} a minute from one address, 429 with Retry-After`, async () => {
    const limited = await injectableApp({ RATE_LIMITS: 'on' });
    try {
      const from = { 'x-forwarded-for': '203.0.113.9' };
      const post = () => limited.inject({ method: 'POST', url: PRIVACY_OPT_OUT_PATH, headers: { host: 'ac.localhost', 'content-type': JSON_TYPE, ...from }, payload: '{"choice":"opt-out"}' });
      for (let sent = 0; sent < RATE_LIMIT_BUDGETS.userState.max; sent++) assert.equal((await post()).statusCode, 200);
      const refused = await post();
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
    } finally {
      await limited.close();
    }
  });
});
