/**
 * GET /metrics (src/server/platform/http/metrics.ts): Prometheus text from a registry per app, with
 * requests by route pattern (never the raw URL) and status, stored events and group-commit batch
 * sizes, upstream calls by kind and outcome, and the lead outbox depth; readable from loopback
 * (without a forwarding header) or with the bearer token, a 404 to anyone else.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { METRICS_PATH, upstreamOutcomeLabel } from '../../../src/server/platform/http/metrics.ts';
import { OVERSIZED_ANSWER_ERROR, relay } from '../../../src/server/platform/upstream/relay.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

function event(id: string) {
  return { type: 'track', event: 'pageView', timestamp: '2026-03-01T12:00:00.000Z', sessionId: 'session-1', anonymousId: 'anon-1', properties: { eventId: id, stepIsFallback: false } };
}

/** The value of one sample line, e.g. `name{a="b"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  let app: FastifyInstance;
  let upstream: http.Server;
  let upstreamUrl: string;
  before(async () => {
    app = await injectableApp({ METRICS_TOKEN: TOKEN }, { leadJobs: { outbox: false, retention: false } });
    upstream = http.createServer((request, response) => {
      response.writeHead(request.url === '/fail' ? 500 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  });
  after(async () => {
    await app.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  const scrape = (headers: Record<string, string> = {}, remoteAddress?: string) =>
    app.inject({ url: METRICS_PATH, headers: { host: '10.0.0.7', ...headers }, ...(remoteAddress ? { remoteAddress } : {}) });

  test('counts requests by route pattern and status, never by raw URL', async () => {
    for (const path of ['/quiz/otc/zip', '/quiz/otc/medicare?utm_source=secret-campaign']) {
      assert.equal((await app.inject({ url: path, headers: { host: 'ac.localhost' } })).statusCode, 200);
    }
    await app.inject({ url: '/', headers: { host: 'nobody.example' } });
    const response = await scrape();
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
    assert.equal(response.headers['cache-control'], 'no-store');
    const text = response.body;
    assert.ok((sample(text, 'cobrand_http_requests_total{method="GET",route="/*",status="200"}') ?? 0) >= 2, text);
    assert.equal(sample(text, 'cobrand_http_requests_total{method="GET",route="/*",status="404"}'), 1, 'the unknown host');
    assert.ok((sample(text, 'cobrand_http_request_duration_seconds_count{method="GET",route="/*",status="200"}') ?? 0) >= 2);
    assert.match(text, /cobrand_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/\*",status="200"\}/);
    assert.doesNotMatch(text, /quiz|secret-campaign|nobody\.example/, 'no raw URL or host in any label');
    assert.match(text, /^process_cpu_user_seconds_total /m, 'default process metrics');
  });

  test('events stored, duplicates and group-commit batch sizes', async () => {
    const post = (body: unknown) =>
      app.inject({ method: 'POST', url: EVENT_CREATE_PATH, headers: { host: 'ac.localhost', 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    assert.equal((await post([event('metrics-event-0001'), event('metrics-event-0002')])).statusCode, 201);
    assert.equal((await post(event('metrics-event-0001'))).statusCode, 200);
    const text = (await scrape()).body;
    assert.equal(sample(text, 'cobrand_events_stored_total'), 2);
    assert.equal(sample(text, 'cobrand_event_duplicates_total'), 1);
    assert.equal(sample(text, 'cobrand_event_commit_batch_size_count'), 2, 'two commits');
    assert.equal(sample(text, 'cobrand_event_commit_batch_size_sum'), 2, 'of one insert call each');
    assert.equal(sample(text, 'cobrand_event_commit_batch_size_bucket{le="1"}'), 2);
    assert.equal(sample(text, 'cobrand_event_commit_batch_size_bucket{le="+Inf"}'), 2);
  });

  test('the lead outbox depth, counted when scraped', async () => {
    assert.equal(sample((await scrape()).body, 'cobrand_lead_outbox_depth'), await app.store.outboxDepth());
  });

  test('upstream calls by kind and outcome, with latency', async () => {
    const recorder = { record: async () => undefined, recordFailed: () => undefined };
    await relay({ kind: 'demand-check', brandId: 'ac', url: `${upstreamUrl}/ok`, body: {}, timeoutMs: 2000 }, recorder);
    await relay({ kind: 'demand-check', brandId: 'ac', url: `${upstreamUrl}/fail`, body: {}, timeoutMs: 2000 }, recorder);
    await relay({ kind: 'lead-quote', brandId: 'ac', url: 'http://127.0.0.1:1/', body: {}, timeoutMs: 2000 }, recorder);
    const text = (await scrape()).body;
    assert.equal(sample(text, 'cobrand_upstream_requests_total{kind="demand-check",outcome="ok"}'), 1);
    assert.equal(sample(text, 'cobrand_upstream_requests_total{kind="demand-check",outcome="http_5xx"}'), 1);
    assert.equal(sample(text, 'cobrand_upstream_requests_total{kind="lead-quote",outcome="unreachable"}'), 1);
    assert.equal(sample(text, 'cobrand_upstream_duration_seconds_count{kind="demand-check",outcome="ok"}'), 1);
  });

  test('upstream outcome labels', () => {
    const failure = (status: number | null, error: string) => ({ ok: false as const, status, raw: null, error, latencyMs: 1 });
    assert.equal(upstreamOutcomeLabel({ ok: true, status: 200, raw: '{}', parsed: {}, latencyMs: 1 }), 'ok');
    assert.equal(upstreamOutcomeLabel(failure(null, 'upstream timed out after 2500 ms')), 'timeout');
    assert.equal(upstreamOutcomeLabel(failure(null, 'upstream call aborted: visitor disconnected')), 'aborted');
    assert.equal(upstreamOutcomeLabel(failure(null, 'upstream refused the connection')), 'unreachable');
    assert.equal(upstreamOutcomeLabel(failure(200, OVERSIZED_ANSWER_ERROR)), 'oversized');
    assert.equal(upstreamOutcomeLabel(failure(200, 'upstream answered HTTP 200 with a body that is not JSON')), 'not_json');
    assert.equal(upstreamOutcomeLabel(failure(404, 'upstream answered HTTP 404')), 'http_4xx');
    assert.equal(upstreamOutcomeLabel(failure(502, 'upstream answered HTTP 502')), 'http_5xx');
  });

  describe('who may read it', () => {
    test('loopback without a forwarding header: yes', async () => {
      assert.equal((await scrape({}, '127.0.0.1')).statusCode, 200);
      assert.equal((await scrape({}, '::1')).statusCode, 200);
      assert.equal((await scrape({}, '::ffff:127.0.0.1')).statusCode, 200);
    });

    test('loopback carrying X-Forwarded-For, Forwarded or X-Real-IP (a local proxy passing a visitor on): 404', async () => {
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const response = await scrape({ [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' }, '127.0.0.1');
        assert.equal(response.statusCode, 404, header);
      }
    });

    test('another host: 404, the same answer as a path that does not exist', async () => {
      const refused = await scrape({}, '203.0.113.9');
      assert.equal(refused.statusCode, 404);
      assert.doesNotMatch(refused.body, /cobrand_/);
      assert.equal((await scrape({ authorization: 'Bearer wrong-token-0123456789' }, '203.0.113.9')).statusCode, 404);
      assert.equal((await scrape({ authorization: TOKEN }, '203.0.113.9')).statusCode, 404, 'the token without Bearer');
    });

    test('another host with the bearer token: yes', async () => {
      const response = await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.9');
      assert.equal(response.statusCode, 200);
      assert.match(response.body, /^cobrand_http_requests_total/m);
    });

    test('without METRICS_TOKEN no token opens it', async () => {
      const other = await injectableApp({}, { leadJobs: { outbox: false, retention: false } });
      try {
        assert.equal((await other.inject({ url: METRICS_PATH, remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer ' } })).statusCode, 404);
        assert.equal((await other.inject({ url: METRICS_PATH, remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode, 404);
      } finally {
        await other.close();
      }
    });
  });

  test('each app has its own registry: a second app in the same process counts only its own requests', async () => {
    const other = await injectableApp({}, { leadJobs: { outbox: false, retention: false } });
    try {
      await other.inject({ url: '/', headers: { host: 'ac.localhost' } });
      const text = (await other.inject({ url: METRICS_PATH })).body;
      assert.equal(sample(text, 'cobrand_http_requests_total{method="GET",route="/*",status="200"}'), 1);
    } finally {
      await other.close();
    }
  });
});
