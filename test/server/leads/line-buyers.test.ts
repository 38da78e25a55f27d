/**
 * Life and health leads reach a buyer of their own line: a lead captured with consent while the
 * line's buyer URL is set waits in the outbox and is delivered (its own schema, the line's token,
 * the lead id as Idempotency-Key) to a real local buyer; without that URL, or without consent,
 * it stays call-routed; an auto lead is never sent to the life buyer.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { brandById } from '../../../brands/index.ts';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { funnelConsent } from '../../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { initialLeadStatus } from '../../../src/server/leads/capture.ts';
import { configuredBuyers } from '../../../src/server/leads/lead-buyers.ts';
import { buyerPayload } from '../../../src/server/leads/lead-delivery.ts';
import { autoLeadRequest } from '../../../tools/support/auto-lead.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../../../tools/support/lead-buyer-server.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { walkSteps } from '../../support/js-walk.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const LIFE_TOKEN = 'life-buyer-token';

let counter = 0;
function leadId(): string {
  counter++;
  return `lead-line-${String(counter).padStart(8, '0')}-${process.pid}`;
}

/** wc's life lead as the funnel's contact step sends it; `consent: false` leaves out the contact details and their consent. */
function lifeLead(consent = true): Record<string, unknown> {
  const disclosure = funnelConsent(FUNNELS.life!, brandById('wc')!);
  assert.ok(disclosure, "the life funnel's consent step");
  const answers = { zipcode: '33145', ageRange: '40-49', coverageAmount: '50k-100k', tobaccoUse: false };
  return {
    id: leadId(),
    route: 'go-4-life',
    funnel: 'life',
    anonymousId: 'anon-line-1',
    sessionId: 'session-line-1',
    pageUrl: 'http://wc.localhost/go-4-life/contact',
    fields: consent ? { ...answers, firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(305) 555-0100' } : answers,
    ...(consent ? { consent: { text: disclosure.text, buttonLabel: disclosure.buttonLabel } } : {}),
  };
}

/**
 * POSTs lead `body` from a browser that walked its funnel. A life lead without contact details is
 * walked with them (its contact step asks them), so what decides its status is its own fields.
 */
async function postLead(app: FastifyInstance, body: Record<string, unknown>, host: string) {
  const walkFields = body.funnel === 'life' ? (lifeLead().fields as Record<string, unknown>) : (body.fields as Record<string, unknown>);
  const cookie = await walkSteps(app, { host, route: String(body.route), funnel: String(body.funnel), fields: walkFields });
  return app.inject({ method: 'POST', url: LEADS_PATH, headers: { host, 'content-type': 'application/json', cookie }, payload: JSON.stringify(body) });
}

describe('initialLeadStatus: who waits in the outbox', () => {
  const takesLife = (product: string) => product === 'life';
  const cases: Array<[string, boolean, (product: string) => boolean, string]> = [
    ['auto', false, () => false, 'captured'],
    ['auto', true, takesLife, 'captured'],
    ['life', true, takesLife, 'captured'],
    ['life', false, takesLife, 'call-routed'],
    ['life', true, () => false, 'call-routed'],
    ['health', true, takesLife, 'call-routed'],
    ['health', true, () => true, 'captured'],
    ['medicare', true, () => true, 'call-routed'],
  ];
  for (const [product, consented, takes, status] of cases) {
    test(`${product}, ${consented ? 'consent' : 'no consent'}, buyer ${takes(product) ? 'set' : 'unset'}: ${status}`, () => {
      assert.equal(initialLeadStatus(product, consented, takes), status);
    });
  }
});

describe("buyerPayload: each line's buyer schema", () => {
  const cases: Array<[string, Record<string, unknown>, object]> = [
    ['life', { zipcode: '33145', tobaccoUse: true, phone: '(305) 555-0100' }, { product: 'life', zip: '33145', tobacco: 'yes', primary_phone: '3055550100' }],
    [
      'health',
      { zipcode: '60607', householdSize: '3', householdIncome: 'under-25k', haveHealthInsurance: false, email: 'bo@example.org' },
      { product: 'health', zip: '60607', household_size: '3', income_band: 'under-25k', currently_insured: 'no', email: 'bo@example.org' },
    ],
    ['life', { zipcode: 'not a zip', ageRange: '40-49' }, { product: 'life', age_range: '40-49' }],
  ];
  for (const [product, fields, expected] of cases) {
    test(`${product} ${JSON.stringify(fields)}`, () => assert.deepEqual(buyerPayload({ product, fields }), expected));
  }
  test('Medicare has no buyer schema (spec §8)', () => {
    assert.throws(() => buyerPayload({ product: 'medicare', fields: { zipcode: '90210' } }), new Error('schema not implemented for medicare'));
  });
  test('configuredBuyers: each line its own URL and token, unset ones left out', () => {
    assert.deepEqual(configuredBuyers({ LEAD_BUYER_URL: 'https://a.example', LEAD_BUYER_TOKEN: 'a', LEAD_BUYER_URL_HEALTH: 'https://h.example', LEAD_BUYER_TOKEN_LIFE: 'unused' }), {
      auto: { url: 'https://a.example', token: 'a' },
      health: { url: 'https://h.example' },
    });
  });
});

describe('a life buyer configured (LEAD_BUYER_URL_LIFE)', () => {
  let buyer: FixtureLeadBuyer;
  let app: FastifyInstance;
  const attempts = new EventEmitter();
  before(async () => {
    buyer = await startLeadBuyer('ok');
    app = await injectableApp({ LEAD_BUYER_URL_LIFE: buyer.url, LEAD_BUYER_TOKEN_LIFE: LIFE_TOKEN }, { leadJobs: { onAttempt: () => attempts.emit('attempt') } });
  });
  after(async () => {
    await app.close();
    await buyer.close();
  });

  test('a life lead with consent goes through the outbox to the life buyer, in its own schema, and is delivered', async () => {
    const body = lifeLead();
    const response = await postLead(app, body, 'wc.localhost');
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json<{ status: string }>().status, 'captured');
    await buyer.waitForRequests(1);
    const [request] = buyer.requestsFor(body.id as string);
    assert.ok(request);
    assert.equal(request.idempotencyKey, body.id);
    assert.equal(request.authorization, `Bearer ${LIFE_TOKEN}`);
    assert.deepEqual(request.body, {
      product: 'life',
      zip: '33145',
      age_range: '40-49',
      coverage_amount: '50k-100k',
      tobacco: 'no',
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      primary_phone: '3055550100',
    });
    const delivered = await whenEmitted(
      attempts,
      'attempt',
      async () => {
        const lead = await app.store.getLead(body.id as string);
        return lead?.status === 'delivered' ? lead : undefined;
      },
      'the lead recorded as delivered',
    );
    assert.equal(delivered.product, 'life');
  });

  test('a life lead without consent stays call-routed and is never sent', async () => {
    const response = await postLead(app, lifeLead(false), 'wc.localhost');
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json<{ status: string }>().status, 'call-routed');
  });

  test('an auto lead waits captured: the life buyer never gets it', async () => {
    const sent = buyer.requests.length;
    const body = autoLeadRequest(leadId());
    const response = await postLead(app, body, 'tqg.localhost');
    assert.equal(response.json<{ status: string }>().status, 'captured');
    // The outbox claims only leads of a line with a buyer: one more round leaves it alone.
    assert.deepEqual(await app.store.claimDueLeads(new Date().toISOString(), 10, 1000, ['life']), []);
    assert.equal(buyer.requests.length, sent);
    assert.equal((await app.store.getLead(body.id as string))?.status, 'captured');
  });
});

describe('no life buyer configured', () => {
  test('a life lead with consent is call-routed', async () => {
    const app = await injectableApp({});
    try {
      const response = await postLead(app, lifeLead(), 'wc.localhost');
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json<{ status: string }>().status, 'call-routed');
    } finally {
      await app.close();
    }
  });
});
