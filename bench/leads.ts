/**
 * `npm run bench:leads`: POST /api/leads throughput on loopback with autocannon, and how long
 * captured leads then take to reach the buyer through the outbox.
 *
 * Three targets, each a server process of its own, run one after the other in one run: a bare
 * Fastify route that parses the body and stores nothing (the ceiling), the real app on SQLite (a
 * fresh data folder) and on PostgreSQL (database `test`, a fresh schema, dropped afterwards). The
 * real app delivers to the fixture buyer (tools/support/lead-buyer-server.ts, `ok` mode) running
 * in this process. Every request carries a unique lead id (autocannon's `[<id>]`), so every 2xx
 * is a new lead. After each run the outbox is left to drain (bounded), then the delivery latency
 * (created_at to delivered_at) is read from the store.
 *
 * Bounded: BENCH_DURATION_S seconds per target (default 5) with BENCH_CONNECTIONS connections
 * (default 50); draining waits at most BENCH_DRAIN_S seconds (default 60).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../build.ts';
import { formatTable } from '../cli/table.ts';
import { FUNNEL_STEP_PATH } from '../src/core/contract/funnel-steps.ts';
import { LEADS_PATH } from '../src/core/contract/leads.ts';
import { COOKIE_BASE_NAMES } from '../src/core/http/cookie-names.ts';
import { AUTO_LEAD_FIELDS, autoLeadRequest, stepSubmits } from '../tools/support/auto-lead.ts';
import { startLeadBuyer, type FixtureLeadBuyer } from '../tools/support/lead-buyer-server.ts';
import { EVENTS_SERVER, startServerProcess } from '../tools/support/events-server-process.ts';
import { createStoreTarget, type StoreTarget } from '../tools/support/store-targets.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DRAIN_S = Number(process.env.BENCH_DRAIN_S ?? 60);
const START_TIMEOUT_MS = 30_000;
const DRAIN_POLL_MS = 200;

/** The bare route (tools/support/leads-empty-server.ts). */
const EMPTY_LEADS_SERVER = fileURLToPath(new URL('../tools/support/leads-empty-server.ts', import.meta.url));
/** The real app on a given store (the events fixture is the whole app, not only events). */
const REAL_SERVER = EVENTS_SERVER;

/** A complete auto lead as the browser sends it at the funnel's last step; autocannon fills in a unique id. */
const BODY_TEMPLATE = JSON.stringify(autoLeadRequest('[<id>]', { anonymousId: 'bench-anonymous-0001', sessionId: 'bench-session-0001' }));

interface Target {
  name: string;
  script: string;
  store?: StoreTarget;
}

interface Outcome {
  name: string;
  leadsPerSecond: number;
  p99Ms: number;
  ok: number;
  failed: number;
  /** Leads stored and delivered; undefined for the bare route. */
  stored?: number;
  delivered?: number;
  deliveryP50Ms?: number;
  deliveryP99Ms?: number;
}

/** The p-th percentile (0..100) of sorted values, nearest rank. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** Waits (bounded) until no lead is left in the outbox. */
async function drainOutbox(store: StoreTarget): Promise<void> {
  const deadline = Date.now() + DRAIN_S * 1000;
  while (Date.now() < deadline) {
    const [waiting] = await store.column("select count(*) from leads where status = 'captured'");
    if (Number(waiting) === 0) return;
    await sleep(DRAIN_POLL_MS);
  }
  process.stderr.write(`  the outbox did not drain within ${DRAIN_S} s\n`);
}

/** Delivery latencies (created_at to delivered_at), in milliseconds, sorted. */
async function deliveryLatencies(store: StoreTarget): Promise<number[]> {
  const rows = await store.column("select created_at || '|' || delivered_at from leads where status = 'delivered'");
  return rows
    .map((row) => {
      const [created, delivered] = String(row).split('|');
      return Date.parse(delivered ?? '') - Date.parse(created ?? '');
    })
    .sort((a, b) => a - b);
}

/** POSTs JSON `body` to `pathname` on tqg at loopback `port` with `cookie`; answers the status and the form cookie it set. */
function postJson(port: number, pathname: string, body: unknown, cookie: string): Promise<{ status: number; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method: 'POST', headers: { host: 'tqg.localhost', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, setCookie: response.headers['set-cookie'] ?? [] }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/**
 * The form cookie of a browser that walked tqg's auto funnel on the server at `port`, step by
 * step as the funnel does: the server takes a lead only from such a visit, so every benched lead
 * carries it.
 */
async function walkedCookie(port: number): Promise<string> {
  let cookie = '';
  for (const submit of stepSubmits('quiz-auto', 'auto', AUTO_LEAD_FIELDS)) {
    const { status, setCookie } = await postJson(port, FUNNEL_STEP_PATH, submit, cookie);
    if (status !== 204) throw new Error(`walking the auto funnel: step ${submit.step} answered ${status}`);
    cookie = setCookie.find((line) => line.startsWith(`${COOKIE_BASE_NAMES.form}=`))?.split(';')[0] ?? cookie;
  }
  return cookie;
}

async function runTarget(target: Target, sessionDataDir: string, buyer: FixtureLeadBuyer): Promise<Outcome> {
  if (target.store) await (await target.store.open()).close();
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: sessionDataDir, LEAD_BUYER_URL: buyer.url };
  const server = await startServerProcess(target.script, target.store ? [JSON.stringify(target.store.options)] : [], env, START_TIMEOUT_MS);
  try {
    // The bare route has no funnel to walk.
    const cookie = target.store ? await walkedCookie(server.port) : '';
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${LEADS_PATH}`,
      method: 'POST',
      headers: { host: 'tqg.localhost', 'content-type': 'application/json', 'user-agent': 'bench-leads/1.0', ...(cookie ? { cookie } : {}) },
      body: BODY_TEMPLATE,
      idReplacement: true,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const outcome: Outcome = {
      name: target.name,
      leadsPerSecond: result['2xx'] / result.duration,
      p99Ms: result.latency.p99,
      ok: result['2xx'],
      failed: result.non2xx + result.errors,
    };
    if (!target.store) return outcome;
    await drainOutbox(target.store);
    const latencies = await deliveryLatencies(target.store);
    return {
      ...outcome,
      stored: Number((await target.store.column('select count(*) from leads'))[0]),
      delivered: latencies.length,
      deliveryP50Ms: percentile(latencies, 50),
      deliveryP99Ms: percentile(latencies, 99),
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

await buildIfNeeded();
const sessionDataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-bench-leads-'));
const buyer = await startLeadBuyer('ok');
const targets: Target[] = [
  { name: 'empty Fastify route', script: EMPTY_LEADS_SERVER },
  { name: 'SQLite', script: REAL_SERVER, store: createStoreTarget('sqlite') },
  { name: 'PostgreSQL', script: REAL_SERVER, store: createStoreTarget('postgres') },
];
const outcomes: Outcome[] = [];
try {
  for (const target of targets) {
    process.stderr.write(`${target.name}: ${DURATION_S} s, ${CONNECTIONS} connections...\n`);
    outcomes.push(await runTarget(target, sessionDataDir, buyer));
  }
} finally {
  await buyer.close();
  for (const target of targets) await target.store?.cleanup();
  rmSync(sessionDataDir, { recursive: true, force: true });
}

const baseline = outcomes[0]?.leadsPerSecond ?? Number.NaN;
const optional = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits));
console.log(
  formatTable(
    ['TARGET', 'LEADS/S', 'P99 MS', 'VS EMPTY', '2XX', 'FAILED', 'STORED', 'DELIVERED', 'DELIVERY P50 MS', 'DELIVERY P99 MS'],
    outcomes.map((outcome) => [
      outcome.name,
      outcome.leadsPerSecond.toFixed(0),
      String(outcome.p99Ms),
      `${((outcome.leadsPerSecond / baseline) * 100).toFixed(1)}%`,
      String(outcome.ok),
      String(outcome.failed),
      optional(outcome.stored),
      optional(outcome.delivered),
      optional(outcome.deliveryP50Ms),
      optional(outcome.deliveryP99Ms),
    ]),
  ),
);
const problems = outcomes.filter((outcome) => outcome.stored !== undefined && (outcome.stored < outcome.ok || (outcome.delivered ?? 0) < outcome.stored));
if (problems.length > 0) {
  console.error(`fewer rows than 2xx answers, or leads left undelivered: ${problems.map((outcome) => outcome.name).join(', ')}`);
  process.exitCode = 1;
}
