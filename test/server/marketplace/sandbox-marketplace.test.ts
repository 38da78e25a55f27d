import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { LOW_BID_THRESHOLD, PHONE_LEASE_TIME } from '../../../src/core/marketplace/constants.ts';
import { LeasedPhoneSchema } from '../../../src/core/marketplace/phone-schema.ts';
import { AdListResponseSchema } from '../../../src/core/marketplace/response-schemas.ts';
import { leasedPhoneFromAnswer } from '../../../src/server/marketplace/leased-phone.ts';
import { loadConfig } from '../../../src/server/platform/config/config.ts';
import { noUpstreamConfigured, sandboxStandIns, startSandboxIfUnconfigured } from '../../../src/server/marketplace/sandbox/auto-start.ts';
import { startSandboxMarketplace, type SandboxMarketplace, type SandboxRequest } from '../../../src/server/marketplace/sandbox/sandbox-marketplace.ts';
import { SANDBOX_API_TOKEN, sandboxBid, sandboxMode, sandboxPhoneNumber } from '../../../src/server/marketplace/sandbox/sandbox-rules.ts';
import { postToUpstream } from '../../../src/server/platform/upstream/relay.ts';

describe('sandbox rules', () => {
  const bids: Array<[string | undefined, number]> = [
    ['01234', 4.5],
    ['00501', 4.5],
    ['90210', 26],
    ['33100', 25],
    ['33103', 25.3],
    ['60699', 34.9],
    [undefined, 4.5],
    ['1234', 4.5],
  ];
  for (const [zip, bid] of bids) test(`ZIP ${String(zip)} bids ${bid}`, () => assert.equal(sandboxBid(zip), bid));

  test('a ZIP starting with 0 is a low bid, any other a high one (threshold 10)', () => {
    assert.ok(sandboxBid('09999') < LOW_BID_THRESHOLD);
    assert.ok(sandboxBid('10000') >= LOW_BID_THRESHOLD);
  });

  const modes: Array<[string | undefined, string | undefined, string]> = [
    [undefined, '90210', 'ok'],
    [undefined, '00001', 'slow'],
    [undefined, '00002', '500'],
    [undefined, '00003', 'invalid-json'],
    [undefined, '00004', 'hang'],
    ['500', '90210', '500'],
    ['hang', '00001', 'hang'],
    ['bogus', '00002', '500'],
  ];
  for (const [header, zip, mode] of modes) {
    test(`header ${String(header)}, ZIP ${String(zip)}: ${mode}`, () => assert.equal(sandboxMode(header, zip), mode));
  }

  test('leased numbers stay in the 555-01NN fiction range', () => {
    assert.equal(sandboxPhoneNumber('33187'), '8005550187');
    assert.equal(sandboxPhoneNumber(undefined), '8005550199');
    assert.equal(sandboxPhoneNumber('auto'), '8005550199');
    // Each line's numbers: a life or health lease never reads as a Medicare one.
    assert.equal(sandboxPhoneNumber('33187', 'life'), '8775550187');
    assert.equal(sandboxPhoneNumber('33187', 'health'), '8665550187');
    assert.equal(sandboxPhoneNumber(undefined, 'health'), '8665550199');
    assert.equal(sandboxPhoneNumber('33187', 'auto'), '8005550187');
  });
});

describe('sandbox marketplace over HTTP', () => {
  let sandbox: SandboxMarketplace;
  before(async () => {
    sandbox = await startSandboxMarketplace();
  });
  after(() => sandbox.close());

  const auth = () => ({ authorization: `Bearer ${SANDBOX_API_TOKEN}`, 'content-type': 'application/json' });

  async function post(path: string, body: unknown, headers: Record<string, string> = auth()) {
    const response = await request(`${sandbox.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: response.statusCode, text: await response.body.text() };
  }

  test('listens on loopback and names its endpoints', () => {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sandbox.endpoints.demandCheck, `${sandbox.url}/demand-check`);
    assert.equal(sandbox.token, SANDBOX_API_TOKEN);
  });

  test('refuses a missing or wrong token with 401', async () => {
    assert.equal((await post('/demand-check', { data: { zip: '90210' } }, { 'content-type': 'application/json' })).status, 401);
    assert.equal((await post('/demand-check', { data: { zip: '90210' } }, { authorization: 'Bearer nope' })).status, 401);
  });

  test('refuses a body that is not JSON with 400, an unknown path with 404, a wrong method with 405', async () => {
    const garbled = await request(`${sandbox.url}/demand-check`, { method: 'POST', headers: auth(), body: '{nope' });
    assert.equal(garbled.statusCode, 400);
    assert.match(await garbled.body.text(), /body must be JSON/);
    assert.equal((await post('/nowhere', {})).status, 404);
    const get = await request(`${sandbox.url}/demand-check`, { headers: auth() });
    await get.body.dump();
    assert.equal(get.statusCode, 405);
  });

  test('demand-check answers ctc.ev from the ZIP, the same answer for the same request', async () => {
    const body = { data: { zip: '90210', state: 'CA' }, placement_id: 'p-1' };
    const first = await post('/demand-check', body);
    const second = await post('/demand-check', body);
    assert.equal(first.status, 200);
    assert.equal(first.text, second.text);
    const parsed = JSON.parse(first.text) as { ctc: { ev: number }; placement_id: string; request_id: string };
    assert.equal(parsed.ctc.ev, 26);
    assert.equal(parsed.placement_id, 'p-1');
    assert.match(parsed.request_id, /^sbx-[0-9a-f]{16}$/);
    assert.equal((JSON.parse((await post('/demand-check', { data: { zip: '01001' } })).text) as { ctc: { ev: number } }).ctc.ev, 4.5);
  });

  test('setBidOffset changes later answers', async () => {
    sandbox.setBidOffset(10);
    try {
      assert.equal((JSON.parse((await post('/demand-check', { data: { zip: '90210' } })).text) as { ctc: { ev: number } }).ctc.ev, 36);
    } finally {
      sandbox.setBidOffset(0);
    }
  });

  test('get-phone leases a number until now + phone_num_lease_time seconds, parsed into the leased phone record', async () => {
    const sent = Date.now();
    const answer = await post('/get-phone', { data: { zip: '33187' }, phone_num_lease_time: PHONE_LEASE_TIME });
    assert.equal(answer.status, 200);
    const leased = leasedPhoneFromAnswer(JSON.parse(answer.text));
    assert.ok(leased);
    assert.equal(LeasedPhoneSchema.safeParse(leased).success, true);
    assert.equal(leased.value, '8005550187');
    const expires = Date.parse(leased.expirationDate);
    assert.ok(expires >= sent + PHONE_LEASE_TIME * 1000 && expires <= Date.now() + PHONE_LEASE_TIME * 1000, leased.expirationDate);
  });

  const lineLeases: Array<[string, string]> = [
    ['sandbox-life', '8775550187'],
    ['sandbox-health', '8665550187'],
    ['sandbox-medicare', '8005550187'],
    ['an-operator-placement', '8005550187'],
  ];
  for (const [placement, number] of lineLeases) {
    test(`get-phone for placement ${placement} leases ${number}`, async () => {
      const answer = await post('/get-phone', { data: { zip: '33187' }, placement_id: placement, phone_num_lease_time: PHONE_LEASE_TIME });
      assert.equal(leasedPhoneFromAnswer(JSON.parse(answer.text))?.value, number);
    });
  }

  test('leasedPhoneFromAnswer gives null for an answer without a lease', () => {
    assert.equal(leasedPhoneFromAnswer({ ctc: { ev: 1 } }), null);
    assert.equal(leasedPhoneFromAnswer({ phone_number: '555', expiration: '2025-01-01T00:00:00Z' }), null);
    assert.equal(leasedPhoneFromAnswer('text'), null);
  });

  const adLists: Array<[string, string, string[]]> = [
    ['GET', '?zip=90210&product=medicare&max=5', ['Humana', 'Aetna Medicare', 'UnitedHealthcare', 'Wellcare', 'Cigna Healthcare']],
    ['GET', '?zip=90210&product=auto', ['Progressive', 'GEICO', 'State Farm']],
    ['GET', '?zip=90210&product=life&max=5', ['Mutual of Omaha', 'Globe Life', 'Ethos', 'Transamerica', 'Lincoln Financial']],
    ['GET', '?zip=90210&product=health&max=5', ['Ambetter Health', 'Oscar Health', 'Blue Cross Blue Shield', 'Molina Healthcare', 'UnitedHealthcare']],
    ['POST', '', ['Progressive', 'GEICO']],
  ];
  for (const [method, query, carriers] of adLists) {
    test(`${method} /ads${query} answers the spec §3 ad list`, async () => {
      const response = await request(`${sandbox.url}/ads${query}`, {
        method: method as 'GET' | 'POST',
        headers: auth(),
        ...(method === 'POST' ? { body: JSON.stringify({ zip: '90210', product: 'auto', max: 2 }) } : {}),
      });
      assert.equal(response.statusCode, 200);
      const list = AdListResponseSchema.parse(await response.body.json());
      assert.deepEqual(
        list.ads.map((ad) => ad.carrier),
        carriers,
      );
      assert.equal(list.num_ads, carriers.length);
      assert.equal(list.ads[0]!.bid, 26);
      assert.ok(list.ads.every((ad, index) => index === 0 || ad.bid < list.ads[index - 1]!.bid), 'bids fall with position');
      for (const ad of list.ads) {
        assert.match(ad.call_url, /^tel:\+1800555\d{4}$/);
        assert.ok(ad.impression_html?.includes(`/impression/${ad.ad_id}`));
      }
    });
  }

  test("an ad's image, click and impression links work", async () => {
    const response = await request(`${sandbox.url}/ads?product=medicare&max=1`, { headers: auth() });
    const [ad] = AdListResponseSchema.parse(await response.body.json()).ads;
    const image = await request(ad!.medium_image_url);
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/svg+xml');
    assert.match(await image.body.text(), /Humana/);
    const click = await request(ad!.click_url);
    await click.body.dump();
    assert.equal(click.statusCode, 302);
    assert.equal(click.headers.location, 'https://www.humana.com/medicare');
    const impression = await request(`${sandbox.url}/impression/${ad!.ad_id}`);
    await impression.body.dump();
    assert.equal(impression.statusCode, 204);
  });

  test('the lead buyer endpoint takes no token and accepts the lead', async () => {
    const answer = await post('/lead-buyer/quote', { zip: '90210' }, { 'content-type': 'application/json' });
    assert.equal(answer.status, 200);
    const parsed = JSON.parse(answer.text) as { accepted: boolean; lead_id: string };
    assert.equal(parsed.accepted, true);
    assert.match(parsed.lead_id, /^sbx-lead-[0-9a-f]{16}$/);
  });

  const failures: Array<[string, { zip?: string; header?: string }, RegExp]> = [
    ['500 by ZIP', { zip: '00002' }, /^upstream answered HTTP 500$/],
    ['500 by header', { zip: '90210', header: '500' }, /^upstream answered HTTP 500$/],
    ['invalid JSON by ZIP', { zip: '00003' }, /^upstream answered HTTP 200 with a body that is not JSON$/],
    ['invalid JSON by header', { header: 'invalid-json' }, /not JSON/],
    ['slow, past the budget', { zip: '00001' }, /^upstream timed out after 1500 ms$/],
    ['hang: headers, half a body, then nothing', { zip: '00004' }, /^upstream timed out after 1500 ms$/],
  ];
  for (const [label, { zip, header }, error] of failures) {
    test(`failure mode ${label}`, async () => {
      const outcome = await postToUpstream({
        url: sandbox.endpoints.demandCheck,
        body: { data: zip ? { zip } : {} },
        token: SANDBOX_API_TOKEN,
        // Far below the slow answer's 5 s, far above what an answer takes on a loaded machine.
        timeoutMs: 1500,
        ...(header ? { headers: { 'x-sandbox-mode': header } } : {}),
      });
      assert.equal(outcome.ok, false);
      assert.match(outcome.ok ? '' : outcome.error, error);
    });
  }

  test('reports a request whose client gave up as abandoned', async () => {
    // Earlier failure tests abandon demand checks too; wait for this test's get-phone.
    const abandoned = new Promise<SandboxRequest>((resolve) => {
      const listener = (seen: SandboxRequest) => {
        if (seen.path !== '/get-phone') return;
        sandbox.events.off('abandoned', listener);
        resolve(seen);
      };
      sandbox.events.on('abandoned', listener);
    });
    const outcome = await postToUpstream({ url: sandbox.endpoints.getPhone, body: { data: { zip: '00004' } }, token: SANDBOX_API_TOKEN, timeoutMs: 100 });
    assert.equal(outcome.ok, false);
    assert.deepEqual(await abandoned, { method: 'POST', path: '/get-phone', mode: 'hang', zip: '00004' });
  });

  test('a closed sandbox refuses connections', async () => {
    const other = await startSandboxMarketplace();
    await other.close();
    const outcome = await postToUpstream({ url: other.endpoints.demandCheck, body: {}, timeoutMs: 1000 });
    assert.deepEqual(outcome.ok ? undefined : [outcome.error, outcome.status], ['upstream refused the connection', null]);
  });
});

describe('npm start: the sandbox stands in for each unset marketplace URL, outside production', () => {
  const vars = (env: NodeJS.ProcessEnv) => loadConfig({ NODE_ENV: 'test', ...env }).vars;

  test('no upstream URL: started, and the environment points every upstream and every placement at it', async () => {
    const decision = await startSandboxIfUnconfigured(vars({}), { MEDIAALPHA_PLACEMENT_AUTO: 'mine' }, false);
    try {
      assert.ok(decision.sandbox);
      const pointed = vars(decision.env);
      assert.equal(pointed.MEDIAALPHA_DEMAND_CHECK_URL, `${decision.sandbox.url}/demand-check`);
      assert.equal(pointed.MEDIAALPHA_GET_PHONE_URL, `${decision.sandbox.url}/get-phone`);
      assert.equal(pointed.MEDIAALPHA_ADS_URL, `${decision.sandbox.url}/ads`);
      assert.equal(pointed.LEAD_BUYER_URL, `${decision.sandbox.url}/lead-buyer/quote`);
      assert.equal(pointed.MEDIAALPHA_API_TOKEN, SANDBOX_API_TOKEN);
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_MEDICARE, 'sandbox-medicare');
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_AUTO, 'mine', "an operator's placement id is kept");
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_LIFE, 'sandbox-life');
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_HEALTH, 'sandbox-health');
      assert.ok(decision.notice.includes(decision.sandbox.url), decision.notice);
      assert.match(decision.notice, /^ {2}life +demand check sandbox, phone lease sandbox, ads sandbox, buyer sandbox$/m);
      // Medicare's buyer takes call-backs only; the sandbox answers them too, so `npm start` books one end to end.
      assert.match(decision.notice, /^ {2}medicare +demand check sandbox, phone lease sandbox, ads sandbox, buyer sandbox$/m);
      assert.equal(pointed.LEAD_BUYER_URL_MEDICARE, `${decision.sandbox.url}/lead-buyer/quote`);
      assert.equal(pointed.LEAD_BUYER_URL_LIFE, `${decision.sandbox.url}/lead-buyer/quote`);
      assert.match(decision.notice, /^ {2}auto +demand check sandbox, phone lease sandbox, ads sandbox, buyer sandbox$/m);
      const answer = await postToUpstream({ url: pointed.MEDIAALPHA_DEMAND_CHECK_URL, body: { data: { zip: '90210' } }, token: pointed.MEDIAALPHA_API_TOKEN, timeoutMs: 5000 });
      assert.equal(answer.ok, true);
    } finally {
      await decision.sandbox?.close();
    }
  });

  test('only a lead buyer URL: the sandbox still stands in for the whole marketplace, the buyer is the real one', async () => {
    const env = { LEAD_BUYER_URL: 'https://buyer.example/leads' };
    const decision = await startSandboxIfUnconfigured(vars(env), env, false);
    try {
      assert.ok(decision.sandbox, 'started');
      assert.deepEqual(decision.standIns, ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL']);
      const pointed = vars(decision.env);
      assert.equal(pointed.LEAD_BUYER_URL, 'https://buyer.example/leads');
      assert.equal(pointed.MEDIAALPHA_GET_PHONE_URL, `${decision.sandbox.url}/get-phone`);
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_LIFE, 'sandbox-life', 'the sandbox marketplace gets its placements');
      assert.match(decision.notice, /LEAD_BUYER_URL is used as configured/);
      assert.match(decision.notice, /^ {2}auto +demand check sandbox, phone lease sandbox, ads sandbox, buyer live$/m);
    } finally {
      await decision.sandbox?.close();
    }
  });

  test("a real demand-check URL and token: the sandbox answers the rest with the operator's token, placements are not invented", async () => {
    const env = { MEDIAALPHA_DEMAND_CHECK_URL: 'https://marketplace.example/dc', MEDIAALPHA_API_TOKEN: 'real-token', MEDIAALPHA_PLACEMENT_MEDICARE: 'pm' };
    const decision = await startSandboxIfUnconfigured(vars(env), env, false);
    try {
      assert.ok(decision.sandbox);
      assert.deepEqual(decision.standIns, ['MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL']);
      const pointed = vars(decision.env);
      assert.equal(pointed.MEDIAALPHA_DEMAND_CHECK_URL, 'https://marketplace.example/dc');
      assert.equal(pointed.LEAD_BUYER_URL, undefined, 'no fictional buyer beside a real marketplace');
      assert.equal(pointed.MEDIAALPHA_PLACEMENT_LIFE, undefined, "the sandbox's placement ids never go to a real marketplace");
      assert.equal(pointed.MEDIAALPHA_API_TOKEN, 'real-token');
      const answer = await postToUpstream({ url: pointed.MEDIAALPHA_GET_PHONE_URL!, body: { data: { zip: '90210' } }, token: 'real-token', timeoutMs: 5000 });
      assert.equal(answer.ok, true, 'the sandbox accepts the configured token');
      assert.match(decision.notice, /^ {2}medicare +demand check live, phone lease sandbox, ads sandbox, buyer off/m);
      assert.match(decision.notice, /^ {2}life +demand check off \(MEDIAALPHA_PLACEMENT_LIFE not set\), phone lease off \(MEDIAALPHA_PLACEMENT_LIFE not set\), ads sandbox/m);
      assert.match(decision.notice, /^ {2}auto .*buyer off \(LEAD_BUYER_URL not set\)$/m);
    } finally {
      await decision.sandbox?.close();
    }
  });

  const notStarted: Array<[string, NodeJS.ProcessEnv, boolean, RegExp]> = [
    [
      'every marketplace URL set',
      { MEDIAALPHA_DEMAND_CHECK_URL: 'https://m.example/dc', MEDIAALPHA_GET_PHONE_URL: 'https://m.example/gp', MEDIAALPHA_ADS_URL: 'https://m.example/ads' },
      false,
      /^ {2}auto +demand check off \(MEDIAALPHA_PLACEMENT_AUTO not set\), phone lease off \(MEDIAALPHA_PLACEMENT_AUTO not set\), ads live, buyer off \(LEAD_BUYER_URL not set\)$/m,
    ],
    ['production without upstreams', {}, true, /in production the sandbox is not started, so MEDIAALPHA_DEMAND_CHECK_URL, MEDIAALPHA_GET_PHONE_URL, MEDIAALPHA_ADS_URL, LEAD_BUYER_URL, LEAD_BUYER_URL_LIFE, LEAD_BUYER_URL_HEALTH, LEAD_BUYER_URL_MEDICARE answer 503 or stay off/],
    ['production with a health buyer only', { LEAD_BUYER_URL_HEALTH: 'https://health.example/leads' }, true, /^ {2}life .*buyer off \(LEAD_BUYER_URL_LIFE not set: leads stay call-routed\)$/m],
    ['production with only a lead buyer', { LEAD_BUYER_URL: 'https://buyer.example/leads' }, true, /^ {2}auto +demand check off \(MEDIAALPHA_DEMAND_CHECK_URL not set\), phone lease off \(MEDIAALPHA_GET_PHONE_URL not set\), ads off \(MEDIAALPHA_ADS_URL not set\), buyer live$/m],
    ['empty variables count as unset, in production', { MEDIAALPHA_DEMAND_CHECK_URL: '' }, true, /in production/],
  ];
  for (const [label, env, production, notice] of notStarted) {
    test(`${label}: not started, the environment untouched, the banner says why`, async () => {
      const decision = await startSandboxIfUnconfigured(vars(env), env, production);
      assert.equal(decision.sandbox, undefined);
      assert.equal(decision.env, env);
      assert.match(decision.notice, notice);
    });
  }

  const standIns: Array<[string, NodeJS.ProcessEnv, boolean, string[]]> = [
    ['nothing set', {}, false, ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL', 'LEAD_BUYER_URL', 'LEAD_BUYER_URL_LIFE', 'LEAD_BUYER_URL_HEALTH', 'LEAD_BUYER_URL_MEDICARE']],
    ['only the life buyer', { LEAD_BUYER_URL_LIFE: 'https://life.example' }, false, ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL']],
    ['only the buyer', { LEAD_BUYER_URL: 'https://b.example' }, false, ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL', 'MEDIAALPHA_ADS_URL']],
    ['only the ads', { MEDIAALPHA_ADS_URL: 'https://m.example/ads' }, false, ['MEDIAALPHA_DEMAND_CHECK_URL', 'MEDIAALPHA_GET_PHONE_URL']],
    ['nothing set, in production', {}, true, []],
    ['only the buyer, in production', { LEAD_BUYER_URL: 'https://b.example' }, true, []],
  ];
  for (const [label, env, production, expected] of standIns) {
    test(`sandboxStandIns, ${label}: ${expected.join(', ') || 'none'}`, () => {
      assert.deepEqual(sandboxStandIns(vars(env), production), expected);
    });
  }

  test('noUpstreamConfigured reads every URL', () => {
    assert.equal(noUpstreamConfigured(vars({})), true);
    assert.equal(noUpstreamConfigured(vars({ MEDIAALPHA_GET_PHONE_URL: 'http://127.0.0.1:9/gp' })), false);
    assert.equal(noUpstreamConfigured(vars({ LEAD_BUYER_URL: 'http://127.0.0.1:9/lb' })), false);
  });
});
