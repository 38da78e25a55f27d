/**
 * `npm run bench:flood`: what a visitor and a health probe see while the pages are flooded
 * and the server sheds load: it answers 503 at once rather than make every visitor wait in a queue.
 *
 * Three processes on loopback: the real server (NODE_ENV=production, SQLite in a fresh folder,
 * TRUST_PROXY=loopback), a flood (autocannon, BENCH_CONNECTIONS connections, default 500, asking
 * for pages of several brands for BENCH_DURATION_S seconds, default 20; every request carries a
 * random X-Forwarded-For, so it looks like a crowd, not one address the rate limits would cut
 * off), and this one, which meanwhile
 * - asks GET /healthz every 100 ms on a new connection, as a load balancer's probe does, on the
 *   operations port (OPS_PORT, platform/ops/ops-listener.ts), where production probes point;
 * - is one visitor (one address of its own) loading a page on a new connection, one request at
 *   a time, 200 ms apart, timing each to its last byte.
 *
 * The run is repeated with LOAD_SHEDDING=off for comparison (BENCH_COMPARE=0 skips it). Prints
 * page requests per second, 503s, 429s, timeouts, and p50/p99/max of /healthz and of the
 * visitor's page; asserts nothing. Bounded: every request has a 30 s budget, and the run ends
 * when the flood does.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../build.ts';
import { formatTable } from '../cli/table.ts';
import { serveRole } from './support/serve-role.ts';
import { percentile, startChildRole, timedRequest, withProductionServer, type TimedRequest } from './support/child-roles.ts';

const SELF = fileURLToPath(import.meta.url);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 500);
const COMPARE = process.env.BENCH_COMPARE !== '0';
/** Budget of every request this script makes (flood, probe, visitor): a request over it counts as a timeout. */
const REQUEST_TIMEOUT_MS = 30_000;
const PROBE_INTERVAL_MS = 100;
const VISITOR_PAUSE_MS = 200;

/** What the flood asks for: home pages and funnel steps of several brands. */
const FLOOD_PAGES = [
  { host: 'ac.localhost', path: '/' },
  { host: 'ac.localhost', path: '/quiz/otc/zip' },
  { host: 'mpa.localhost', path: '/' },
  { host: 'tqg.localhost', path: '/quiz/auto' },
  { host: 'wc.localhost', path: '/go-4-life' },
];
const VISITOR_PAGE = { host: 'ac.localhost', path: '/quiz/otc/zip' };
const VISITOR_ADDRESS = '192.0.2.10';

const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** One GET on a new connection, read to its last byte, timed from the flood's start. */
function timedGet(port: number, path: string, headers: Record<string, string>): Promise<TimedRequest> {
  return timedRequest(port, { path, headers }, { timeoutMs: REQUEST_TIMEOUT_MS, since: floodStart });
}

/** When the flood started (performance.now()); requests are timed from here. */
let floodStart = 0;

/** Repeats `once` with `pauseMs` between calls until `stop` says so. */
async function repeat(stop: () => boolean, pauseMs: number, once: () => Promise<TimedRequest>): Promise<TimedRequest[]> {
  const results: TimedRequest[] = [];
  while (!stop()) {
    results.push(await once());
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return results;
}

/** Requests sent this long after the flood started have its connection burst behind them (see the table's note). */
const SETTLED_AFTER_MS = 5000;

function latencySummary(results: TimedRequest[]): { p50: string; p99: string; max: string; settledP99: string; statuses: string; slowest: string } {
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const settled = results
    .filter((result) => result.at >= SETTLED_AFTER_MS)
    .map((result) => result.ms)
    .sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const result of results) counts.set(String(result.status), (counts.get(String(result.status)) ?? 0) + 1);
  const format = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(0));
  return {
    p50: format(percentile(sorted, 50)),
    p99: format(percentile(sorted, 99)),
    max: format(sorted.at(-1) ?? Number.NaN),
    settledP99: format(percentile(settled, 99)),
    statuses: [...counts].map(([status, count]) => `${status}:${count}`).join(' '),
    slowest: [...results]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((result) => `${result.ms.toFixed(0)} ms at ${(result.at / 1000).toFixed(1)} s`)
      .join(', '),
  };
}

interface RunOutcome {
  name: string;
  flood: autocannon.Result;
  healthz: TimedRequest[];
  visitor: TimedRequest[];
}

async function runOnce(name: string, extraEnv: NodeJS.ProcessEnv): Promise<RunOutcome> {
  return withProductionServer(SELF, 'flood', { ...extraEnv, OPS_PORT: '0' }, async ({ port, opsPort }) => {
    if (opsPort === 0) throw new Error('the ops listener did not start');
    // Warm up: the first renders compile and cache; a visitor arriving later never pays that.
    for (const page of FLOOD_PAGES) await timedGet(port, page.path, { host: page.host, accept: 'text/html' });
    process.stderr.write(`${name}: ${CONNECTIONS} connections for ${DURATION_S} s...\n`);
    floodStart = performance.now();
    const flood = startChildRole(SELF, ['--flood', String(port)], { ...process.env, BENCH_CONNECTIONS: String(CONNECTIONS), BENCH_DURATION_S: String(DURATION_S) });
    let flooding = true;
    const floodDone = flood.output.finally(() => (flooding = false));
    // Let the flood build up before measuring.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [floodOutput, healthz, visitor] = await Promise.all([
      floodDone,
      repeat(() => !flooding, PROBE_INTERVAL_MS, () => timedGet(opsPort, '/healthz', { host: '127.0.0.1' })),
      repeat(() => !flooding, VISITOR_PAUSE_MS, () =>
        timedGet(port, VISITOR_PAGE.path, { host: VISITOR_PAGE.host, accept: 'text/html', 'x-forwarded-for': VISITOR_ADDRESS }),
      ),
    ]);
    return { name, flood: JSON.parse(floodOutput) as autocannon.Result, healthz, visitor };
  });
}

async function main(): Promise<void> {
  await buildIfNeeded();
  const outcomes = [await runOnce('shedding on', {})];
  if (COMPARE) outcomes.push(await runOnce('shedding off', { LOAD_SHEDDING: 'off' }));

  const status = (flood: autocannon.Result, code: string) => String(flood.statusCodeStats?.[code as `${number}`]?.count ?? 0);
  console.log(`\nFlood: ${CONNECTIONS} connections for ${DURATION_S} s on pages of ${FLOOD_PAGES.length} brands' pages, random client addresses.\n`);
  console.log(
    formatTable(
      ['RUN', 'PAGES 2XX/S', 'REQ/S', '200', '503', '429', 'TIMEOUTS', 'ERRORS', 'FLOOD P99 MS'],
      outcomes.map(({ name, flood }) => [
        name,
        (flood['2xx'] / flood.duration).toFixed(0),
        (flood.requests.total / flood.duration).toFixed(0),
        status(flood, '200'),
        status(flood, '503'),
        status(flood, '429'),
        String(flood.timeouts),
        String(flood.errors),
        String(flood.latency.p99),
      ]),
    ),
  );
  console.log('\nDuring the flood (new connection per request, milliseconds to the last byte):\n');
  console.log(
    formatTable(
      ['RUN', 'CLIENT', 'REQUESTS', 'P50', 'P99', 'MAX', `P99 AFTER ${SETTLED_AFTER_MS / 1000} S`, 'STATUSES', 'SLOWEST (SENT AT, SINCE THE FLOOD STARTED)'],
      outcomes.flatMap(({ name, healthz, visitor }) => {
        const probe = latencySummary(healthz);
        const page = latencySummary(visitor);
        return [
          [name, 'GET /healthz (ops port)', String(healthz.length), probe.p50, probe.p99, probe.max, probe.settledP99, probe.statuses, probe.slowest],
          [name, `visitor ${VISITOR_PAGE.path}`, String(visitor.length), page.p50, page.p99, page.max, page.settledP99, page.statuses, page.slowest],
        ];
      }),
    ),
  );
  console.log(
    `\nNode accepts one new connection per event-loop turn (libuv >= 1.45), so the flood's own ${CONNECTIONS} connections, opened at once, queue\n` +
      `in the kernel ahead of anyone arriving in its first seconds; "P99 AFTER ${SETTLED_AFTER_MS / 1000} S" leaves those out.`,
  );
}

// ---------------------------------------------------------------------------------------------
// Child roles: `--serve` is the server, `--flood PORT` the flood (prints autocannon's result JSON).

if (process.argv[2] === '--serve') {
  await serveRole();
} else if (process.argv[2] === '--flood') {
  const port = Number(process.argv[3]);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: REQUEST_TIMEOUT_MS / 1000,
    requests: [
      {
        setupRequest: (request) => {
          // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the index is below FLOOD_PAGES.length, which is not 0
          const page = FLOOD_PAGES[Math.floor(Math.random() * FLOOD_PAGES.length)]!;
          return { ...request, path: page.path, headers: { ...request.headers, host: page.host, accept: 'text/html', 'x-forwarded-for': randomAddress() } };
        },
      },
    ],
  });
  process.stdout.write(JSON.stringify(result));
} else {
  await main();
}
