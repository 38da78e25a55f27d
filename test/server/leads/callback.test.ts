/**
 * POST /api/leads/callback on SQLite and PostgreSQL: a Medicare visitor who finished the funnel
 * books a call-back, which becomes a Medicare lead of its own with the form's consent proof and
 * reaches a real local Medicare call-back buyer with callback_at; an auto visitor's call-back is
 * recorded on their lead, never a second one; times the server would not offer now, unwalked
 * funnels, other sites' pages and malformed bodies are refused; and the plain form post (no
 * JavaScript) books the same way, answered with a page.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { brandById } from '../../../brands/index.ts';
import { LEADS_CALLBACK_PATH, LEADS_PATH } from '../../../src/core/contract/index.ts';
import { callbackConsent } from '../../../src/core/funnels/callback-consent.ts';
import { callbackSlots, type CallbackSlot } from '../../../src/core/leads/callback-slots.ts';
import { buyerPayload } from '../../../src/server/leads/lead-delivery.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { startLeadBuyer, type FixtureLeadBuyer, type LeadBuyerRequest } from '../../../tools/support/lead-buyer-server.ts';
import { injectableAppOn, OUTSIDE_WORKING_HOURS } from '../../../tools/support/server.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { walkSteps } from '../../support/js-walk.ts';

const AC = 'ac.localhost';
const TQG = 'tqg.localhost';
const MEDICARE_TOKEN = 'medicare-callback-token';
const MEDICARE_ANSWERS = { zipcode: '33101', haveMedicare: true, haveMedicaid: false };
const PHONE = '(201) 555-0123';
/** Sunday 10:00 in Los Angeles: closed, so the offered windows start Monday. */
const CLOCK = OUTSIDE_WORKING_HOURS;
const SLOTS = callbackSlots(CLOCK);
 
const FIRST: CallbackSlot = SLOTS[0]!;
const MEDICARE_CONSENT = callbackConsent(brandById('ac')!, 'en');
const AUTO_CONSENT = callbackConsent(brandById('tqg')!, 'en');

let counter = 0;
function leadId(): string {
  counter++;
  return `callback-lead-${String(counter).padStart(6, '0')}-${process.pid}`;
}

for (const dialect of STORE_DIALECTS) {
  describe(`POST /api/leads/callback on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let buyer: FixtureLeadBuyer;
    const attempts = new EventEmitter();

    before(async () => {
      buyer = await startLeadBuyer('ok');
      ({ app, cleanup } = await injectableAppOn(
        dialect,
        'callback',
        { LEAD_BUYER_URL_MEDICARE: buyer.url, LEAD_BUYER_TOKEN_MEDICARE: MEDICARE_TOKEN },
        { now: () => CLOCK, leadJobs: { pollIntervalMs: 50, onAttempt: () => attempts.emit('attempt') } },
      ));
    });
    after(async () => {
      await cleanup();
      await buyer.close();
    });

    /** A Medicare visitor who walked ac's funnel as the browser does and whose lead was stored: its id and the form cookie. */
    async function medicareVisitor(): Promise<{ leadId: string; cookie: string }> {
      const cookie = await walkSteps(app, { host: AC, route: 'quiz-otc', funnel: 'medicare', fields: MEDICARE_ANSWERS });
      const id = leadId();
      const body = { id, route: 'quiz-otc', funnel: 'medicare', anonymousId: `anon-${id}`, sessionId: `session-${id}`, pageUrl: 'http://ac.localhost/quiz/otc/medicaid', fields: MEDICARE_ANSWERS };
      const captured = await app.inject({ method: 'POST', url: LEADS_PATH, headers: { host: AC, 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
      assert.equal(captured.statusCode, 201, captured.body);
      return { leadId: id, cookie };
    }

    /** An auto visitor on tqg whose lead (with phone and consent) was stored. */
    async function autoVisitor(): Promise<{ leadId: string; cookie: string }> {
      const cookie = await walkSteps(app, { host: TQG, route: 'quiz-auto', funnel: 'auto', fields: AUTO_LEAD_FIELDS });
      const id = leadId();
      const captured = await app.inject({ method: 'POST', url: LEADS_PATH, headers: { host: TQG, 'content-type': 'application/json', cookie }, payload: JSON.stringify(autoLeadRequest(id, { anonymousId: `anon-${id}` })) });
      assert.equal(captured.statusCode, 201, captured.body);
      return { leadId: id, cookie };
    }

    function medicareCallback(lead: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
      return { funnel: 'medicare', slot: FIRST.start, phone: PHONE, leadId: lead, pageUrl: 'http://ac.localhost/quiz/otc/thanks', consent: { text: MEDICARE_CONSENT.text, buttonLabel: MEDICARE_CONSENT.buttonLabel }, ...overrides };
    }

    function postCallback(host: string, body: unknown, cookie: string, headers: Record<string, string> = {}) {
      return app.inject({ method: 'POST', url: LEADS_CALLBACK_PATH, headers: { host, 'content-type': 'application/json', cookie, ...headers }, payload: JSON.stringify(body) });
    }

    /** The buyer's next request for `key`, waiting for it to arrive. */
    async function buyerRequestFor(key: string): Promise<LeadBuyerRequest> {
      for (;;) {
        const found = buyer.requests.find((request) => request.idempotencyKey === key);
        if (found) return found;
        await new Promise((resolve) => buyer.events.once('request', resolve));
      }
    }

    test('a Medicare call-back is a lead of its own with consent proof, delivered to the Medicare call-back buyer with callback_at', async () => {
      const visitor = await medicareVisitor();
      const response = await postCallback(AC, medicareCallback(visitor.leadId), visitor.cookie);
      assert.equal(response.statusCode, 201, response.body);
      const answer = response.json<{ leadId: string; status: string; callbackAt: string; callbackEnd: string }>();
      assert.notEqual(answer.leadId, visitor.leadId);
      assert.deepEqual({ ...answer, leadId: undefined }, { leadId: undefined, status: 'captured', callbackAt: FIRST.start, callbackEnd: FIRST.end });

      const lead = await app.store.getLead(answer.leadId);
      assert.ok(lead);
      assert.equal(lead.product, 'medicare');
      assert.deepEqual(lead.fields, { ...MEDICARE_ANSWERS, phone: PHONE, callbackAt: FIRST.start });
      assert.equal(lead.consent?.text, MEDICARE_CONSENT.text);
      assert.equal(lead.consent?.buttonLabel, 'Schedule my call');
      assert.equal(lead.consent?.pageUrl, 'http://ac.localhost/quiz/otc/thanks');

      const delivered = await buyerRequestFor(answer.leadId);
      assert.equal(delivered.authorization, `Bearer ${MEDICARE_TOKEN}`);
      assert.deepEqual(delivered.body, { product: 'medicare', zip: '33101', has_medicare: 'yes', has_medicaid: 'no', primary_phone: '2015550123', callback_at: FIRST.start });

      const original = await app.store.getLead(visitor.leadId);
      assert.equal(original?.status, 'call-routed', 'the funnel\'s own Medicare lead stays call-routed');
      assert.equal(original?.fields.callbackAt, undefined);
    });

    test('the same booking sent again is the same call-back lead, not a second one', async () => {
      const visitor = await medicareVisitor();
      const first = await postCallback(AC, medicareCallback(visitor.leadId), visitor.cookie);
      const again = await postCallback(AC, medicareCallback(visitor.leadId), visitor.cookie);
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(again.statusCode, 201, again.body);
      assert.equal(again.json<{ leadId: string }>().leadId, first.json<{ leadId: string }>().leadId);
    });

    test('an auto call-back is recorded on the visitor\'s lead, which its delivery then carries; no second lead is stored', async () => {
      const visitor = await autoVisitor();
      const before = (await app.store.listLeads({ limit: 1000 })).length;
      const slot = SLOTS[3]!;
      const response = await postCallback(TQG, { funnel: 'auto', slot: slot.start, leadId: visitor.leadId, consent: { text: AUTO_CONSENT.text, buttonLabel: AUTO_CONSENT.buttonLabel } }, visitor.cookie);
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json<{ leadId: string }>().leadId, visitor.leadId);
      assert.equal((await app.store.listLeads({ limit: 1000 })).length, before);
      const lead = await app.store.getLead(visitor.leadId);
      assert.equal(lead?.fields.callbackAt, slot.start);
      assert.equal(lead?.fields.driver1Phone, AUTO_LEAD_FIELDS.driver1Phone, 'the rest of the lead is unchanged');
      assert.equal((buyerPayload(lead) as { callback_at?: string }).callback_at, slot.start);
    });

    const sunday = new Date(Date.parse(CLOCK.toISOString()) + 2 * 60 * 60 * 1000).toISOString();
    const refused: Array<{ name: string; body: (lead: string) => Record<string, unknown>; problem: RegExp }> = [
      { name: 'a time in the past', body: (lead) => medicareCallback(lead, { slot: '2026-11-20T15:00:00.000Z' }), problem: /^slot: / },
      { name: 'a time on Sunday, outside working hours', body: (lead) => medicareCallback(lead, { slot: sunday }), problem: /^slot: / },
      { name: 'a time off the windows\' boundaries', body: (lead) => medicareCallback(lead, { slot: new Date(Date.parse(FIRST.start) + 30 * 60 * 1000).toISOString() }), problem: /^slot: / },
      { name: 'a time beyond the offered days', body: (lead) => medicareCallback(lead, { slot: new Date(Date.parse(SLOTS.at(-1)!.start) + 24 * 60 * 60 * 1000).toISOString() }), problem: /^slot: / },
      { name: 'a time that is no time', body: (lead) => medicareCallback(lead, { slot: 'soon' }), problem: /^slot: / },
      { name: 'no phone on a Medicare call-back', body: (lead) => medicareCallback(lead, { phone: undefined }), problem: /^phone: Enter the phone number as/ },
      { name: 'a phone of the wrong shape', body: (lead) => medicareCallback(lead, { phone: '555-12' }), problem: /^phone: / },
      { name: 'a toll-free number nobody answers at home', body: (lead) => medicareCallback(lead, { phone: '(800) 234-5678' }), problem: /^phone: Enter a US or Canadian phone number/ },
      { name: 'no consent', body: (lead) => medicareCallback(lead, { consent: undefined }), problem: /^consent: required/ },
      { name: 'another disclosure than the form shows', body: (lead) => medicareCallback(lead, { consent: { text: 'I agree.', buttonLabel: 'Schedule my call' } }), problem: /^consent\.text: / },
      { name: 'no lead id', body: (lead) => medicareCallback(lead, { leadId: undefined }), problem: /^leadId: required/ },
      { name: 'a lead id nobody captured', body: (lead) => medicareCallback(lead, { leadId: `${lead}-unknown` }), problem: /^leadId: no lead of this funnel/ },
      { name: 'a funnel this site does not run', body: (lead) => medicareCallback(lead, { funnel: 'auto' }), problem: /^funnel: 'auto' is not a funnel of this site/ },
    ];
    for (const { name, body, problem } of refused) {
      test(`refused 400 with nothing stored: ${name}`, async () => {
        const visitor = await medicareVisitor();
        const before = (await app.store.listLeads({ limit: 1000 })).length;
        const response = await postCallback(AC, body(visitor.leadId), visitor.cookie);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.equal(answer.error, 'Invalid call-back');
        assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join(' | '));
        assert.equal((await app.store.listLeads({ limit: 1000 })).length, before);
      });
    }

    test('a phone on an auto call-back is refused: the contact step asked it already', async () => {
      const visitor = await autoVisitor();
      const response = await postCallback(TQG, { funnel: 'auto', slot: FIRST.start, leadId: visitor.leadId, phone: PHONE, consent: { text: AUTO_CONSENT.text, buttonLabel: AUTO_CONSENT.buttonLabel } }, visitor.cookie);
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json<{ problems: string[] }>().problems, ['phone: this funnel asked it already; it is not asked again']);
    });

    test('a forged post from a browser that did not walk the funnel is refused, naming the first step', async () => {
      const visitor = await medicareVisitor();
      const response = await postCallback(AC, medicareCallback(visitor.leadId), '');
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual(response.json<{ problems: string[] }>().problems, ["steps: 'zip' was not submitted"]);
      assert.equal(await app.store.getLead(visitor.leadId).then((lead) => lead?.fields.callbackAt), undefined);
    });

    test("another site's page is refused 403 before anything is read", async () => {
      const visitor = await medicareVisitor();
      const response = await postCallback(AC, medicareCallback(visitor.leadId), visitor.cookie, { origin: 'https://evil.example' });
      assert.equal(response.statusCode, 403, response.body);
    });

    const badBodies: Array<[string, string]> = [
      ['not JSON', '{"funnel":'],
      ['an array', '[]'],
      ['no slot', JSON.stringify({ funnel: 'medicare' })],
      ['a number for the phone', JSON.stringify({ funnel: 'medicare', slot: FIRST.start, phone: 2015550123 })],
      ['a lead id of the wrong shape', JSON.stringify({ funnel: 'medicare', slot: FIRST.start, leadId: 'x' })],
    ];
    for (const [name, payload] of badBodies) {
      test(`a malformed body is refused 400 with its problems: ${name}`, async () => {
        const response = await app.inject({ method: 'POST', url: LEADS_CALLBACK_PATH, headers: { host: AC, 'content-type': 'application/json' }, payload });
        assert.equal(response.statusCode, 400, response.body);
        assert.ok(response.json<{ problems: string[] }>().problems.length > 0);
      });
    }

    describe('without JavaScript', () => {
      /** Every cookie of `setCookie` over those of `cookie` (a browser's jar, as one Cookie header). */
      function keepCookies(cookie: string, setCookie: string | string[] | undefined): string {
        const jar = new Map(cookie ? cookie.split('; ').map((pair) => [pair.split('=')[0], pair] as const) : []);
        for (const line of [setCookie ?? []].flat()) {
          const pair = line.split(';')[0] ?? '';
          jar.set(pair.split('=')[0], pair);
        }
        return [...jar.values()].join('; ');
      }

      /** Walks ac's Medicare funnel by plain form posts, as a browser without JavaScript; answers its cookies. */
      async function noJsMedicareVisitor(): Promise<string> {
        let cookie = '';
        for (const [step, payload] of [
          ['zip', 'zipcode=33101'],
          ['medicare', 'haveMedicare=yes'],
          ['medicaid', 'haveMedicaid=no'],
        ] as const) {
          const response = await app.inject({ method: 'POST', url: `/quiz/otc/${step}`, payload, headers: { host: AC, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) } });
          assert.equal(response.statusCode, 303, `${step}: ${response.body.slice(0, 200)}`);
          cookie = keepCookies(cookie, response.headers['set-cookie']);
        }
        return cookie;
      }

      function postForm(payload: string, cookie: string) {
        return app.inject({
          method: 'POST',
          url: LEADS_CALLBACK_PATH,
          payload,
          headers: { host: AC, 'content-type': 'application/x-www-form-urlencoded', cookie, referer: 'http://ac.localhost/quiz/otc/thanks?utm_source=x' },
        });
      }

      test('the plain form books the call-back and answers with a page saying when, the number masked', async () => {
        const cookie = await noJsMedicareVisitor();
        const form = new URLSearchParams({ funnel: 'medicare', slot: FIRST.start, phone: '201.555.0123', timeZone: 'America/Chicago' });
        const response = await postForm(form.toString(), cookie);
        assert.equal(response.statusCode, 200, response.body);
        assert.match(String(response.headers['content-type']), /^text\/html/);
        assert.match(response.body, /We&#x27;ll call you Monday, Nov 23, 7–9 a\.m\. Central at \(\*\*\*\) \*\*\*-0123\./);
        assert.ok(!response.body.includes('555-0123') || response.body.includes('***-0123'), 'the whole number is never on the page');
        assert.match(response.body, /href="\/quiz\/otc\/thanks\?utm_source=x"/);
        const leads = await app.store.listLeads({ brandId: 'ac', limit: 1000 });
        const booked = leads.find((lead) => lead.fields.callbackAt === FIRST.start && lead.consent?.pageUrl === 'http://ac.localhost/quiz/otc/thanks');
        assert.ok(booked, 'the call-back lead is stored');
        assert.equal(booked.fields.phone, PHONE);
        assert.equal(booked.consent?.text, MEDICARE_CONSENT.text);
      });

      test('a refused plain form answers 400 with a page saying what to fix, in the visitor\'s words', async () => {
        const cookie = await noJsMedicareVisitor();
        const response = await postForm(new URLSearchParams({ funnel: 'medicare', slot: 'soon', phone: '12' }).toString(), cookie);
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.body, /role="alert"/);
        assert.match(response.body, /Choose one of the times listed\./);
        assert.match(response.body, /Enter the phone number as \(NNN\) NNN-NNNN\./);
      });

      test('a plain form from a browser that never walked a funnel books nothing', async () => {
        const response = await postForm(new URLSearchParams({ funnel: 'medicare', slot: FIRST.start, phone: PHONE }).toString(), '');
        assert.equal(response.statusCode, 400, response.body);
      });
    });
  });
}
