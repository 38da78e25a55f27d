/**
 * `npm run bench:sign-in`: what a visitor sees while strangers guess passwords. Password hashing
 * (scrypt) runs on libuv's thread pool, which file reads and gzip share; unbounded, 48 concurrent
 * sign-ins once pushed a static file from 1 s to 21 s. The server now hashes at most two at a time
 * and answers the rest 429 at once, so the pool stays free.
 *
 * Two processes on loopback: the real server (NODE_ENV=production, SQLite in a fresh folder,
 * TRUST_PROXY=loopback, one staff account) and this one, which
 * 1. times a static file (the largest script of the build, read from disk, no compression) and a
 *    gzip-compressed page, each on a new connection, PROBES times with nobody signing in: the
 *    baseline;
 * 2. then keeps BENCH_SIGN_INS (default 48) sign-ins in flight for BENCH_DURATION_S seconds
 *    (default 15), each from a random client address with an unknown email (so neither the
 *    per-address limit nor the account throttle stops them before the hash queue does), and times
 *    the same two requests every 200 ms meanwhile.
 * Prints both phases' p50/p99/max and the ratio of the flood's p99 to the baseline's; the sign-ins'
 * answers by status. Asserts nothing. Bounded: every request has a 30 s budget.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../build.ts';
import { formatTable } from '../cli/table.ts';
import { AUTH_SESSION_PATH } from '../src/core/contract/paths.ts';
import { percentile, ROOT, timedRequest, withProductionServer, type TimedRequest } from './support/child-roles.ts';
import { serveRole } from './support/serve-role.ts';

const SELF = fileURLToPath(import.meta.url);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 48);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
const PROBES = 30;
const PROBE_PAUSE_MS = 200;
const REQUEST_TIMEOUT_MS = 30_000;
const CONTROL_CENTER_HOST = 'ccc.localhost';
const PAGE = { host: 'ac.localhost', path: '/' };

const randomAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The largest script the build wrote: the static file whose read the hash used to starve. */
function largestScript(): string {
  const assets = path.join(ROOT, 'dist', 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const largest = scripts.sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
  if (!largest) throw new Error('the build wrote no script under dist/assets');
  return `/assets/${largest}`;
}

interface Probe {
  name: string;
  request: { path: string; headers: Record<string, string> };
}

/** One round of every probe, one after the other, each on a new connection. */
async function probeOnce(port: number, probes: readonly Probe[]): Promise<TimedRequest[]> {
  const results: TimedRequest[] = [];
  for (const probe of probes) results.push(await timedRequest(port, probe.request, { timeoutMs: REQUEST_TIMEOUT_MS }));
  return results;
}

function summary(results: readonly TimedRequest[]): { p50: number; p99: number; max: number; statuses: string } {
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const counts = new Map<string, number>();
  for (const result of results) counts.set(String(result.status), (counts.get(String(result.status)) ?? 0) + 1);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN, statuses: [...counts].map(([status, count]) => `${status}:${count}`).join(' ') };
}

async function main(): Promise<void> {
  await buildIfNeeded();
  await withProductionServer(SELF, 'sign-in', {}, async ({ port }) => {
    const probes: Probe[] = [
      { name: `static ${largestScript()}`, request: { path: largestScript(), headers: { host: PAGE.host } } },
      { name: `gzip page ${PAGE.host}${PAGE.path}`, request: { path: PAGE.path, headers: { host: PAGE.host, accept: 'text/html', 'accept-encoding': 'gzip' } } },
    ];
    // Warm up: the first render compiles and caches; a visitor arriving later never pays that.
    await probeOnce(port, probes);

    const baseline = probes.map(() => [] as TimedRequest[]);
    const record = (into: TimedRequest[][], results: TimedRequest[]) => results.forEach((result, index) => into[index]?.push(result));
    for (let round = 0; round < PROBES; round++) {
      record(baseline, await probeOnce(port, probes));
      await pause(PROBE_PAUSE_MS);
    }

    process.stderr.write(`${SIGN_INS} sign-ins in flight for ${DURATION_S} s...\n`);
    const ends = Date.now() + DURATION_S * 1000;
    const signIns: TimedRequest[] = [];
    const signInLoop = async () => {
      while (Date.now() < ends) {
        const body = JSON.stringify({ email: `nobody-${randomBytes(6).toString('hex')}@example.com`, password: 'a guess that is long enough' });
        signIns.push(
          await timedRequest(
            port,
            { method: 'POST', path: AUTH_SESSION_PATH, headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json', 'x-forwarded-for': randomAddress() }, body },
            { timeoutMs: REQUEST_TIMEOUT_MS },
          ),
        );
      }
    };
    const during = probes.map(() => [] as TimedRequest[]);
    const probeLoop = async () => {
      while (Date.now() < ends) {
        record(during, await probeOnce(port, probes));
        await pause(PROBE_PAUSE_MS);
      }
    };
    await Promise.all([probeLoop(), ...Array.from({ length: SIGN_INS }, signInLoop)]);

    const format = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(0));
    console.log(`\n${SIGN_INS} concurrent sign-ins with unknown emails from random addresses for ${DURATION_S} s (NODE_ENV=production).\n`);
    console.log(
      formatTable(
        ['REQUEST', 'BASELINE P50 / P99 / MAX MS', 'DURING SIGN-INS P50 / P99 / MAX MS', 'P99 RATIO', 'STATUSES DURING'],
        probes.map((probe, index) => {
          const before = summary(baseline[index] ?? []);
          const after = summary(during[index] ?? []);
          return [
            probe.name,
            `${format(before.p50)} / ${format(before.p99)} / ${format(before.max)}`,
            `${format(after.p50)} / ${format(after.p99)} / ${format(after.max)}`,
            `${(after.p99 / before.p99).toFixed(2)}×`,
            after.statuses,
          ];
        }),
      ),
    );
    const answered = summary(signIns);
    console.log(`\nSign-ins: ${signIns.length} (${(signIns.length / DURATION_S).toFixed(0)}/s), answers ${answered.statuses}, p50 ${format(answered.p50)} ms, p99 ${format(answered.p99)} ms.`);
  });
}

if (process.argv[2] === '--serve') {
  await serveRole();
} else {
  await main();
}
