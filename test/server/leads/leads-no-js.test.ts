/**
 * Funnels without JavaScript capture leads and record events server-side: a walk of
 * the auto funnel on tqg by plain form posts stores one lead with its consent proof, records the
 * pageView and formStepSubmitted events the browser would have sent (personal values redacted),
 * and the end screen's payload says the lead was stored. A Medicare walk gives a call-routed lead.
 */
import assert from 'node:assert/strict';
import { cookieNames } from '../../../src/core/http/cookie-names.ts';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SKIP_ACTION, STEP_ACTION_FIELD } from '../../../src/core/funnels/constants.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { stepInputNames } from '../../../src/core/funnels/field-input.ts';
import type { FunnelStep } from '../../../src/core/funnels/types.ts';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const FORM = 'application/x-www-form-urlencoded';
const EMAIL = 'nojs.visitor@example.com';
const PHONE_DIGITS = '3125550187';

/** One answer per input name; the walk fills one vehicle and one driver, and says no to another of each. */
const ANSWERS: Array<[RegExp, string]> = [
  [/^zipcode$/, '33101'],
  [/^(haveMedicare|currentlyInsured|homeowner)$/, 'yes'],
  [/^(haveMedicaid|interestedInHomeInsurance|driver\dSr22|driver\dMilitaryAffiliation)$/, 'no'],
  [/^currentCompany$/, 'State Farm'],
  [/^has(Vehicle|Driver)\d$/, 'no'],
  [/^vehicle\dYear$/, '2019'],
  [/^vehicle\dMake$/, 'Honda'],
  [/^vehicle\dModel$/, 'Civic'],
  [/^driver\dFirstName$/, 'Nora'],
  [/^driver\dLastName$/, 'Jessup'],
  [/^driver\dGender$/, 'female'],
  [/^driver\dMaritalStatus$/, 'widowed'],
  [/^driver\dDobMonth$/, '02'],
  [/^driver\dDobDay$/, '11'],
  [/^driver\dDobYear$/, '1951'],
  [/^driver\dCreditRating$/, 'good'],
  [/^driver1Email$/, EMAIL],
  [/^driver1Phone$/, PHONE_DIGITS],
  [/^driver1Address$/, '42 Elm Road'],
  [/^driver1Address2$/, ''],
];

function answersFor(step: FunnelStep, answers: Array<[RegExp, string]>): string {
  const body = new URLSearchParams();
  for (const name of stepInputNames(step)) {
    const answer = answers.find(([pattern]) => pattern.test(name));
    if (answer) body.set(name, answer[1]);
  }
  return body.toString();
}

/** A browser's cookie jar: every Set-Cookie kept by name and sent back. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const name = pair!.split('=')[0]!;
      this.cookies.set(name, pair!);
    }
  }
  header(): string {
    return [...this.cookies.values()].join('; ');
  }
}

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** A posted step: where, what, and the headers sent, so a test can send it again as a browser's reload does. */
interface Post {
  url: string;
  payload: string;
  headers: Record<string, string>;
}

/** Walks `funnelId` on `host` at `base` by form posts (`answers` first, then {@link ANSWERS}); returns the last step's HTML and the last post. */
async function walk(host: string, base: string, funnelId: string, jar: CookieJar, answers: Array<[RegExp, string]> = []): Promise<string> {
  return (await walkWithLastPost(host, base, funnelId, jar, answers)).html;
}

async function walkWithLastPost(host: string, base: string, funnelId: string, jar: CookieJar, answers: Array<[RegExp, string]> = []): Promise<{ html: string; lastPost: Post }> {
  let lastPost: Post | undefined;
  const funnel = FUNNELS[funnelId]!;
  let path = `${base}/${funnel.steps[0]!.name}`;
  for (let guard = 0; guard < 20; guard++) {
    const name = path.split('/').at(-1)!;
    const step = funnel.steps.find((candidate) => candidate.name === name)!;
    // As a browser does after each redirect: load the step's page, then post its form.
    const page = await app.inject({ url: path, headers: { host, cookie: jar.header(), 'user-agent': 'NoScript/1.0' } });
    assert.equal(page.statusCode, 200);
    jar.take(page.headers['set-cookie']);
    if (step.kind !== 'form') return { html: page.body, lastPost: lastPost! };
    const skip = step.skippable && step.name !== 'medicaid';
    const payload = skip ? new URLSearchParams({ [STEP_ACTION_FIELD]: SKIP_ACTION }).toString() : answersFor(step, [...answers, ...ANSWERS]);
    lastPost = { url: path, payload, headers: { host, 'content-type': FORM, cookie: jar.header(), 'user-agent': 'NoScript/1.0' } };
    const posted = await app.inject({ method: 'POST', ...lastPost });
    assert.equal(posted.statusCode, 303, `${path}: ${posted.body.slice(0, 300)}`);
    jar.take(posted.headers['set-cookie']);
    path = String(posted.headers.location).split('?')[0]!;
  }
  throw new Error('the walk did not reach an end step');
}

function bootPayload(html: string): { formState?: { lead?: unknown } } {
  const match = new RegExp(`<script[^>]*id="${BOOT_DATA_ID}"[^>]*>([^<]*)</script>`).exec(html);
  assert.ok(match, 'the page embeds its boot data');
  return (JSON.parse(match[1]!) as { payload: { formState?: { lead?: unknown } } }).payload;
}

describe('a no-JavaScript auto walk on tqg', () => {
  let html = '';
  before(async () => {
    html = await walk('tqg.localhost', '/quiz/auto', 'auto', new CookieJar());
  });

  test('stores one auto lead with the consent proof of the disclosure the page showed', async () => {
    const leads = (await app.store.listLeads({ brandId: 'tqg', limit: 100 })).filter((lead) => lead.fields.driver1Email === EMAIL);
    assert.equal(leads.length, 1);
    const [lead] = leads;
    assert.equal(lead!.status, 'captured');
    assert.equal(lead!.fields.driver1Phone, '(312) 555-0187');
    // Year and make chosen on one page, the model from the list the next page showed for them.
    assert.deepEqual([lead!.fields.vehicle1Year, lead!.fields.vehicle1Make, lead!.fields.vehicle1Model], ['2019', 'Honda', 'Civic']);
    assert.equal(lead!.consent?.buttonLabel, 'Get my quotes');
    assert.equal(lead!.consent?.userAgent, 'NoScript/1.0');
    assert.match(lead!.consent.pageUrl, /^http:\/\/tqg\.localhost(:\d+)?\/quiz\/auto\/contact$/);
    // The consent step's HTML is kept as POST /api/leads keeps it (consent-documents.test.ts): the same captureLead.
    const document = await app.store.getConsentDocument(lead!.consent.htmlSha256!);
    assert.equal(createHash('sha256').update(document!.html).digest('hex'), lead!.consent.htmlSha256);
    assert.match(document!.html, /data-consent=""/);
  });

  test("the end screen's payload says the lead was stored", () => {
    assert.deepEqual(bootPayload(html).formState?.lead, { status: 'stored', leadStatus: 'captured' });
  });

  test('records pageView and formStepSubmitted events server-side, with no personal value in any event', async () => {
    const events = (await app.store.listEvents({ brandId: 'tqg', limit: 500 })).filter((event) => event.sessionId !== '' && JSON.stringify(event.properties).includes('NoScript/1.0'));
    const submitted = events.filter((event) => event.event === 'formStepSubmitted').map((event) => (event.properties as { stepName: string }).stepName);
    const viewed = events.filter((event) => event.event === 'pageView').map((event) => (event.properties as { stepName: string }).stepName);
    assert.ok(submitted.includes('zip') && submitted.includes('contact'), `submitted: ${submitted.join(',')}`);
    assert.ok(viewed.includes('zip') && viewed.includes('contact'), `viewed: ${viewed.join(',')}`);
    const text = JSON.stringify(events);
    for (const secret of [EMAIL, PHONE_DIGITS, '555-0187', 'Nora', 'Jessup', '42 Elm Road', '1951-02-11']) assert.ok(!text.includes(secret), `events hold ${secret}`);
  });
});

describe('a no-JavaScript Medicare walk on ac', () => {
  test('stores a call-routed lead', async () => {
    const before = (await app.store.listLeads({ brandId: 'ac', limit: 1000 })).length;
    await walk('ac.localhost', '/quiz/otc', 'medicare', new CookieJar());
    const leads = await app.store.listLeads({ brandId: 'ac', limit: 1000 });
    assert.equal(leads.length, before + 1);
    assert.equal(leads[0]!.status, 'call-routed');
    assert.deepEqual(leads[0]!.fields, { zipcode: '33101', haveMedicare: true, haveMedicaid: false });
  });

  test('the same last post sent again is the same lead; corrected answers in the same visit are a new one', async () => {
    const jar = new CookieJar();
    const before = (await app.store.listLeads({ brandId: 'ac', limit: 1000 })).length;
    const { lastPost } = await walkWithLastPost('ac.localhost', '/quiz/otc', 'medicare', jar);
    const resent = await app.inject({ method: 'POST', ...lastPost });
    assert.equal(resent.statusCode, 303, 'a reload of the post still reaches the end screen');
    assert.equal((await app.store.listLeads({ brandId: 'ac', limit: 1000 })).length, before + 1, 'no second lead from a resend');
    await walk('ac.localhost', '/quiz/otc', 'medicare', jar, [[/^zipcode$/, '33102']]);
    const leads = await app.store.listLeads({ brandId: 'ac', limit: 1000 });
    assert.equal(leads.length, before + 2, 'the corrected answers are a lead of their own');
    assert.equal(leads[0]!.fields.zipcode, '33102');
  });
});

describe('in production the no-JavaScript cookies are Secure whatever the protocol says', () => {
  test('the visitor, session and lead-outcome cookies of a plain-http request carry Secure', async () => {
    const production = await injectableApp({ NODE_ENV: 'production', SESSION_KEY: 'ab'.repeat(32), LOAD_SHEDDING: 'off', RATE_LIMITS: 'off' });
    try {
      const headers = { host: 'ac.localhost', 'content-type': 'application/x-www-form-urlencoded' };
      const zip = await production.inject({ method: 'POST', url: '/quiz/otc/zip', payload: 'zipcode=33101', headers });
      assert.equal(zip.statusCode, 303);
      const jar = new CookieJar();
      jar.take(zip.headers['set-cookie']);
      const medicare = await production.inject({ method: 'POST', url: '/quiz/otc/medicare', payload: 'haveMedicare=yes', headers: { ...headers, cookie: jar.header() } });
      jar.take(medicare.headers['set-cookie']);
      const medicaid = await production.inject({ method: 'POST', url: '/quiz/otc/medicaid', payload: 'haveMedicaid=no', headers: { ...headers, cookie: jar.header() } });
      assert.equal(medicaid.statusCode, 303);
      const lines = [zip.headers['set-cookie'], medicaid.headers['set-cookie']].flat().filter((line): line is string => typeof line === 'string');
      const names = cookieNames(true);
      for (const name of [names.noJsVisitor, names.noJsSession, names.leadOutcome]) {
        const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
        assert.ok(line, `${name} is set`);
        assert.match(line, /; Secure/, `${name} is Secure`);
      }
    } finally {
      await production.close();
    }
  });
});
