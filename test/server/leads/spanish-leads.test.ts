/**
 * Spanish auto, life and health leads: captured from their Spanish routes (language `es`), with
 * the Spanish disclosure the visitor saw as their consent proof, and delivered to their line's
 * buyer in the same shape as an English lead (a buyer's schema has no language).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { brandById } from '../../../brands/index.ts';
import { LEADS_PATH } from '../../../src/core/contract/leads.ts';
import { funnelConsent } from '../../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { buyerPayload } from '../../../src/server/leads/lead-delivery.ts';
import { AUTO_LEAD_FIELDS } from '../../../tools/support/auto-lead.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../../../tools/support/lead-buyer-server.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { postWalkedLead } from '../../support/js-walk.ts';

let counter = 0;
function leadId(): string {
  counter++;
  return `lead-es-${String(counter).padStart(8, '0')}-${process.pid}`;
}

const CONTACT = { firstName: 'Lucía', lastName: 'Gómez', email: 'lucia.gomez@example.com', phone: '(305) 555-0142' };

/** One Spanish lead per line: the brand and Spanish route running it, and a complete answer set. */
const CASES = [
  { line: 'auto', brand: 'tqg', route: 'quiz-auto-es', path: '/quiz/auto-es/contact', fields: { ...AUTO_LEAD_FIELDS, driver1Email: 'lucia.auto@example.com', driver1Phone: '(305) 555-0143' } },
  { line: 'life', brand: 'ac', route: 'go-4-life-es', path: '/go-4-life-es/contact', fields: { zipcode: '33145', ageRange: '60-69', coverageAmount: '10k-25k', tobaccoUse: false, ...CONTACT } },
  {
    line: 'health',
    brand: 'ac',
    route: 'go-4-health-es',
    path: '/go-4-health-es/contact',
    fields: { zipcode: '33145', ageRange: '40-49', householdSize: '3', householdIncome: '25k-50k', haveHealthInsurance: false, ...CONTACT, email: 'lucia.salud@example.com' },
  },
] as const;

let buyers: Record<(typeof CASES)[number]['line'], FixtureLeadBuyer>;
let app: FastifyInstance;
before(async () => {
  buyers = { auto: await startLeadBuyer('ok'), life: await startLeadBuyer('ok'), health: await startLeadBuyer('ok') };
  app = await injectableApp({
    LEAD_BUYER_URL: buyers.auto.url,
    LEAD_BUYER_TOKEN: 'auto-token',
    LEAD_BUYER_URL_LIFE: buyers.life.url,
    LEAD_BUYER_TOKEN_LIFE: 'life-token',
    LEAD_BUYER_URL_HEALTH: buyers.health.url,
    LEAD_BUYER_TOKEN_HEALTH: 'health-token',
  });
});
after(async () => {
  await app?.close();
  for (const buyer of Object.values(buyers ?? {})) await buyer.close();
});

describe('a Spanish lead of every line', () => {
  for (const { line, brand, route, path, fields } of CASES) {
    test(`${line} on ${brand} ${route}: stored as Spanish, the Spanish disclosure as proof, delivered as any ${line} lead`, async () => {
      const funnel = FUNNELS[`${line}-es`];
      assert.ok(funnel);
      const disclosure = funnelConsent(funnel, brandById(brand)!);
      assert.ok(disclosure, 'the Spanish funnel asks for consent');
      assert.match(disclosure.text, /^Al hacer clic en "/, 'the disclosure the visitor read is Spanish');
      const body = {
        id: leadId(),
        route,
        funnel: funnel.id,
        anonymousId: `anon-es-${line}`,
        sessionId: `session-es-${line}`,
        pageUrl: `http://${brand}.localhost${path}`,
        fields,
        consent: { text: disclosure.text, buttonLabel: disclosure.buttonLabel },
      };
      const response = await postWalkedLead(app, `${brand}.localhost`, body);
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json<{ status: string }>().status, 'captured');

      const lead = await app.store.getLead(body.id);
      assert.ok(lead);
      assert.equal(lead.language, 'es');
      assert.equal(lead.product, line);
      assert.equal(lead.funnel, `${line}-es`);
      assert.equal(lead.consent?.text, disclosure.text);
      assert.equal(lead.consent?.buttonLabel, disclosure.buttonLabel);
      assert.notEqual(disclosure.buttonLabel, funnelConsent(FUNNELS[line]!, brandById(brand)!)?.buttonLabel, 'the button named is the Spanish one');

      const buyer = buyers[line];
      await buyer.waitForRequests(1);
      const [delivered] = buyer.requestsFor(body.id);
      assert.ok(delivered, `the ${line} buyer got the lead`);
      assert.deepEqual(delivered.body, JSON.parse(JSON.stringify(buyerPayload({ product: line, fields: lead.fields }))));
    });
  }

  test('a Spanish route refuses a lead of its English funnel: 400 naming it', async () => {
    const [auto] = CASES;
    const body = { id: leadId(), route: auto.route, funnel: 'auto', anonymousId: 'a', sessionId: 's', pageUrl: 'http://tqg.localhost/quiz/auto-es/contact', fields: auto.fields };
    const response = await app.inject({ method: 'POST', url: LEADS_PATH, headers: { host: 'tqg.localhost', 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    assert.equal(response.statusCode, 400, response.body);
    assert.ok(response.json<{ problems: string[] }>().problems.some((line) => line.startsWith("funnel: route 'quiz-auto-es' runs no funnel 'auto'")), response.body);
    assert.equal(await app.store.getLead(body.id), undefined);
  });
});
