/**
 * `GET /metrics`: Prometheus text from a registry of this app's
 * own (never prom-client's global one, so tests can build several apps in one process).
 *
 * - `cobrand_http_requests_total` and `cobrand_http_request_duration_seconds` by method, route
 *   pattern (`/*` for every page, `/assets/*`, `/api/leads`; never the raw URL, so the label set
 *   stays small whatever is requested; `unmatched` without a route) and status;
 * - `cobrand_events_stored_total`, `cobrand_event_duplicates_total`, and
 *   `cobrand_event_commit_batch_size` (insert calls per group-commit transaction), from
 *   store.stats();
 * - `cobrand_upstream_requests_total` and `cobrand_upstream_duration_seconds` by kind and outcome
 *   (every call through upstream/relay.ts, in this process);
 * - `cobrand_lead_outbox_depth`: leads waiting for delivery, counted when scraped;
 * - `cobrand_rate_limited_total` by group, `cobrand_shed_requests_total` by reason and
 *   `cobrand_shedding_*`, the load shedder's own view of event-loop lag and memory;
 * - Node's default process metrics (CPU, memory, event-loop lag, GC, handles).
 *
 * Who may read it: a client connecting over loopback with no forwarding header (X-Forwarded-For,
 * Forwarded, X-Real-IP: a reverse proxy on the same host forwards outside visitors from loopback
 * too, and adds one of these), or anyone sending `Authorization: Bearer {METRICS_TOKEN}`. Anyone
 * else gets the ordinary 404, as if there were no such route. The socket's address decides, never
 * X-Forwarded-For, so TRUST_PROXY does not open it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import { BATCH_SIZE_BUCKETS } from '../store/group-commit.ts';
import { METRICS_PATH } from '../ops/ops-protocol.ts';
import { OVERSIZED_ANSWER_ERROR, observeUpstream, type UpstreamOutcome } from '../upstream/relay.ts';

export { METRICS_PATH } from '../ops/ops-protocol.ts';

/** Request latency buckets (seconds): pages answer in milliseconds; the tail is what matters under load. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Upstream latency buckets (seconds), up to the longest accepted MEDIAALPHA_TIMEOUT_MS. */
const UPSTREAM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Longest the outbox count may take at a scrape; a slow store must not hang the scraper. */
const OUTBOX_DEPTH_TIMEOUT_MS = 2000;

/** What the metrics route needs from the configuration. */
export interface MetricsOptions {
  /** METRICS_TOKEN: a bearer token that opens /metrics to other hosts. */
  token?: string | undefined;
}

/** How an upstream call ended, as a small fixed set of labels. */
export function upstreamOutcomeLabel(outcome: UpstreamOutcome): string {
  if (outcome.ok) return 'ok';
  if (outcome.status === null) {
    if (outcome.error.startsWith('upstream timed out')) return 'timeout';
    if (outcome.error.startsWith('upstream call aborted')) return 'aborted';
    return 'unreachable';
  }
  if (outcome.error === OVERSIZED_ANSWER_ERROR) return 'oversized';
  if (outcome.status >= 200 && outcome.status <= 299) return 'not_json';
  return outcome.status >= 500 ? 'http_5xx' : 'http_4xx';
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** True when the TCP peer is this host and no proxy says it forwards someone else. */
function isLocalScraper(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  const loopback = address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
  return loopback && FORWARDING_HEADERS.every((header) => request.headers[header] === undefined);
}

function hasToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token === undefined || header === undefined || !header.startsWith('Bearer ')) return false;
  return sameSecret(header.slice('Bearer '.length).trim(), token);
}

/**
 * A histogram whose buckets are counted elsewhere (group-commit.ts counts batch sizes per store),
 * read when scraped: prom-client's Histogram can only be fed one observation at a time.
 */
function collectedHistogram(name: string, help: string, bounds: readonly number[], read: () => { buckets: number[]; sum: number; count: number } | undefined): Metric {
  return {
    name,
    help,
    type: 'histogram',
    async get() {
      const now = read();
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      if (now) {
        let cumulative = 0;
        bounds.forEach((bound, index) => {
          cumulative += now.buckets[index] ?? 0;
          values.push({ metricName: `${name}_bucket`, labels: { le: bound }, value: cumulative });
        });
        values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf' }, value: now.count });
        values.push({ metricName: `${name}_sum`, labels: {}, value: now.sum });
        values.push({ metricName: `${name}_count`, labels: {}, value: now.count });
      }
      return { name, help, type: 'histogram', values, aggregator: 'sum' };
    },
    reset() {},
  } as unknown as Metric;
}

/** Rejects after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** Registers the request hooks, the collectors and `GET /metrics`. Register it first, so it times every request. */
export const metricsPlugin = fp(async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpLabels = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'cobrand_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames: httpLabels, registers });
  const durations = new Histogram({
    name: 'cobrand_http_request_duration_seconds',
    help: 'Time from request received to response sent, by method, route pattern and status.',
    labelNames: httpLabels,
    buckets: HTTP_BUCKETS,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });

  // Store counters, read at each scrape.
  new Counter({
    name: 'cobrand_events_stored_total',
    help: 'Tracked events newly stored.',
    registers,
    collect() {
      this.reset();
      this.inc(app.store.stats().eventsStored);
    },
  });
  new Counter({
    name: 'cobrand_event_duplicates_total',
    help: 'Tracked events received again (already stored): acknowledged, not stored twice.',
    registers,
    collect() {
      this.reset();
      this.inc(app.store.stats().eventDuplicates);
    },
  });
  registry.registerMetric(
    collectedHistogram('cobrand_event_commit_batch_size', 'Event insert calls per group-commit transaction.', BATCH_SIZE_BUCKETS, () => {
      const stats = app.store.stats();
      return { buckets: stats.eventBatchSizes, sum: stats.eventInsertCalls, count: stats.eventCommits };
    }),
  );

  new Gauge({
    name: 'cobrand_lead_outbox_depth',
    help: 'Leads captured and not yet delivered (the outbox), counted at scrape time; NaN when the store did not answer.',
    registers,
    async collect() {
      try {
        this.set(await within(app.store.outboxDepth(), OUTBOX_DEPTH_TIMEOUT_MS));
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: could not count the lead outbox');
        this.set(Number.NaN);
      }
    },
  });

  // Upstream calls: every relay call in this process.
  const upstreamLabels = ['kind', 'outcome'] as const;
  const upstreamCalls = new Counter({ name: 'cobrand_upstream_requests_total', help: 'Upstream calls (marketplace, lead buyer) by kind and outcome.', labelNames: upstreamLabels, registers });
  const upstreamDurations = new Histogram({
    name: 'cobrand_upstream_duration_seconds',
    help: 'Upstream call latency (connect to last byte) by kind and outcome.',
    labelNames: upstreamLabels,
    buckets: UPSTREAM_BUCKETS,
    registers,
  });
  const stopObserving = observeUpstream((kind, outcome) => {
    const labels = { kind, outcome: upstreamOutcomeLabel(outcome) };
    upstreamCalls.inc(labels);
    upstreamDurations.observe(labels, outcome.latencyMs / 1000);
  });
  app.addHook('onClose', async () => stopObserving());

  // Protection: what the rate limits and the load shedder refused, and what the shedder sees.
  new Counter({
    name: 'cobrand_rate_limited_total',
    help: 'Requests refused with 429 by rate-limit group (signInThrottle: an account waiting after failed sign-ins).',
    labelNames: ['group'],
    registers,
    collect() {
      this.reset();
      for (const [group, count] of Object.entries(app.rateLimitRefusals ?? {})) this.inc({ group }, count);
    },
  });
  new Counter({
    name: 'cobrand_rate_limit_counter_failures_total',
    help: 'Requests whose rate-limit counter could not be read (Redis down or slow), by group and decision (refused: sign-in and leads answer 503; letThrough: page views go on).',
    labelNames: ['group', 'decision'],
    registers,
    collect() {
      this.reset();
      for (const [key, count] of Object.entries(app.rateLimitCounterFailures ?? {})) {
        const [group = '', decision = ''] = key.split(':');
        this.inc({ group, decision }, count);
      }
    },
  });
  new Counter({
    name: 'cobrand_shed_requests_total',
    help: 'Requests refused with 503 by the load shedder, by the reason (loopTurn: event-loop lag; heapUsedBytes, rssBytes: memory).',
    labelNames: ['reason'],
    registers,
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(app.shedRequests ?? {})) this.inc({ reason }, count);
    },
  });
  const pressure = (name: string, help: string, read: (usage: ReturnType<FastifyInstance['memoryUsage']>) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        if (app.hasDecorator('memoryUsage')) this.set(read(app.memoryUsage()));
      },
    });
  pressure('cobrand_shedding_event_loop_delay_milliseconds', 'Mean event-loop lag over the last second (under-pressure\'s sample).', (usage) => usage.eventLoopDelay);
  pressure('cobrand_shedding_heap_used_bytes', 'Heap in use at the last sample, as the load shedder measures it.', (usage) => usage.heapUsed);
  pressure('cobrand_shedding_rss_bytes', 'Resident memory at the last sample, as the load shedder measures it.', (usage) => usage.rssBytes);

  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    if (!isLocalScraper(request) && !hasToken(request, options.token)) return reply.callNotFound();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
});
