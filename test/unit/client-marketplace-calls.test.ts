/**
 * The browser's marketplace calls against a real local HTTP server standing in for ours: the
 * demand check posts the exact §7 payload, sets its result and records the lowBidResult event,
 * and swallows every failure (HTTP 500, garbage, an answer without an estimate) without a result
 * or an event; the phone lease posts the exact get-phone payload and keeps the lease; the ad list
 * reads only a valid list.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ROUTES } from '../../routes.ts';
import { brandById } from '../../brands/index.ts';
import { createAdsClient } from '../../src/client/marketplace/ads.ts';
import { createDemandCheck } from '../../src/client/marketplace/demand-check.ts';
import { createPhoneLease } from '../../src/client/marketplace/phone-lease.ts';
import type { MarketplaceVisitor } from '../../src/client/marketplace/visitor-context.ts';
import { ADS_PATH } from '../../src/core/contract/ads.ts';
import { DEMAND_CHECK_PATH, GET_PHONE_PATH } from '../../src/core/contract/marketplace.ts';
import { EMPTY_FORM_BUCKETS, mergeFormValues, type FormBuckets } from '../../src/core/funnels/form-buckets.ts';
import type { LeasedPhone } from '../../src/core/marketplace/phone.ts';
import { buildDemandCheckPayload, buildGetPhonePayload } from '../../src/core/marketplace/payloads.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import type { IpLookupContext } from '../../src/core/tracking/context.ts';
import { sandboxAdList } from '../../src/server/marketplace/sandbox/sandbox-ads.ts';
import { fetchedUrl } from '../support/fetched-url.ts';

/** How the local server answers one route: status, body text and content type. */
interface Answer {
  status: number;
  body: string;
  type?: string;
}

const json = (value: unknown, status = 200): Answer => ({ status, body: JSON.stringify(value) });
const GARBAGE: Answer = { status: 200, body: '<html>Bad gateway</html>', type: 'text/html' };
const FAILURE: Answer = { status: 500, body: '{"error":"Internal Server Error"}' };

let server: http.Server;
let serverUrl: string;
let answers: Map<string, Answer>;
let received: Array<{ path: string; body: unknown }>;

before(async () => {
  server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(text || 'null') });
      const answer = answers.get(req.url ?? '') ?? { status: 404, body: '{}' };
      res.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  answers = new Map();
  received = [];
});

const matcher = createMatcher(ROUTES);
const MARKETPLACE = { placementId: 'placement-medicare', affiliateId: 'aff-configured' };

function page(brandId: string, path: string, marketplace: PagePayload['marketplace'] | null = MARKETPLACE): PagePayload {
  const payload = loadPayload(matcher, { brand: brandById(brandId)!, path, query: {}, buildId: 'test' });
  assert.equal(payload.kind, 'page', `${brandId} serves ${path}`);
  return { ...payload, ...(marketplace ? { marketplace } : {}) };
}

const GEO: IpLookupContext = { city: 'Boston', stateCode: 'MA', postalCode: '02108', value: '198.51.100.23', isp: 'Example ISP' };
const NOW = new Date(2025, 2, 4, 14, 30); // 14:30 on the visitor's own clock

/** The visitor the calls read, resolving our relative /api paths against the local server. */
function visitor(shown: PagePayload, overrides: Partial<MarketplaceVisitor> = {}): MarketplaceVisitor {
  return {
    payload: () => shown,
    ipLookup: async () => GEO,
    href: () => `https://ac.localhost${shown.path}?afid=77&utm_source=test`,
    urlParams: () => ({ afid: '77', utm_source: 'test' }),
    userAgent: 'Mozilla/5.0 (test)',
    now: () => NOW,
    fetch: (input, init) => fetch(new URL(fetchedUrl(input), serverUrl), init),
    ...overrides,
  };
}

function tracker() {
  const events: Array<{ event: string; props: Record<string, unknown> }> = [];
  return { events, track: (event: string, props: Record<string, unknown>) => void events.push({ event, props }) };
}

describe('demand check', () => {
  const callPage = page('ac', '/quiz/otc/call');

  test('posts the exact §7 payload: IP lookup zip and state, ip, local hour, placement, ua, full url, afid as sub_1', async () => {
    answers.set(DEMAND_CHECK_PATH, json({ parsed: { ctc: { ev: 26 } }, raw: '{"ctc":{"ev":26}}' }));
    await createDemandCheck({ visitor: visitor(callPage), ...tracker() }).run();
    const expected = buildDemandCheckPayload({
      ip: '198.51.100.23',
      localHour: 14,
      ua: 'Mozilla/5.0 (test)',
      url: 'https://ac.localhost/quiz/otc/call?afid=77&utm_source=test',
      placementId: 'placement-medicare',
      urlParams: { afid: '77', utm_source: 'test' },
      configuredAffiliateId: 'aff-configured',
      geo: { postalCode: '02108', stateCode: 'MA' },
    });
    assert.deepEqual(received, [{ path: DEMAND_CHECK_PATH, body: expected }]);
    assert.equal((received[0]!.body as { sub_1: string }).sub_1, '77');
    assert.deepEqual((received[0]!.body as { data: unknown }).data, { zip: '02108', state: 'MA' });
  });

  test('without afid, sub_1 and source[0] are the configured affiliate id', async () => {
    answers.set(DEMAND_CHECK_PATH, json({ parsed: { ctc: { ev: 26 } }, raw: '{}' }));
    await createDemandCheck({ visitor: visitor(callPage, { urlParams: () => ({}) }), ...tracker() }).run();
    const body = received[0]!.body as { sub_1: string; source: string[] };
    assert.equal(body.sub_1, 'aff-configured');
    assert.deepEqual(body.source, ['aff-configured', 'null', 'null', 'null', 'null', 'null', 'null']);
  });

  const outcomes: Array<[string, unknown, boolean]> = [
    ['a bid below 10 is low', 4.5, true],
    ['a bid of exactly 10 is not low', 10, false],
    ['a high bid', 26, false],
    ['a bid that is not a number is not low', '4.5', false],
  ];
  for (const [label, ev, low] of outcomes) {
    test(`result and lowBidResult event: ${label}`, async () => {
      const raw = JSON.stringify({ request_id: 'r1', ctc: { ev } });
      answers.set(DEMAND_CHECK_PATH, json({ parsed: JSON.parse(raw), raw }));
      const { events, track } = tracker();
      const check = createDemandCheck({ visitor: visitor(callPage), track });
      await check.run();
      assert.deepEqual(check.result(), { bid: ev, isLowBid: low });
      assert.deepEqual(events, [{ event: 'lowBidResult', props: { isLowBid: low, maResponse: raw } }], 'the raw response, as received');
    });
  }

  const failures: Array<[string, Answer | undefined, Partial<MarketplaceVisitor>, PagePayload]> = [
    ['the server answers 500', FAILURE, {}, callPage],
    ['the server answers 502 (upstream failed)', json({ error: 'upstream timed out after 2500 ms' }, 502), {}, callPage],
    ['the server answers garbage', GARBAGE, {}, callPage],
    ['the answer is JSON of the wrong shape', json({ parsed: { ctc: { ev: 3 } } }), {}, callPage],
    ['the answer holds no demand estimate', json({ parsed: { error: 'no ctc' }, raw: '{"error":"no ctc"}' }), {}, callPage],
    ['the server cannot be reached', undefined, { fetch: (input, init) => fetch(new URL(fetchedUrl(input), 'http://127.0.0.1:9'), init) }, callPage],
    ['the IP lookup has no address (nothing is sent)', undefined, { ipLookup: async () => null }, callPage],
    ['no placement id is configured (nothing is sent)', undefined, {}, page('ac', '/quiz/otc/call', null)],
  ];
  for (const [label, answer, overrides, shown] of failures) {
    test(`silent failure: ${label}; no result, no event`, async () => {
      if (answer) answers.set(DEMAND_CHECK_PATH, answer);
      const { events, track } = tracker();
      const errors: unknown[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => void errors.push(args);
      try {
        const check = createDemandCheck({ visitor: visitor(shown, overrides), track });
        await check.run();
        assert.equal(check.result(), undefined);
      } finally {
        console.error = original;
      }
      assert.deepEqual(events, []);
      assert.deepEqual(errors, [], 'no message');
    });
  }

  test('a failure after a success keeps the earlier result (a failure sets none)', async () => {
    answers.set(DEMAND_CHECK_PATH, json({ parsed: { ctc: { ev: 4.5 } }, raw: '{"ctc":{"ev":4.5}}' }));
    const check = createDemandCheck({ visitor: visitor(callPage), ...tracker() });
    await check.run();
    answers.set(DEMAND_CHECK_PATH, FAILURE);
    await check.run();
    assert.deepEqual(check.result(), { bid: 4.5, isLowBid: true });
  });
});

describe('phone lease', () => {
  const LEASE: LeasedPhone = { value: '8005550142', expirationDate: '2025-03-04T19:35:00.000Z' };

  function leaseWith(shown: PagePayload, buckets: FormBuckets, overrides: Partial<MarketplaceVisitor> = {}) {
    const kept: LeasedPhone[] = [];
    const lease = createPhoneLease({ visitor: visitor(shown, overrides), forms: { getSnapshot: () => buckets }, store: { set: (record) => void kept.push(record) } });
    return { lease, kept };
  }

  test('Medicare: the form answers mapped for the marketplace, the form zip, the origin only; the lease is kept', async () => {
    answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: LEASE }));
    const shown = page('ac', '/quiz/otc/call');
    const buckets = mergeFormValues(mergeFormValues(EMPTY_FORM_BUCKETS, 'other-form', { zipcode: '90210' }), shown.funnel!.id, { zipcode: '33142', haveMedicare: true });
    const { lease, kept } = leaseWith(shown, buckets);
    await lease();
    const expected = buildGetPhonePayload({
      product: 'medicare',
      lead: { zipcode: '33142', haveMedicare: true },
      storedZip: '33142',
      geo: { postalCode: '02108', stateCode: 'MA' },
      ip: '198.51.100.23',
      localHour: 14,
      ua: 'Mozilla/5.0 (test)',
      url: 'https://ac.localhost/',
      placementId: 'placement-medicare',
      urlParams: { afid: '77', utm_source: 'test' },
      configuredAffiliateId: 'aff-configured',
    });
    // The page's path rides along: the server reads the page's product line from it.
    assert.deepEqual(received, [{ path: GET_PHONE_PATH, body: { ...expected, page_path: '/quiz/otc/call' } }]);
    const body = received[0]!.body as { url: string; data: unknown; phone_num_lease_time: number };
    assert.equal(body.url, 'https://ac.localhost', 'origin only');
    assert.deepEqual(body.data, { zip: '33142', currently_insured: 1, dsnp: 0 });
    assert.equal(body.phone_num_lease_time, 300);
    assert.deepEqual(kept, [LEASE]);
  });

  const zips: Array<[string, FormBuckets, string]> = [
    ['no form zip: the stored zip', mergeFormValues(EMPTY_FORM_BUCKETS, 'other-form', { zipcode: '90210' }), '90210'],
    ['no zip at all: the IP lookup postal code', EMPTY_FORM_BUCKETS, '02108'],
  ];
  for (const [label, buckets, zip] of zips) {
    test(`zip fallback, ${label}`, async () => {
      answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: LEASE }));
      await leaseWith(page('ac', '/quiz/otc/call'), buckets).lease();
      assert.equal((received[0]!.body as { data: { zip: string } }).data.zip, zip);
    });
  }

  test('an auto brand (tqg) sends the auto lead mapping', async () => {
    answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: LEASE }));
    const shown = page('tqg', '/quiz/auto/result', { placementId: 'placement-auto' });
    const buckets = mergeFormValues(EMPTY_FORM_BUCKETS, shown.funnel!.id, { zipcode: '33187', homeowner: true, driver1FirstName: 'Ada', driver1LastName: 'Lovelace' });
    await leaseWith(shown, buckets).lease();
    const data = (received[0]!.body as { data: Record<string, unknown> }).data;
    assert.equal(data.contact, 'Ada Lovelace');
    assert.equal(data.home_ownership, 1);
    assert.equal(data.zip, '33187');
    assert.equal((received[0]!.body as { placement_id: string }).placement_id, 'placement-auto');
  });

  const CONTACT = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(305) 555-0100' };
  const lines: Array<[string, PagePayload, (funnel: string) => FormBuckets, object]> = [
    [
      'life (wc /go-4-life), consent given on the funnel: the life answers and the contact details',
      page('wc', '/go-4-life/call', { placementId: 'placement-life' }),
      (funnel) => mergeFormValues(EMPTY_FORM_BUCKETS, funnel, { zipcode: '33145', ageRange: '40-49', coverageAmount: '50k-100k', tobaccoUse: false, ...CONTACT }),
      { zip: '33145', age_range: '40-49', coverage_amount: '50k-100k', tobacco: 0, contact: 'Ann Lee', email: 'ann@example.com', phone: '(305) 555-0100' },
    ],
    [
      'life, contact details given on another funnel only: no consent here, no contact details',
      page('wc', '/go-4-life/call', { placementId: 'placement-life' }),
      (funnel) => mergeFormValues(mergeFormValues(EMPTY_FORM_BUCKETS, 'auto', { ...CONTACT }), funnel, { zipcode: '33145', tobaccoUse: true }),
      { zip: '33145', tobacco: 1 },
    ],
    [
      'life, consent given but the browser opted out of sharing: no contact details',
      { ...page('wc', '/go-4-life/call', { placementId: 'placement-life' }), privacy: { optedOut: true, optedOutAt: null, gpc: true } },
      (funnel) => mergeFormValues(EMPTY_FORM_BUCKETS, funnel, { zipcode: '33145', ...CONTACT }),
      { zip: '33145', tobacco: 0 },
    ],
    [
      'health (bh /go-4-health): the health answers',
      page('bh', '/go-4-health/call', { placementId: 'placement-health' }),
      (funnel) => mergeFormValues(EMPTY_FORM_BUCKETS, funnel, { zipcode: '60607', householdSize: '3', householdIncome: '25k-50k', haveHealthInsurance: false }),
      { zip: '60607', household_size: '3', income_band: '25k-50k', currently_insured: 0 },
    ],
  ];
  for (const [label, shown, buckets, data] of lines) {
    test(`${label}; the page's placement and path`, async () => {
      answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: LEASE }));
      await leaseWith(shown, buckets(shown.funnel!.id)).lease();
      const body = received[0]!.body as { data: unknown; placement_id: string; page_path: string };
      assert.deepEqual(body.data, data);
      assert.equal(body.placement_id, shown.marketplace?.placementId);
      assert.equal(body.page_path, shown.path);
    });
  }

  const noLease: Array<[string, Answer]> = [
    ['the answer holds no lease', json({ parsed: {}, raw: '{}', leased: null })],
    ['the server answers 502', json({ error: 'upstream answered HTTP 500' }, 502)],
    ['the server answers garbage', GARBAGE],
    ['the lease is malformed', json({ parsed: {}, raw: '{}', leased: { value: '8005550142', expirationDate: 'tomorrow' } })],
  ];
  for (const [label, answer] of noLease) {
    test(`nothing kept, nothing thrown: ${label}`, async () => {
      answers.set(GET_PHONE_PATH, answer);
      const { lease, kept } = leaseWith(page('ac', '/quiz/otc/call'), EMPTY_FORM_BUCKETS);
      await lease();
      assert.deepEqual(kept, []);
    });
  }

  test('calls made while one is in flight share it', async () => {
    answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: LEASE }));
    const { lease, kept } = leaseWith(page('ac', '/quiz/otc/call'), EMPTY_FORM_BUCKETS);
    await Promise.all([lease(), lease()]);
    assert.equal(received.length, 1);
    assert.deepEqual(kept, [LEASE]);
  });
});

describe('ad list', () => {
  const adsPage = page('ac', '/ads/ads');
  const list = sandboxAdList({ baseUrl: 'http://127.0.0.1:4010', product: 'medicare', language: 'en', topBid: 26, count: 3, requestId: 'sbx-1', time: 0.004 });

  test('asks with the form zip, the page address, the local hour and the afid; reads the list', async () => {
    answers.set(ADS_PATH, json({ parsed: list, raw: JSON.stringify(list) }));
    const buckets = mergeFormValues(EMPTY_FORM_BUCKETS, adsPage.funnel!.id, { zipcode: '33142' });
    const ads = await createAdsClient({ visitor: visitor(adsPage), forms: { getSnapshot: () => buckets } }).fetchAds();
    assert.deepEqual(ads, list);
    assert.deepEqual(received, [{ path: ADS_PATH, body: { zip: '33142', url: 'https://ac.localhost/ads/ads?afid=77&utm_source=test', local_hour: 14, sub_1: '77' } }]);
  });

  test('a foreign postal code is not sent as a zip', async () => {
    answers.set(ADS_PATH, json({ parsed: list, raw: '' }));
    const abroad = { ...GEO, postalCode: 'SW1A 1AA' };
    await createAdsClient({ visitor: visitor(adsPage, { ipLookup: async () => abroad, urlParams: () => ({}) }), forms: { getSnapshot: () => EMPTY_FORM_BUCKETS } }).fetchAds();
    assert.deepEqual(received[0]!.body, { url: 'https://ac.localhost/ads/ads?afid=77&utm_source=test', local_hour: 14 });
  });

  const bad: Array<[string, Answer]> = [
    ['503 (not configured)', json({ error: 'MEDIAALPHA_ADS_URL is not configured' }, 503)],
    ['garbage', GARBAGE],
    ['not an ad list', json({ parsed: { ads: 'none' }, raw: '' })],
  ];
  for (const [label, answer] of bad) {
    test(`no ads when the server answers ${label}`, async () => {
      answers.set(ADS_PATH, answer);
      assert.equal(await createAdsClient({ visitor: visitor(adsPage), forms: { getSnapshot: () => EMPTY_FORM_BUCKETS } }).fetchAds(), undefined);
    });
  }
});

describe("the affiliate's sub-ids", () => {
  const callPage = page('ac', '/quiz/otc/call');
  const cases: Array<[label: string, urlParams: Record<string, string>, expected: { sub_2?: string; sub_3?: string }]> = [
    ['both kept from the landing address', { afid: '77', sub_2: 'spring', sub_3: 'ad 42' }, { sub_2: 'spring', sub_3: 'ad 42' }],
    ['only sub_3', { sub_3: 'ad 42' }, { sub_3: 'ad 42' }],
    ['none', { afid: '77' }, {}],
  ];
  for (const [label, urlParams, expected] of cases) {
    test(`sub_2 and sub_3 on the demand check and the phone lease: ${label}`, async () => {
      answers.set(DEMAND_CHECK_PATH, json({ parsed: { ctc: { ev: 26 } }, raw: '{}' }));
      answers.set(GET_PHONE_PATH, json({ parsed: {}, raw: '{}', leased: { value: '8005550142', expirationDate: '2025-03-04T19:35:00.000Z' } }));
      const shown = visitor(callPage, { urlParams: () => urlParams });
      await createDemandCheck({ visitor: shown, ...tracker() }).run();
      await createPhoneLease({ visitor: shown, forms: { getSnapshot: () => EMPTY_FORM_BUCKETS }, store: { set: () => undefined } })();
      assert.deepEqual(received.map((request) => request.path), [DEMAND_CHECK_PATH, GET_PHONE_PATH]);
      for (const { path, body } of received) {
        const { sub_2, sub_3 } = body as { sub_2?: string; sub_3?: string };
        assert.deepEqual({ ...(sub_2 === undefined ? {} : { sub_2 }), ...(sub_3 === undefined ? {} : { sub_3 }) }, expected, path);
        assert.equal('sub_2' in (body as object), 'sub_2' in expected, `${path}: an absent sub-id is left out`);
      }
    });
  }
});
