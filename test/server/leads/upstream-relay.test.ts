/**
 * The one upstream relay (src/server/platform/upstream/relay.ts) against a real local HTTP server: the
 * 256 KB answer cap (a 1 MB answer is a 502 with one line, recorded truncated, on every
 * marketplace route and for the lead buyer; an answer at the cap passes; the rest of a long answer
 * is never read) and the one connection pool shared by the marketplace routes, the lead outbox
 * and every app in the process.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ADS_PATH } from '../../../src/core/contract/ads.ts';
import { DEMAND_CHECK_PATH, GET_PHONE_PATH } from '../../../src/core/contract/marketplace.ts';
import { buildDemandCheckPayload, buildGetPhonePayload } from '../../../src/core/marketplace/payloads.ts';
import { attemptDelivery, type DeliveryContext } from '../../../src/server/leads/lead-delivery.ts';
import type { LeadRow, NewExchange } from '../../../src/server/platform/store/index.ts';
import { OVERSIZED_ANSWER_ERROR, postToUpstream, UPSTREAM_ANSWER_MAX_BYTES, upstreamPool } from '../../../src/server/platform/upstream/relay.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const ONE_MB = 1024 * 1024;

const AD_LIST = {
  ads: [
    {
      carrier: 'Humana',
      bid: 29.2,
      headline: 'h',
      description: 'd',
      display_url: 'example.test',
      small_image_url: 'https://example.test/s.png',
      ad_id: 'ad-1',
      click_url: 'https://example.test/c',
      call_url: 'tel:+18005550100',
      medium_image_url: 'https://example.test/m.png',
      large_image_url: 'https://example.test/l.png',
    },
  ],
  num_ads: 1,
  request_id: 'req-1',
  time: 1,
};

/** A JSON text of exactly `bytes` bytes (ASCII). */
function jsonOfSize(bytes: number): string {
  const frame = '{"pad":""}';
  return `{"pad":"${'x'.repeat(bytes - frame.length)}"}`;
}

/** Paths the local upstream answers; anything else is 404. */
const ANSWERS: Record<string, () => string | Readable> = {
  '/big': () => jsonOfSize(ONE_MB),
  '/at-cap': () => jsonOfSize(UPSTREAM_ANSWER_MAX_BYTES),
  // 'é' is two bytes: the cap falls between whole characters only if the cut is made with care.
  '/multibyte': () => `"${'é'.repeat(ONE_MB / 2)}"`,
  // 64 MB, made as it is read: a reader that stopped at the cap leaves almost all of it unsent.
  '/endless': () => Readable.from((function* () { for (let sent = 0; sent < 64 * ONE_MB; sent += 65536) yield Buffer.alloc(65536, 'x'); })()),
  '/demand-check': () => '{"ctc":{"ev":26}}',
  '/get-phone': () => '{"phone_number":"8005550199","expiration":"2030-01-01T00:00:00.000Z"}',
  '/ads': () => JSON.stringify(AD_LIST),
  '/leads': () => '{"accepted":true,"lead_id":"buyer-1","price":12.5}',
};

interface Upstream {
  origin: string;
  /** TCP connections accepted so far. */
  connections(): number;
  /** Bytes of /endless written before its client went away. */
  endlessSent(): Promise<number>;
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  let connections = 0;
  let endless: Promise<number> | undefined;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = ANSWERS[request.url ?? '']?.();
      if (answer === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' });
      if (typeof answer === 'string') return void response.end(answer);
      let written = 0;
      answer.on('data', (chunk: Buffer) => (written += chunk.length));
      endless = new Promise((resolve) => response.once('close', () => resolve(written)));
      answer.pipe(response);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    endlessSent: () => endless ?? Promise.reject(new Error('/endless was not requested')),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const demandCheckPayload = () =>
  buildDemandCheckPayload({ ip: '198.51.100.23', localHour: 14, ua: 'Mozilla/5.0 (test)', url: 'https://ac.localhost/quiz/otc', placementId: 'p', urlParams: {}, geo: { postalCode: '90210', stateCode: 'CA' } });
const getPhonePayload = () =>
  buildGetPhonePayload({ product: 'medicare', lead: { zipcode: '90210' }, ip: '198.51.100.23', localHour: 9, ua: 'Mozilla/5.0 (test)', url: 'https://ac.localhost/quiz/otc', placementId: 'p', urlParams: {} });
const adsRequest = () => ({ zip: '33142', url: 'https://ac.localhost/ads/ads', local_hour: 14 });

/** The three marketplace routes: path, the variable naming its upstream, the exchange kind, a valid body. */
const ROUTES = [
  { path: DEMAND_CHECK_PATH, variable: 'MEDIAALPHA_DEMAND_CHECK_URL', kind: 'demand-check', body: demandCheckPayload },
  { path: GET_PHONE_PATH, variable: 'MEDIAALPHA_GET_PHONE_URL', kind: 'get-phone', body: getPhonePayload },
  { path: ADS_PATH, variable: 'MEDIAALPHA_ADS_URL', kind: 'ads', body: adsRequest },
] as const;

/** An auto lead as the outbox holds it. */
function autoLead(id: string): LeadRow {
  return {
    id,
    brandId: 'tqg',
    route: 'quiz-auto',
    funnel: 'auto',
    product: 'auto',
    language: 'en',
    anonymousId: 'anon-1',
    sessionId: 'session-1',
    fields: {
      zipcode: '33187',
      currentlyInsured: false,
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
    },
    consent: null,
    status: 'captured',
    attempts: 0,
    nextAttemptAt: '2026-03-01T10:00:00.000Z',
    queuedAt: '2026-03-01T10:00:00.000Z',
    lastError: null,
    buyerLeadId: null,
    buyerPrice: null,
    buyerResponse: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    deliveredAt: null,
    duplicateOf: null,
    missingFields: [],
  };
}

/** One delivery to `url` with no dispatcher of its own; returns the outcome and the recorded exchange. */
async function deliverOnce(url: string, leadId: string) {
  const recorded: NewExchange[] = [];
  const context: DeliveryContext = {
    buyers: { auto: { url } },
    timeoutMs: 5000,
    signal: new AbortController().signal,
    recordExchange: async (exchange) => {
      recorded.push(exchange);
      return { id: recorded.length, createdAt: exchange.createdAt ?? '', ...exchange };
    },
    now: () => new Date('2026-03-01T10:00:00.000Z'),
    random: () => 0.5,
    log: { info() {}, warn() {}, error() {} },
  };
  const outcome = await attemptDelivery(autoLead(leadId), context);
  assert.equal(recorded.length, 1, 'the delivery was recorded');
  return { outcome, exchange: recorded[0]! };
}

describe('the 256 KB answer cap', () => {
  let upstream: Upstream;
  let app: FastifyInstance;
  before(async () => {
    upstream = await startUpstream();
    app = await injectableApp({
      ...Object.fromEntries(ROUTES.map((route) => [route.variable, `${upstream.origin}/big`])),
      MEDIAALPHA_TIMEOUT_MS: '5000',
    });
  });
  after(async () => {
    await app.close();
    await upstream.close();
  });

  for (const route of ROUTES) {
    test(`${route.path}: a 1 MB answer is a 502 with the one-line reason, recorded truncated to the cap`, async () => {
      const response = await app.inject({ method: 'POST', url: route.path, headers: { host: 'ac.localhost' }, payload: route.body() });
      assert.equal(response.statusCode, 502);
      assert.deepEqual(response.json(), { error: `upstream answer larger than ${UPSTREAM_ANSWER_MAX_BYTES} bytes` });
      const [row] = await app.store.listExchanges({ last: 1, kind: route.kind });
      assert.ok(row, 'recorded');
      assert.equal(row.error, OVERSIZED_ANSWER_ERROR);
      assert.equal(row.status, 200);
      assert.equal(row.response?.length, UPSTREAM_ANSWER_MAX_BYTES, 'the first 262144 bytes, no more');
      assert.equal(row.response, jsonOfSize(ONE_MB).slice(0, UPSTREAM_ANSWER_MAX_BYTES));
    });
  }

  test('the lead buyer: a 1 MB 2xx answer still took the lead (delivered), its record truncated with the reason', async () => {
    const { outcome, exchange } = await deliverOnce(`${upstream.origin}/big`, 'lead-oversized-0001');
    assert.equal(outcome.kind, 'delivered');
    assert.equal(exchange.kind, 'lead-quote');
    assert.equal(exchange.error, OVERSIZED_ANSWER_ERROR);
    assert.equal(exchange.response?.length, UPSTREAM_ANSWER_MAX_BYTES);
  });

  test('an answer of exactly 262144 bytes passes', async () => {
    const outcome = await postToUpstream({ url: `${upstream.origin}/at-cap`, body: {}, timeoutMs: 5000 });
    assert.equal(outcome.ok, true, outcome.ok ? '' : outcome.error);
    assert.equal(outcome.raw?.length, UPSTREAM_ANSWER_MAX_BYTES);
  });

  test('the cut drops a character split at the cap instead of garbling it', async () => {
    const outcome = await postToUpstream({ url: `${upstream.origin}/multibyte`, body: {}, timeoutMs: 5000 });
    assert.equal(outcome.ok ? undefined : outcome.error, OVERSIZED_ANSWER_ERROR);
    const raw = outcome.raw ?? '';
    assert.ok(Buffer.byteLength(raw) <= UPSTREAM_ANSWER_MAX_BYTES);
    assert.ok(Buffer.byteLength(raw) >= UPSTREAM_ANSWER_MAX_BYTES - 1);
    assert.ok(!raw.includes('\uFFFD'), 'no replacement character');
  });

  test('the rest of a long answer is never read: the connection is dropped at the cap', async () => {
    const outcome = await postToUpstream({ url: `${upstream.origin}/endless`, body: {}, timeoutMs: 5000 });
    assert.equal(outcome.ok ? undefined : outcome.error, OVERSIZED_ANSWER_ERROR);
    const sent = await upstream.endlessSent();
    assert.ok(sent < 16 * ONE_MB, `the upstream got to send ${sent} of 64 MB`);
  });
});

describe('one connection pool for every upstream call', () => {
  /**
   * Resolves once the pool took back the connection of the answer just read. undici hands a
   * kept-alive socket to the next request only in the event-loop turn after the answer completed
   * (its client resumes through setImmediate, client-h1.js onMessageComplete), and that happened
   * before the caller could read the whole answer, so a setImmediate queued now runs after it.
   */
  const released = () => setImmediate();

  test('upstreamPool() is one pool for the whole process', async () => {
    assert.equal(upstreamPool(), upstreamPool());
    assert.equal(await upstreamPool(), await upstreamPool());
  });

  test('the three marketplace routes, the lead outbox and a second app all reuse one kept-alive connection', async () => {
    const upstream = await startUpstream();
    const env = {
      MEDIAALPHA_DEMAND_CHECK_URL: `${upstream.origin}/demand-check`,
      MEDIAALPHA_GET_PHONE_URL: `${upstream.origin}/get-phone`,
      MEDIAALPHA_ADS_URL: `${upstream.origin}/ads`,
      MEDIAALPHA_TIMEOUT_MS: '5000',
    };
    const first = await injectableApp(env);
    let firstClosed = false;
    let second: FastifyInstance | undefined;
    try {
      // One after another, each after the last one's connection went back to the pool: a call
      // made at the very moment the previous answer ends may find it still busy and open another.
      for (const route of ROUTES) {
        await released();
        const response = await first.inject({ method: 'POST', url: route.path, headers: { host: 'ac.localhost' }, payload: route.body() });
        assert.equal(response.statusCode, 200, `${route.path}: ${response.body}`);
      }
      await released();
      const { outcome } = await deliverOnce(`${upstream.origin}/leads`, 'lead-pooled-00001');
      assert.equal(outcome.kind, 'delivered');
      // Closing an app leaves the pool open for the others in the process.
      await first.close();
      firstClosed = true;
      second = await injectableApp(env);
      await released();
      const response = await second.inject({ method: 'POST', url: DEMAND_CHECK_PATH, headers: { host: 'ac.localhost' }, payload: demandCheckPayload() });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(upstream.connections(), 1, 'five calls from two apps and the outbox, one connection');
    } finally {
      if (!firstClosed) await first.close();
      await second?.close();
      await upstream.close();
    }
  });
});
