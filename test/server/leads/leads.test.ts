/**
 * Lead capture: POST /api/leads through app.inject — what is stored, with which
 * consent proof and status, what is refused (400 with problems, never 500), idempotency by lead
 * id — and personal data kept out of events and user states. The no-JavaScript capture is
 * walked in test/server/leads/leads-no-js.test.ts.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRANDS } from '../../../brands/index.ts';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { USER_SET_PATH } from '../../../src/core/contract/user-state.ts';
import { REDACTED } from '../../../src/core/leads/personal.ts';
import { LEAD_BODY_LIMIT_BYTES } from '../../../src/server/leads/leads-route.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest, TQG_AUTO_CONSENT } from '../../../tools/support/auto-lead.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { postWalkedLead, walkSteps } from '../../support/js-walk.ts';

const TQG = BRANDS.find((brand) => brand.id === 'tqg')!;
const AUTO_CONSENT = TQG_AUTO_CONSENT;
const AUTO_FIELDS = AUTO_LEAD_FIELDS;

let counter = 0;
/** A fresh lead id of the contract's shape. */
function leadId(): string {
  counter++;
  return `lead-test-${String(counter).padStart(8, '0')}-${process.pid}`;
}

function autoLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return autoLeadRequest(leadId(), overrides);
}

let app: FastifyInstance;
/** The form cookie of a browser that walked tqg's auto funnel with {@link AUTO_FIELDS}: the leads below are judged on their own merits. */
let walked: string;
before(async () => {
  app = await injectableApp();
  walked = await walkSteps(app, { host: 'tqg.localhost', route: 'quiz-auto', funnel: 'auto', fields: AUTO_FIELDS });
});
after(() => app.close());

function postLead(body: unknown, host = 'tqg.localhost', headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: LEADS_PATH,
    headers: { host, 'content-type': 'application/json', 'user-agent': 'LeadTest/1.0', cookie: walked, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/leads stores a lead before answering', () => {
  test('an auto lead: 201, stored with its fields, consent proof and status captured (in the outbox)', async () => {
    const body = autoLead({ consent: { ...(autoLead().consent as object), trustedFormCertUrl: 'https://cert.trustedform.com/abc123', leadidToken: 'AB12-CD34' } });
    const response = await postLead(body);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { id: body.id, status: 'captured', created: true });
    const lead = await app.store.getLead(body.id as string);
    assert.ok(lead);
    assert.equal(lead.brandId, 'tqg');
    assert.equal(lead.route, 'quiz-auto');
    assert.equal(lead.funnel, 'auto');
    assert.equal(lead.product, 'auto');
    assert.equal(lead.language, 'en');
    assert.equal(lead.anonymousId, 'anon-lead-1');
    assert.equal(lead.status, 'captured');
    assert.equal(lead.fields.driver1Email, 'ana.ruiz@example.com');
    assert.equal(lead.fields.driver1Dob, '1956-04-30');
    const consent = lead.consent!;
    assert.equal(consent.text, AUTO_CONSENT.text);
    assert.equal(consent.version, createHash('sha256').update(AUTO_CONSENT.text).digest('hex'));
    assert.equal(consent.buttonLabel, 'Get my quotes');
    assert.equal(consent.pageUrl, body.pageUrl);
    assert.equal(consent.userAgent, 'LeadTest/1.0');
    assert.equal(consent.ip, '127.0.0.1');
    assert.equal(consent.trustedFormCertUrl, 'https://cert.trustedform.com/abc123');
    assert.equal(consent.leadidToken, 'AB12-CD34');
    assert.ok(Math.abs(Date.parse(consent.consentedAt) - Date.now()) < 60_000);
    // The disclosure names the brand's legal owner and the button.
    assert.match(consent.text, new RegExp(TQG.owner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(consent.text, /By clicking "Get my quotes"/);
  });

  test('a retried submit with the same lead id stores one lead and answers 200', async () => {
    // A visitor of its own: the first test's contact again would make this lead a duplicate.
    const fields = { ...AUTO_FIELDS, driver1Email: 'retry.visitor@example.com', driver1Phone: '(305) 222-0303' };
    const body = autoLead({ fields });
    assert.equal((await postLead(body)).statusCode, 201);
    const again = await postLead({ ...body, fields: { ...fields, zipcode: '10001' } });
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json(), { id: body.id, status: 'captured', created: false });
    assert.equal((await app.store.getLead(body.id as string))!.fields.zipcode, '33101', 'the first capture stands');
    assert.equal((await app.store.listLeads({ brandId: 'tqg', limit: 1000 })).filter((lead) => lead.id === body.id).length, 1);
  });

  test('a Medicare lead is call-routed (the lead buyer takes no Medicare) and needs no consent', async () => {
    const body = { id: leadId(), route: 'quiz-otc', funnel: 'medicare', anonymousId: 'a', sessionId: 's', pageUrl: 'http://ac.localhost/quiz/otc/medicaid', fields: { zipcode: '33101', haveMedicare: true, haveMedicaid: false } };
    const response = await postWalkedLead(app, 'ac.localhost', body);
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json().status, 'call-routed');
    const lead = await app.store.getLead(body.id);
    assert.equal(lead!.product, 'medicare');
    assert.equal(lead!.consent, null);
  });
});

describe('POST /api/leads refuses bad input with 400 and the problems', () => {
  const cases: Array<{ name: string; body: () => unknown; host?: string; problem: RegExp }> = [
    { name: 'a lead id too short', body: () => autoLead({ id: 'short' }), problem: /^id: / },
    { name: 'no fields', body: () => ({ ...autoLead(), fields: undefined }), problem: /^fields: / },
    { name: 'a page address that is not http', body: () => autoLead({ pageUrl: 'javascript:alert(1)' }), problem: /^pageUrl: / },
    { name: 'a route not served on this brand', body: () => autoLead(), host: 'ac.localhost', problem: /^route: 'quiz-auto' is not a route of this site/ },
    { name: 'a funnel the route does not run', body: () => autoLead({ funnel: 'medicare' }), problem: /^funnel: route 'quiz-auto' runs no funnel 'medicare'/ },
    { name: 'an invalid field', body: () => autoLead({ fields: { ...AUTO_FIELDS, zipcode: '123' } }), problem: /^fields\.zipcode: / },
    { name: 'a phone in the wrong shape', body: () => autoLead({ fields: { ...AUTO_FIELDS, driver1Phone: '555-1234' } }), problem: /^fields\.driver1Phone: / },
    { name: 'a phone with no such area code', body: () => autoLead({ fields: { ...AUTO_FIELDS, driver1Phone: '(555) 123-4567' } }), problem: /^fields\.driver1Phone: Enter a US or Canadian phone number we can call/ },
    { name: 'contact details without consent', body: () => ({ ...autoLead(), consent: undefined }), problem: /^consent: required/ },
    { name: 'a disclosure other than the one shown', body: () => autoLead({ consent: { text: `${AUTO_CONSENT.text} (edited)`, buttonLabel: AUTO_CONSENT.buttonLabel } }), problem: /^consent\.text: / },
    { name: 'a button the disclosure does not name', body: () => autoLead({ consent: { text: AUTO_CONSENT.text, buttonLabel: 'Continue' } }), problem: /^consent\.buttonLabel: / },
    { name: 'a TrustedForm certificate that is not https', body: () => autoLead({ consent: { ...AUTO_CONSENT, segments: undefined, trustedFormCertUrl: 'http://cert.example/x' } }), problem: /trustedFormCertUrl/ },
    { name: 'text that is not JSON', body: () => '{"id":', problem: /JSON/i },
    { name: 'a body over the limit', body: () => autoLead({ fields: { ...AUTO_FIELDS, padding: 'x'.repeat(LEAD_BODY_LIMIT_BYTES) } }), problem: /larger than/ },
  ];
  for (const { name, body, host, problem } of cases) {
    test(name, async () => {
      const response = await postLead(body(), host);
      assert.equal(response.statusCode, 400, response.body);
      const answer = response.json<{ error: string; problems: string[] }>();
      assert.ok(answer.problems.some((line) => problem.test(line)), `${JSON.stringify(answer.problems)} has no line matching ${problem}`);
    });
  }
});

describe('personal data stays in the leads table', () => {
  test('a step submission event posted with personal values is stored with them redacted', async () => {
    const eventId = `event-pii-${process.pid}-0001`;
    const response = await app.inject({
      method: 'POST',
      url: EVENT_CREATE_PATH,
      headers: { host: 'tqg.localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'track',
        event: 'formStepSubmitted',
        timestamp: new Date().toISOString(),
        sessionId: 's-pii',
        anonymousId: 'a-pii',
        properties: { eventId, url: { path: '/quiz/auto/contact' }, formVersion: '2', stepName: 'contact', stepNumber: 24, data: { driver1Email: 'ana.ruiz@example.com', driver1Phone: '(555) 123-4567', zipcode: '33101' } },
      }),
    });
    assert.equal(response.statusCode, 201, response.body);
    const [stored] = await app.store.listEvents({ event: 'formStepSubmitted', brandId: 'tqg', limit: 50 }).then((rows) => rows.filter((row) => row.id === eventId));
    assert.deepEqual((stored!.properties as { data: unknown }).data, { driver1Email: REDACTED, driver1Phone: REDACTED, zipcode: '33101' });
  });

  test('a user state holding form values and captured facts is stored with personal values redacted', async () => {
    const response = await app.inject({
      method: 'POST',
      url: USER_SET_PATH,
      headers: { host: 'tqg.localhost', 'content-type': 'application/json' },
      payload: JSON.stringify({ anonymousId: 'a-state-pii', state: { formValues: { driver1FirstName: 'Ana', zipcode: '33101' }, captured: { firstname: 'Ana', phone: '5551234567', has_medicare: 'yes' }, leasedPhone: null } }),
    });
    assert.equal(response.statusCode, 204, response.body);
    const state = (await app.store.getUserState('a-state-pii')) as Record<string, Record<string, unknown>>;
    assert.deepEqual(state.formValues, { driver1FirstName: REDACTED, zipcode: '33101' });
    assert.deepEqual(state.captured, { firstname: REDACTED, phone: REDACTED, has_medicare: 'yes' });
  });
});
