/**
 * `npm run bench:events`: POST /api/event/create throughput on loopback, with autocannon.
 *
 * Three targets, each a server process of its own, run one after the other in one run: a bare
 * Fastify route that parses the body and stores nothing (the ceiling), the real app on SQLite (a
 * fresh data folder), and the real app on PostgreSQL (database `test`, a fresh schema, dropped
 * afterwards); each first with one event per request, then with BENCH_BATCH events (default 10)
 * per request as the browser sends what it queued together. Every request carries unique event
 * ids (autocannon's `[<id>]` replacement), so every 2xx is new rows; the row count is checked
 * against the acknowledged events after each run. With BENCH_BEFORE_TREE, an earlier tree's
 * server runs the same SQLite and PostgreSQL targets too, interleaved with this tree's.
 *
 * Bounded: BENCH_DURATION_S seconds per target (default 10) with BENCH_CONNECTIONS connections
 * (default 50). Prints events/s, p99 latency and events/s relative to the bare route.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../build.ts';
import { formatTable } from '../cli/table.ts';
import { EVENT_CREATE_PATH } from '../src/core/contract/events.ts';
import { EMPTY_EVENTS_SERVER, EVENTS_SERVER, startServerProcess } from '../tools/support/events-server-process.ts';
import { createStoreTarget, type StoreTarget } from '../tools/support/store-targets.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const START_TIMEOUT_MS = 30_000;

/**
 * Optional: a checkout of an earlier commit (`git archive main | tar -x -C /tmp/base`, with a
 * node_modules link) whose server runs as extra "before" targets, so before and after figures
 * come from one run on the same machine state.
 */
const BEFORE_TREE = process.env.BENCH_BEFORE_TREE;

/** A page-view event as the client sends one (context fields trimmed to typical sizes). */
const EVENT_TEMPLATE = {
  type: 'track',
  event: 'pageView',
  timestamp: '2026-03-01T12:00:00.000Z',
  sessionId: 'bench-session-0001',
  anonymousId: 'bench-anonymous-0001',
  properties: {
    eventId: '[<id>]',
    url: { full: 'https://americancoverage.com/quiz/otc/zip?utm_source=bench', path: '/quiz/otc/zip', query: '?utm_source=bench', referrer: '' },
    page: { name: 'quiz-otc', title: 'OTC quiz', product: 'medicare', language: 'english' },
    paid: false,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    stepIsFallback: false,
  },
};

/** Events per request of the batched runs: the browser sends everything queued in one task as one array. */
const BATCH_SIZE = Number(process.env.BENCH_BATCH ?? 10);

/** The body of one request: one event, or a batch whose ids share the request's unique id with a suffix. */
function bodyTemplate(events: number): string {
  if (events === 1) return JSON.stringify(EVENT_TEMPLATE);
  return JSON.stringify(Array.from({ length: events }, (_unused, index) => ({ ...EVENT_TEMPLATE, properties: { ...EVENT_TEMPLATE.properties, eventId: `[<id>]-${index}` } })));
}

interface Target {
  name: string;
  script: string;
  store?: StoreTarget;
  /** Events per request. */
  events: number;
  /** Another tree's server (BENCH_BEFORE_TREE): it migrates its own store, which may not know this tree's migrations. */
  before?: boolean;
}

interface Outcome {
  name: string;
  events: number;
  eventsPerSecond: number;
  p99Ms: number;
  ok: number;
  failed: number;
  /** Rows in the store after the run; undefined for the bare route. */
  stored?: number;
}

async function runTarget(target: Target, sessionDataDir: string): Promise<Outcome> {
  if (target.store && !target.before) await (await target.store.open()).close();
  const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: sessionDataDir };
  const server = await startServerProcess(target.script, target.store ? [JSON.stringify(target.store.options)] : [], env, START_TIMEOUT_MS);
  try {
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}${EVENT_CREATE_PATH}`,
      method: 'POST',
      headers: { host: 'ac.localhost', 'content-type': 'application/json' },
      body: bodyTemplate(target.events),
      idReplacement: true,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    const stored = target.store ? Number((await target.store.column('select count(*) from events'))[0]) : undefined;
    return {
      name: target.name,
      events: target.events,
      eventsPerSecond: (result['2xx'] * target.events) / result.duration,
      p99Ms: result.latency.p99,
      ok: result['2xx'] * target.events,
      failed: result.non2xx + result.errors,
      ...(stored === undefined ? {} : { stored }),
    };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

await buildIfNeeded();
const sessionDataDir = mkdtempSync(path.join(tmpdir(), 'cobrand-bench-events-'));
const targets: Target[] = [
  { name: 'empty Fastify route', script: EMPTY_EVENTS_SERVER, events: 1 },
  { name: 'SQLite', script: EVENTS_SERVER, store: createStoreTarget('sqlite'), events: 1 },
  { name: 'PostgreSQL', script: EVENTS_SERVER, store: createStoreTarget('postgres'), events: 1 },
  { name: `empty Fastify route, ${BATCH_SIZE} per request`, script: EMPTY_EVENTS_SERVER, events: BATCH_SIZE },
  { name: `SQLite, ${BATCH_SIZE} per request`, script: EVENTS_SERVER, store: createStoreTarget('sqlite'), events: BATCH_SIZE },
  { name: `PostgreSQL, ${BATCH_SIZE} per request`, script: EVENTS_SERVER, store: createStoreTarget('postgres'), events: BATCH_SIZE },
];
if (BEFORE_TREE) {
  // Where the earlier tree keeps the server script: tools/support/ now, test/fixtures/ before that move.
  const beforeServer = ['tools/support/events-server.ts', 'test/fixtures/events-server.ts'].map((script) => path.join(BEFORE_TREE, script)).find((script) => existsSync(script));
  if (beforeServer === undefined) throw new Error(`BENCH_BEFORE_TREE ${BEFORE_TREE} has no events-server.ts in tools/support/ or test/fixtures/`);
  targets.splice(
    1,
    0,
    { name: 'SQLite, before', script: beforeServer, store: createStoreTarget('sqlite'), events: 1, before: true },
    { name: 'PostgreSQL, before', script: beforeServer, store: createStoreTarget('postgres'), events: 1, before: true },
  );
  targets.splice(
    -2,
    0,
    { name: `SQLite, ${BATCH_SIZE} per request, before`, script: beforeServer, store: createStoreTarget('sqlite'), events: BATCH_SIZE, before: true },
    { name: `PostgreSQL, ${BATCH_SIZE} per request, before`, script: beforeServer, store: createStoreTarget('postgres'), events: BATCH_SIZE, before: true },
  );
}
const outcomes: Outcome[] = [];
try {
  for (const target of targets) {
    process.stderr.write(`${target.name}: ${DURATION_S} s, ${CONNECTIONS} connections...\n`);
    outcomes.push(await runTarget(target, sessionDataDir));
  }
} finally {
  for (const target of targets) await target.store?.cleanup();
  rmSync(sessionDataDir, { recursive: true, force: true });
}

/** Each run against the empty route of the same request shape. */
const baselineOf = (outcome: Outcome) => outcomes.find((candidate) => candidate.events === outcome.events && candidate.stored === undefined)?.eventsPerSecond ?? Number.NaN;
console.log(
  formatTable(
    ['TARGET', 'EVENTS/S', 'P99 MS', 'VS EMPTY', 'EVENTS 2XX', 'FAILED', 'ROWS STORED'],
    outcomes.map((outcome) => [
      outcome.name,
      outcome.eventsPerSecond.toFixed(0),
      String(outcome.p99Ms),
      `${((outcome.eventsPerSecond / baselineOf(outcome)) * 100).toFixed(1)}%`,
      String(outcome.ok),
      String(outcome.failed),
      outcome.stored === undefined ? '-' : String(outcome.stored),
    ]),
  ),
);
const lost = outcomes.filter((outcome) => outcome.stored !== undefined && outcome.stored < outcome.ok);
if (lost.length > 0) {
  console.error(`fewer rows than 2xx answers: ${lost.map((outcome) => outcome.name).join(', ')}`);
  process.exitCode = 1;
}
