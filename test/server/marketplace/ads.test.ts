/**
 * POST /api/mediaalpha/ads: against the sandbox marketplace (the list for the brand's product
 * line, the server's fields added, the exchange recorded with PII redacted), against failures
 * (500, garbage, a hang past the budget, refused, an answer that is not an ad list: 502), bad
 * input (400) and no configuration (503). Also: the body the browser builds is one the server takes.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { adsRequestBody } from '../../../src/client/marketplace/ads.ts';
import { brandById } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import { ADS_PATH, AdsRequestSchema } from '../../../src/core/contract/ads.ts';
import { EMPTY_FORM_BUCKETS, mergeFormValues } from '../../../src/core/funnels/form-buckets.ts';
import { AD_LANGUAGE_FIELD } from '../../../src/core/marketplace/constants.ts';
import { AdListResponseSchema } from '../../../src/core/marketplace/response-schemas.ts';
import type { AdListResponse } from '../../../src/core/marketplace/responses.ts';
import { loadPayload } from '../../../src/core/payload/load.ts';
import type { PagePayload } from '../../../src/core/payload/types.ts';
import { createMatcher } from '../../../src/core/router/match.ts';
import { REDACTED } from '../../../src/server/marketplace/redact.ts';
import { AD_LIST_MAX } from '../../../src/server/marketplace/ads-route.ts';
import { sandboxUpstreamEnv } from '../../../src/server/marketplace/sandbox/auto-start.ts';
import { SANDBOX_CARRIER_ADS } from '../../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { startSandboxMarketplace, type SandboxMarketplace } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const TOKEN = 'test-token';
const TIMEOUT_MS = 1500;

/** The server pointed at `sandbox` for ads, with a budget well under the sandbox's slow answer. */
function adsEnv(adsUrl: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    MEDIAALPHA_ADS_URL: adsUrl,
    MEDIAALPHA_API_TOKEN: TOKEN,
    MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
    MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto',
    MEDIAALPHA_AFFILIATE_ID: 'aff-configured',
    MEDIAALPHA_TIMEOUT_MS: String(TIMEOUT_MS),
    ...overrides,
  };
}

const request = (zip?: string, extra: Record<string, unknown> = {}) => ({
  ...(zip ? { zip } : {}),
  url: 'https://ac.localhost/ads/ads?firstname=Ada&afid=',
  local_hour: 14,
  ...extra,
});

describe('POST /api/mediaalpha/ads against the sandbox marketplace', () => {
  let sandbox: SandboxMarketplace;
  let app: FastifyInstance;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
    app = await injectableApp(adsEnv(sandbox.endpoints.ads));
  });
  after(async () => {
    await app.close();
    await sandbox.close();
  });

  const post = (payload: unknown, host = 'ac.localhost', headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: ADS_PATH, headers: { host, 'user-agent': 'Mozilla/5.0 (test)', 'x-forwarded-for': '198.51.100.23', ...headers }, payload: payload as object });

  test('answers {parsed, raw} with the ad list of the brand product line, and records the exchange with PII redacted', async () => {
    const response = await post(request('33142'));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ parsed: AdListResponse; raw: string }>();
    assert.deepEqual(Object.keys(body), ['parsed', 'raw']);
    assert.deepEqual(JSON.parse(body.raw), body.parsed);
    const list = AdListResponseSchema.parse(body.parsed);
    assert.equal(list.num_ads, AD_LIST_MAX);
    assert.equal(list.ads[0]!.carrier, 'Humana', 'Medicare ads for a Medicare brand');
    assert.equal(list.ads[0]!.bid, 29.2, 'the ZIP rule: 25 + 42/10');

    const [row] = await app.store.listExchanges({ last: 1, kind: 'ads' });
    assert.ok(row, 'recorded');
    assert.equal(row.brandId, 'ac');
    assert.equal(row.url, sandbox.endpoints.ads);
    assert.equal(row.status, 200);
    assert.equal(row.response, body.raw);
    assert.deepEqual(row.request, {
      placement_id: 'placement-medicare',
      version: 17,
      product: 'medicare',
      zip: '33142',
      max: AD_LIST_MAX,
      ip: REDACTED,
      ua: 'Mozilla/5.0 (test)',
      url: 'https://ac.localhost/ads/ads?firstname=%5Bredacted%5D&afid=',
      local_hour: 14,
      sub_1: 'aff-configured',
      sub_2: 'en',
    });
    assert.ok(!JSON.stringify(row).includes(TOKEN), 'the token is never recorded');
  });

  test("an auto brand gets the auto placement and auto ads; the browser's sub_1 beats the configured one", async () => {
    const response = await post(request('90210', { sub_1: 'aff-url' }), 'tqg.localhost');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<{ parsed: AdListResponse }>().parsed.ads[0]!.carrier, 'Progressive');
    const [row] = await app.store.listExchanges({ last: 1, kind: 'ads' });
    assert.equal((row!.request as { placement_id: string }).placement_id, 'placement-auto');
    assert.equal((row!.request as { product: string }).product, 'auto');
    assert.equal((row!.request as { sub_1: string }).sub_1, 'aff-url');
  });

  // The page's language comes from the route table, as its product line does: the browser names neither.
  const languages: Array<[string, string, string, 'en' | 'es']> = [
    ['a Spanish page (/ads-es) gets Spanish ads', 'ac', 'https://ac.localhost/ads-es/ads', 'es'],
    ['an English page (/ads) gets English ads', 'emily', 'https://emily.localhost/ads/ads', 'en'],
    ['a path no page matches counts as English', 'ac', 'https://ac.localhost/no-such-page', 'en'],
    ["a Spanish path on a brand that does not serve it is no Spanish page", 'm10', 'https://m10.localhost/ads-es/ads', 'en'],
  ];
  for (const [label, brand, url, language] of languages) {
    test(`${label}: the request carries the language as ${AD_LANGUAGE_FIELD}`, async () => {
      const response = await post(request('33142', { url }), `${brand}.localhost`);
      assert.equal(response.statusCode, 200, response.body);
      const { ads } = response.json<{ parsed: AdListResponse }>().parsed;
      const expected = SANDBOX_CARRIER_ADS.medicare.slice(0, AD_LIST_MAX).map((ad) => (language === 'es' ? ad.es : { headline: ad.headline, description: ad.description }));
      assert.deepEqual(ads.map(({ headline, description }) => ({ headline, description })), expected);
      const [row] = await app.store.listExchanges({ last: 1, kind: 'ads' });
      assert.equal((row!.request as Record<string, unknown>)[AD_LANGUAGE_FIELD], language);
    });
  }

  test('the Spanish ads are Spanish words, not the English ones again', () => {
    for (const ad of Object.values(SANDBOX_CARRIER_ADS).flat()) {
      assert.notEqual(ad.es.headline, ad.headline, ad.slug);
      assert.notEqual(ad.es.description, ad.description, ad.slug);
    }
  });

  test('without a zip the list still comes (the sandbox bids low)', async () => {
    const response = await post(request());
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json<{ parsed: AdListResponse }>().parsed.ads[0]!.bid, 4.5);
  });

  const failures: Array<[string, string, string]> = [
    ['HTTP 500', '00002', 'upstream answered HTTP 500'],
    ['garbage instead of JSON', '00003', 'upstream answered HTTP 200 with a body that is not JSON'],
    ['half a body, then nothing', '00004', `upstream timed out after ${TIMEOUT_MS} ms`],
  ];
  for (const [label, zip, error] of failures) {
    test(`${label}: 502 with a one-line reason, within the budget, recorded`, async () => {
      const started = performance.now();
      const response = await post(request(zip));
      assert.ok(performance.now() - started < TIMEOUT_MS + 1000, 'answered within the budget');
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error });
      const [row] = await app.store.listExchanges({ last: 1, kind: 'ads' });
      assert.equal(row!.error, error);
      assert.equal((row!.request as { zip: string }).zip, zip);
    });
  }

  const badInputs: Array<[string, unknown, RegExp]> = [
    ['a zip that is not 5 digits', request('3314'), /^zip: zip must be 5 digits$/],
    ['no url', { local_hour: 14 }, /^url: /],
    ['a javascript: url', request('33142', { url: 'javascript:alert(1)' }), /^url: /],
    ['an hour of 24', request('33142', { local_hour: 24 }), /^local_hour: /],
    ['an unknown key', request('33142', { placement_id: 'mine' }), /placement_id/],
    ['not an object', [1, 2], /object/],
  ];
  for (const [label, payload, problem] of badInputs) {
    test(`${label}: 400 listing the problem, nothing sent upstream`, async () => {
      const before = (await app.store.listExchanges({ last: 1, kind: 'ads' }))[0]?.id;
      const response = await post(payload);
      assert.equal(response.statusCode, 400);
      const body = response.json<{ error: string; problems: string[] }>();
      assert.equal(body.error, 'invalid ads request');
      assert.ok(body.problems.some((line) => problem.test(line)), body.problems.join('\n'));
      assert.equal((await app.store.listExchanges({ last: 1, kind: 'ads' }))[0]?.id, before);
    });
  }

  test('a body that is not JSON: 400', async () => {
    const response = await app.inject({ method: 'POST', url: ADS_PATH, headers: { host: 'ac.localhost', 'content-type': 'application/json' }, payload: '{"zip": ' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ error: string }>().error, 'Invalid request body');
  });
});

describe('POST /api/mediaalpha/ads, other upstreams', () => {
  test('an upstream answering JSON that is not an ad list: 502', async () => {
    const upstream = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ads": "none"}'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const app = await injectableApp(adsEnv(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/ads`));
    try {
      const response = await app.inject({ method: 'POST', url: ADS_PATH, headers: { host: 'ac.localhost' }, payload: request('33142') });
      assert.equal(response.statusCode, 502);
      assert.match(response.json<{ error: string }>().error, /^upstream answer is not an ad list \(ads: /);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });

  test('a refused connection: 502', async () => {
    // Port 9 (discard) has no listener on a test machine: the connection is refused.
    const app = await injectableApp(adsEnv('http://127.0.0.1:9/ads'));
    try {
      const response = await app.inject({ method: 'POST', url: ADS_PATH, headers: { host: 'ac.localhost' }, payload: request('33142') });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: 'upstream refused the connection' });
    } finally {
      await app.close();
    }
  });

  test('not configured: 503 naming the variable', async () => {
    const app = await injectableApp({});
    try {
      const response = await app.inject({ method: 'POST', url: ADS_PATH, headers: { host: 'ac.localhost' }, payload: request('33142') });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { error: 'MEDIAALPHA_ADS_URL is not configured' });
    } finally {
      await app.close();
    }
  });

  test('the auto-started sandbox points the ads route at itself too', () => {
    const env = sandboxUpstreamEnv({ endpoints: { demandCheck: 'http://s/dc', getPhone: 'http://s/gp', ads: 'http://s/ads', leadBuyer: 'http://s/lb' }, token: 't' }, {});
    assert.equal(env.MEDIAALPHA_ADS_URL, 'http://s/ads');
  });
});

describe("the browser's ad request", () => {
  test('the ads body the browser builds is what the server accepts', async () => {
    const payload = loadPayload(createMatcher(ROUTES), { brand: brandById('ac')!, path: '/ads/ads', query: {}, buildId: 'test' }) as PagePayload;
    const buckets = mergeFormValues(EMPTY_FORM_BUCKETS, payload.funnel!.id, { zipcode: '33142' });
    const body = await adsRequestBody(
      {
        payload: () => payload,
        ipLookup: async () => null,
        href: () => 'https://ac.localhost/ads/ads?afid=77',
        urlParams: () => ({ afid: '77' }),
        userAgent: 'Mozilla/5.0 (test)',
        now: () => new Date(),
        fetch,
      },
      { getSnapshot: () => buckets },
    );
    const parsed = AdsRequestSchema.safeParse(body);
    assert.equal(parsed.success, true, JSON.stringify(parsed.error?.issues));
  });
});
