/**
 * Each page's product line over HTTP, against the sandbox marketplace: the server reads the line
 * from the page's route (wc's /go-4-life is life, bh's /go-4-health health, a page without a
 * product the brand's line), sends that line's placement, checks the lead against that line's
 * shape (a Medicare-shaped lead on a life page is a 400) and asks for that line's ads. What went
 * upstream is read from the recorded exchanges.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ProductLead } from '../../../src/core/leads/product.ts';
import { buildDemandCheckPayload, buildGetPhonePayload, type GetPhoneRequest } from '../../../src/core/marketplace/payloads.ts';
import type { ProductLine } from '../../../src/core/marketplace/product-line.ts';
import { REDACTED } from '../../../src/server/marketplace/redact.ts';
import { SANDBOX_CARRIER_ADS } from '../../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_PLACEMENT_IDS } from '../../../src/server/marketplace/sandbox/sandbox-rules.ts';
import type { ExchangeRow } from '../../../src/server/platform/store/index.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const TOKEN = 'lines-token';

const REQUEST = { ip: '198.51.100.23', localHour: 10, ua: 'Mozilla/5.0 (test)', placementId: 'placement-from-browser', urlParams: {} } as const;

describe('product lines: every page asks the marketplace on its own line', () => {
  let sandbox: SandboxMarketplace;
  let app: FastifyInstance;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
    app = await injectableApp({
      MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
      MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
      MEDIAALPHA_ADS_URL: sandbox.endpoints.ads,
      MEDIAALPHA_API_TOKEN: TOKEN,
      MEDIAALPHA_PLACEMENT_MEDICARE: SANDBOX_PLACEMENT_IDS.medicare,
      MEDIAALPHA_PLACEMENT_AUTO: SANDBOX_PLACEMENT_IDS.auto,
      MEDIAALPHA_PLACEMENT_LIFE: SANDBOX_PLACEMENT_IDS.life,
      MEDIAALPHA_PLACEMENT_HEALTH: SANDBOX_PLACEMENT_IDS.health,
      MEDIAALPHA_TIMEOUT_MS: '2500',
    });
  });
  after(async () => {
    await app.close();
    await sandbox.close();
  });

  const post = (path: string, host: string, payload: object) => app.inject({ method: 'POST', url: path, headers: { host: `${host}.localhost` }, payload });

  async function lastExchange(): Promise<ExchangeRow & { request: Record<string, unknown> }> {
    const [row] = await app.store.listExchanges({ last: 1 });
    assert.ok(row, 'an exchange was recorded');
    return row as ExchangeRow & { request: Record<string, unknown> };
  }

  const demandChecks: Array<[string, string, ProductLine]> = [
    ['wc', '/go-4-life/age', 'life'],
    ['bh', '/go-4-health/household', 'health'],
    ['wc', '/', 'medicare'],
    ['tqg', '/quiz/auto', 'auto'],
    ['ac', '/quiz/otc', 'medicare'],
    ['wc', '/no-such-page', 'medicare'],
  ];
  for (const [brand, path, line] of demandChecks) {
    test(`demand check on ${brand} ${path}: the ${line} placement goes upstream`, async () => {
      const payload = buildDemandCheckPayload({ ...REQUEST, url: `https://${brand}.localhost${path}?afid=9`, geo: { postalCode: '33145', stateCode: 'FL' } });
      const response = await post('/api/mediaalpha/demand-check', brand, payload);
      assert.equal(response.statusCode, 200, response.body);
      const row = await lastExchange();
      assert.equal(row.kind, 'demand-check');
      assert.equal(row.request.placement_id, SANDBOX_PLACEMENT_IDS[line]);
    });
  }

  /** The get-phone request a page posts for `lead` on `pagePath`, consent given. */
  function getPhone(lead: ProductLead, pagePath: string | undefined, origin: string): GetPhoneRequest {
    const payload = buildGetPhonePayload({ ...REQUEST, ...lead, url: `${origin}${pagePath ?? '/'}`, contactConsent: true });
    return pagePath === undefined ? payload : { ...payload, page_path: pagePath };
  }

  const leases: Array<[string, string, ProductLead, object, string]> = [
    [
      'wc',
      '/go-4-life/call',
      { product: 'life', lead: { zipcode: '33145', ageRange: '40-49', coverageAmount: '50k-100k', tobaccoUse: false, firstName: 'Ann', email: 'ann@example.com', phone: '(305) 555-0100' } },
      { zip: '33145', age_range: '40-49', coverage_amount: '50k-100k', tobacco: 0, contact: REDACTED, email: REDACTED, phone: REDACTED },
      '8775550145',
    ],
    [
      'bh',
      '/go-4-health/call',
      { product: 'health', lead: { zipcode: '60607', householdSize: '3', householdIncome: '25k-50k', haveHealthInsurance: true } },
      { zip: '60607', household_size: '3', income_band: '25k-50k', currently_insured: 1 },
      '8665550107',
    ],
  ];
  for (const [brand, pagePath, lead, data, number] of leases) {
    test(`phone lease on ${brand} ${pagePath}: the ${lead.product} placement and the ${lead.product} lead, a ${lead.product} number`, async () => {
      const response = await post('/api/mediaalpha/get-phone', brand, getPhone(lead, pagePath, `https://${brand}.localhost`));
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json<{ leased: { value: string } }>().leased.value, number);
      const row = await lastExchange();
      assert.equal(row.kind, 'get-phone');
      assert.equal(row.request.placement_id, SANDBOX_PLACEMENT_IDS[lead.product]);
      assert.deepEqual(row.request.data, data);
      assert.equal('page_path' in row.request, false, 'the page path stays with our server');
    });
  }

  test("a Medicare-shaped lead on a life page is refused: 400 naming the line, nothing sent upstream", async () => {
    const before = await app.store.listExchanges({ last: 1 });
    const response = await post('/api/mediaalpha/get-phone', 'wc', getPhone({ product: 'medicare', lead: { zipcode: '33145' } }, '/go-4-life/call', 'https://wc.localhost'));
    assert.equal(response.statusCode, 400);
    const body = response.json<{ error: string; problems: string[] }>();
    assert.equal(body.error, 'invalid get-phone payload');
    assert.ok(body.problems.length > 0 && body.problems.every((problem) => problem.startsWith('data is not a life lead')), body.problems.join('\n'));
    assert.deepEqual(await app.store.listExchanges({ last: 1 }), before);
  });

  const badPaths: Array<[string, unknown, number]> = [
    ['a number', 5, 400],
    ['not a path', 'go-4-life', 400],
    ['too long', `/${'a'.repeat(2048)}`, 400],
    ['a malformed escape (no page of the brand: its own line)', '/%E0%A4%A', 200],
  ];
  for (const [label, pagePath, status] of badPaths) {
    test(`page_path ${label}: ${status}, never a 500`, async () => {
      const payload = getPhone({ product: 'medicare', lead: { zipcode: '33145' } }, undefined, 'https://wc.localhost');
      const response = await post('/api/mediaalpha/get-phone', 'wc', { ...payload, page_path: pagePath });
      assert.equal(response.statusCode, status, response.body);
      if (status === 400) assert.match(response.json<{ problems: string[] }>().problems.join('\n'), /page_path/);
    });
  }

  test("without a page path the lease is for the brand's own line (the spec's payload as it is)", async () => {
    const response = await post('/api/mediaalpha/get-phone', 'wc', getPhone({ product: 'medicare', lead: { zipcode: '33145', haveMedicare: true } }, undefined, 'https://wc.localhost'));
    assert.equal(response.statusCode, 200, response.body);
    const row = await lastExchange();
    assert.equal(row.request.placement_id, SANDBOX_PLACEMENT_IDS.medicare);
    assert.deepEqual(row.request.data, { zip: '33145', currently_insured: 1, dsnp: 0 });
  });

  const adPages: Array<[string, string, ProductLine]> = [
    ['wc', '/go-4-life/call', 'life'],
    ['bh', '/go-4-health/call', 'health'],
    ['ac', '/ads/ads', 'medicare'],
  ];
  for (const [brand, path, line] of adPages) {
    test(`ads on ${brand} ${path}: ${line} ads for the ${line} placement`, async () => {
      const response = await post('/api/mediaalpha/ads', brand, { zip: '33145', url: `https://${brand}.localhost${path}`, local_hour: 10 });
      assert.equal(response.statusCode, 200, response.body);
      const carriers = response.json<{ parsed: { ads: Array<{ carrier: string }> } }>().parsed.ads.map((ad) => ad.carrier);
      assert.deepEqual(carriers, SANDBOX_CARRIER_ADS[line].map((ad) => ad.carrier));
      if (line !== 'medicare') assert.doesNotMatch(response.body, /Medicare/);
      const row = await lastExchange();
      assert.equal(row.kind, 'ads');
      assert.equal(row.request.product, line);
      assert.equal(row.request.placement_id, SANDBOX_PLACEMENT_IDS[line]);
    });
  }
});
