import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AutoLead } from '../../../src/core/leads/auto.ts';
import { buildDemandCheckPayload, buildGetPhonePayload, type DemandCheckPayload } from '../../../src/core/marketplace/payloads.ts';
import { LeasedPhoneSchema } from '../../../src/core/marketplace/phone-schema.ts';
import { demandCheckResult } from '../../../src/core/marketplace/responses.ts';
import { REDACTED } from '../../../src/server/marketplace/redact.ts';
import type { ExchangeRow } from '../../../src/server/platform/store/index.ts';
import { startSandboxMarketplace, type SandboxMarketplace, type SandboxRequest } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { injectableApp, startTestServer } from '../../../tools/support/server.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const TOKEN = 'test-token';

/**
 * The server pointed at `sandbox`, with a budget well under the slow answer's 5 s (so failure modes
 * answer fast) yet roomy enough for a loaded test machine's successful calls.
 */
function upstreamEnv(sandbox: SandboxMarketplace, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    MEDIAALPHA_DEMAND_CHECK_URL: sandbox.endpoints.demandCheck,
    MEDIAALPHA_GET_PHONE_URL: sandbox.endpoints.getPhone,
    MEDIAALPHA_API_TOKEN: TOKEN,
    MEDIAALPHA_PLACEMENT_MEDICARE: 'placement-medicare',
    MEDIAALPHA_PLACEMENT_AUTO: 'placement-auto',
    MEDIAALPHA_AFFILIATE_ID: 'aff-configured',
    MEDIAALPHA_TIMEOUT_MS: '1500',
    ...overrides,
  };
}

/** The demand-check body a page would post for a visitor in `zip`. */
function demandCheckPayload(zip: string, afid?: string): DemandCheckPayload {
  return buildDemandCheckPayload({
    ip: '198.51.100.23',
    localHour: 14,
    ua: 'Mozilla/5.0 (test)',
    url: `https://example.test/quiz/otc${afid ? `?afid=${afid}` : ''}`,
    placementId: 'placement-from-browser',
    urlParams: afid ? { afid } : {},
    geo: { postalCode: zip, stateCode: 'CA' },
  });
}

const AUTO_LEAD: AutoLead = {
  zipcode: '33187',
  currentlyInsured: true,
  currentCompany: 'GEICO',
  homeowner: true,
  driver1FirstName: 'Ada',
  driver1LastName: 'Lovelace',
  driver1Email: 'ada@example.com',
  driver1Phone: '(305) 555-0142',
  driver1Address: '1 Main St',
  driver1Dob: '1956-04-30',
  driver1Gender: 'female',
  vehicle1Year: '2019',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
};

async function lastExchange(app: FastifyInstance): Promise<ExchangeRow> {
  const [row] = await app.store.listExchanges({ last: 1 });
  assert.ok(row, 'an exchange was recorded');
  return row;
}

describe('POST /api/mediaalpha/* against the sandbox marketplace', () => {
  let sandbox: SandboxMarketplace;
  let app: FastifyInstance;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
    app = await injectableApp(upstreamEnv(sandbox));
  });
  after(async () => {
    await app.close();
    await sandbox.close();
  });

  const post = (url: string, payload: unknown, host = 'ac.localhost') => app.inject({ method: 'POST', url, headers: { host }, payload: payload as object });

  test('demand-check answers {parsed, raw} and records the exchange with PII redacted', async () => {
    const response = await post('/api/mediaalpha/demand-check', demandCheckPayload('90210'));
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ parsed: { ctc: { ev: number }; placement_id: string }; raw: string }>();
    assert.deepEqual(Object.keys(body), ['parsed', 'raw']);
    assert.equal(typeof body.raw, 'string');
    assert.deepEqual(JSON.parse(body.raw), body.parsed);
    assert.deepEqual(demandCheckResult(body.parsed), { bid: 26, isLowBid: false });
    // The server, not the browser, decides the placement.
    assert.equal(body.parsed.placement_id, 'placement-medicare');

    const row = await lastExchange(app);
    assert.equal(row.kind, 'demand-check');
    assert.equal(row.brandId, 'ac');
    assert.equal(row.url, sandbox.endpoints.demandCheck);
    assert.equal(row.status, 200);
    assert.equal(row.response, body.raw);
    assert.equal(row.error, null);
    assert.ok(row.latencyMs >= 0);
    const recorded = row.request as DemandCheckPayload;
    assert.equal(recorded.ip, REDACTED);
    assert.equal(recorded.ua, 'Mozilla/5.0 (test)');
    assert.deepEqual(recorded.data, { zip: '90210', state: 'CA' });
    assert.equal(recorded.placement_id, 'placement-medicare');
    // No afid in the URL: the configured affiliate id fills sub_1 and source[0].
    assert.equal(recorded.sub_1, 'aff-configured');
    assert.deepEqual(recorded.source, ['aff-configured', 'null', 'null', 'null', 'null', 'null', 'null']);
    assert.ok(!JSON.stringify(row.request).includes(TOKEN), 'the token is never recorded');
  });

  test('a ZIP starting with 0 is a low bid', async () => {
    const response = await post('/api/mediaalpha/demand-check', demandCheckPayload('01001'));
    assert.deepEqual(demandCheckResult(response.json<{ parsed: unknown }>().parsed), { bid: 4.5, isLowBid: true });
  });

  test("an auto brand gets the auto placement, and the URL's afid beats the configured one", async () => {
    const response = await post('/api/mediaalpha/demand-check', demandCheckPayload('90210', 'aff-url'), 'tqg.localhost');
    assert.equal(response.statusCode, 200, response.body);
    const recorded = (await lastExchange(app)).request as DemandCheckPayload;
    assert.equal(recorded.placement_id, 'placement-auto');
    assert.equal(recorded.sub_1, 'aff-url');
    assert.equal(recorded.source[0], 'aff-url');
    assert.equal(recorded.url, 'https://example.test/quiz/otc?afid=aff-url');
  });

  for (const [route, payload] of [
    ['demand-check', () => demandCheckPayload('90210')],
    ['get-phone', () => buildGetPhonePayload({ product: 'medicare', lead: { zipcode: '90210' }, ip: '198.51.100.23', localHour: 9, ua: 'Mozilla/5.0 (test)', url: 'https://example.test/quiz/otc', placementId: 'p', urlParams: {} })],
  ] as const) {
    test(`${route}: an empty sub_2 or sub_3 counts as absent (forwarded without it), where it used to be a 400`, async () => {
      const response = await post(`/api/mediaalpha/${route}`, { ...payload(), sub_2: '', sub_3: '' });
      assert.equal(response.statusCode, 200, response.body);
      const row = await lastExchange(app);
      assert.equal(row.kind, route);
      const recorded = row.request as Record<string, unknown>;
      assert.equal('sub_2' in recorded, false);
      assert.equal('sub_3' in recorded, false);
      // A value that is there is still checked: a number is no tracking text.
      assert.equal((await post(`/api/mediaalpha/${route}`, { ...payload(), sub_2: 7 })).statusCode, 400);
    });
  }

  test('get-phone answers {parsed, raw, leased} and records the lead with names, email, phone, address and dob redacted', async () => {
    const payload = buildGetPhonePayload({
      product: 'auto',
      lead: AUTO_LEAD,
      ip: '198.51.100.23',
      localHour: 9,
      ua: 'Mozilla/5.0 (test)',
      url: 'https://example.test/quiz/auto/drivers?firstname=Ada',
      placementId: 'placement-from-browser',
      urlParams: {},
    });
    const response = await post('/api/mediaalpha/get-phone', payload, 'tqg.localhost');
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ parsed: unknown; raw: string; leased: { value: string; expirationDate: string } }>();
    assert.deepEqual(Object.keys(body), ['parsed', 'raw', 'leased']);
    assert.deepEqual(JSON.parse(body.raw), body.parsed);
    assert.equal(LeasedPhoneSchema.safeParse(body.leased).success, true);
    assert.equal(body.leased.value, '8005550187');
    assert.ok(Date.parse(body.leased.expirationDate) > Date.now());

    const row = await lastExchange(app);
    assert.equal(row.kind, 'get-phone');
    assert.equal(row.brandId, 'tqg');
    assert.deepEqual((row.request as { data: unknown }).data, {
      contact: REDACTED,
      email: REDACTED,
      phone: REDACTED,
      address: REDACTED,
      zip: '33187',
      home_ownership: 1,
      interested_in_home_insurance: 0,
      vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
      drivers: [{ name: REDACTED, gender: 'F', birth_date: REDACTED, sr_22: 0 }],
      currently_insured: 1,
      current_company: 'GEICO',
      military_affiliation: 0,
    });
    assert.equal((row.request as { ip: string }).ip, REDACTED);
    assert.equal((row.request as { url: string }).url, 'https://example.test', 'get-phone sends the origin only');
    for (const secret of ['Ada', 'Lovelace', 'ada@example.com', '555-0142', 'Main St', '1956-04-30', '198.51.100.23']) {
      assert.ok(!JSON.stringify(row.request).includes(secret), `${secret} is not recorded`);
    }
  });

  const failures: Array<[string, string, string, number | null]> = [
    ['slow upstream, past the 1500 ms budget', '00001', 'upstream timed out after 1500 ms', null],
    ['HTTP 500', '00002', 'upstream answered HTTP 500', 500],
    ['garbage instead of JSON', '00003', 'upstream answered HTTP 200 with a body that is not JSON', 200],
    ['an upstream that sends half a body and hangs', '00004', 'upstream timed out after 1500 ms', 200],
  ];
  for (const [label, zip, error, recordedStatus] of failures) {
    test(`${label}: 502 with a one-line reason, recorded`, async () => {
      const response = await post('/api/mediaalpha/demand-check', demandCheckPayload(zip));
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error });
      const row = await lastExchange(app);
      assert.equal(row.error, error);
      assert.equal(row.status, recordedStatus);
      assert.equal((row.request as DemandCheckPayload).data.zip, zip);
    });
  }

  const badPayloads: Array<[string, (payload: Record<string, unknown>) => unknown, RegExp[]]> = [
    ['a wrong version', (payload) => ({ ...payload, version: 16 }), [/^version: .*17/]],
    ['no ip', ({ ip: _ip, ...payload }) => payload, [/^ip: /]],
    ['a short source', (payload) => ({ ...payload, source: ['null'] }), [/^source: /]],
    ['an unknown key', (payload) => ({ ...payload, token: 'sneaky' }), [/token/]],
    ['two problems at once', (payload) => ({ ...payload, max: 2, local_hour: 24 }), [/^local_hour: /, /^max: /]],
    ['not an object', () => [1, 2], [/object/]],
  ];
  for (const [label, corrupt, expected] of badPayloads) {
    test(`a payload with ${label}: 400 listing the problems, nothing sent or recorded`, async () => {
      const before = (await app.store.listExchanges({ last: 1 }))[0]?.id;
      const response = await post('/api/mediaalpha/demand-check', corrupt({ ...demandCheckPayload('90210') }));
      assert.equal(response.statusCode, 400);
      const body = response.json<{ error: string; problems: string[] }>();
      assert.equal(body.error, 'invalid demand-check payload');
      assert.equal(body.problems.length, expected.length, body.problems.join('\n'));
      for (const pattern of expected) assert.ok(body.problems.some((problem) => pattern.test(problem)), `${pattern} in ${body.problems.join(' | ')}`);
      assert.equal((await app.store.listExchanges({ last: 1 }))[0]?.id, before);
    });
  }

  test('a get-phone payload is checked with its own schema', async () => {
    const response = await post('/api/mediaalpha/get-phone', { ...demandCheckPayload('90210') });
    assert.equal(response.statusCode, 400);
    const problems = response.json<{ problems: string[] }>().problems;
    assert.ok(problems.some((problem) => problem.startsWith('phone_num_lease_time: ')), problems.join(' | '));
  });

  test('a body that is not JSON: 400 with the problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/mediaalpha/demand-check',
      headers: { host: 'ac.localhost', 'content-type': 'application/json' },
      payload: '{"version":',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json<{ problems: string[] }>().problems.length, 1);
  });
});

describe('POST /api/mediaalpha/* when the upstream is unreachable or misconfigured', () => {
  let sandbox: SandboxMarketplace;
  before(async () => {
    sandbox = await startSandboxMarketplace({ token: TOKEN });
  });
  after(() => sandbox.close());

  test('connection refused (nothing listens on the port): 502', async () => {
    const closed = await startSandboxMarketplace();
    await closed.close();
    const app = await injectableApp(upstreamEnv(sandbox, { MEDIAALPHA_DEMAND_CHECK_URL: closed.endpoints.demandCheck }));
    try {
      const response = await app.inject({ method: 'POST', url: '/api/mediaalpha/demand-check', headers: { host: 'ac.localhost' }, payload: demandCheckPayload('90210') });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: 'upstream refused the connection' });
      const row = await lastExchange(app);
      assert.equal(row.status, null);
      assert.equal(row.response, null);
      assert.equal(row.error, 'upstream refused the connection');
    } finally {
      await app.close();
    }
  });

  test('a wrong token: the upstream refuses it, 502', async () => {
    const app = await injectableApp(upstreamEnv(sandbox, { MEDIAALPHA_API_TOKEN: 'wrong' }));
    try {
      const response = await app.inject({ method: 'POST', url: '/api/mediaalpha/demand-check', headers: { host: 'ac.localhost' }, payload: demandCheckPayload('90210') });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: 'upstream answered HTTP 401' });
    } finally {
      await app.close();
    }
  });

  test('no upstream configured: 503 naming the variable', async () => {
    const app = await injectableApp({});
    try {
      for (const [path, variable] of [
        ['/api/mediaalpha/demand-check', 'MEDIAALPHA_DEMAND_CHECK_URL'],
        ['/api/mediaalpha/get-phone', 'MEDIAALPHA_GET_PHONE_URL'],
      ] as const) {
        const payload = path.endsWith('demand-check')
          ? demandCheckPayload('90210')
          : buildGetPhonePayload({ product: 'medicare', lead: { zipcode: '90210' }, ip: '198.51.100.23', localHour: 9, ua: 'ua', url: 'https://example.test/x', placementId: 'p', urlParams: {} });
        const response = await app.inject({ method: 'POST', url: path, headers: { host: 'ac.localhost' }, payload });
        assert.equal(response.statusCode, 503);
        assert.deepEqual(response.json(), { error: `${variable} is not configured` });
      }
    } finally {
      await app.close();
    }
  });
});

describe('a visitor who disconnects', () => {
  test('aborts the upstream call: the sandbox sees its connection closed, the exchange records why', async () => {
    const sandbox = await startSandboxMarketplace({ token: TOKEN });
    // A budget far beyond the slow answer's 5 s, so only the disconnect can end the call early.
    const server = await startTestServer(upstreamEnv(sandbox, { MEDIAALPHA_TIMEOUT_MS: '20000' }));
    // Each exchange is announced once stored (the relay records it after the call ends), so the
    // test waits for the record instead of re-reading the store on a timer.
    const recorded = new EventEmitter();
    const { store } = server.app;
    const recordExchange = store.recordExchange.bind(store);
    store.recordExchange = async (exchange) => {
      const stored = await recordExchange(exchange);
      recorded.emit('recorded');
      return stored;
    };
    try {
      const seen = new Promise<SandboxRequest>((resolve) => sandbox.events.once('request', resolve));
      const abandoned = new Promise<SandboxRequest>((resolve) => sandbox.events.once('abandoned', resolve));
      const visitor = http.request({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/api/mediaalpha/demand-check',
        headers: { host: `ac.localhost:${server.port}`, 'content-type': 'application/json' },
      });
      visitor.on('error', () => {}); // The socket is destroyed on purpose below.
      visitor.end(JSON.stringify(demandCheckPayload('00001')));
      assert.equal((await seen).mode, 'slow');
      visitor.destroy();
      assert.deepEqual(await abandoned, { method: 'POST', path: '/demand-check', mode: 'slow', zip: '00001' });
      const row = await whenEmitted(recorded, 'recorded', async () => (await server.app.store.listExchanges({ last: 1 }))[0], 'the exchange record');
      assert.equal(row.error, 'upstream call aborted: visitor disconnected');
      assert.equal(row.status, null);
    } finally {
      await server.close();
      await sandbox.close();
    }
  });
});
