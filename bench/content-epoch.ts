/**
 * `npm run bench:epoch`: what a page request pays for the content epoch (content-epoch-store.ts,
 * whose goal is a version read per request that costs less than 0.1 ms): median and p90 µs of
 * `contentEpoch()` over BENCH_CALLS sequential calls (default 2,000, after 200 warm-up calls) on
 * SQLite and on PostgreSQL (database `test`, `TEST_DATABASE_URL` to override), with the load
 * average before each. Fresh SQLite folder and PostgreSQL schema, removed afterwards. Prints,
 * asserts nothing: times vary with the machine's load.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { formatTable } from '../cli/table.ts';
import type { Store } from '../src/server/platform/store/index.ts';
import { createStoreTarget, STORE_DIALECTS } from '../tools/support/store-targets.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const WARM_UP = 200;

/** The `fraction` quantile of sorted `values`. */
const quantile = (values: readonly number[], fraction: number) => values[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? Number.NaN;

/** µs of each of `CALLS` awaited `contentEpoch()` calls, sorted, after {@link WARM_UP} unmeasured ones. */
async function epochMicros(store: Store): Promise<number[]> {
  for (let call = 0; call < WARM_UP; call += 1) await store.contentEpoch();
  const micros: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    const start = performance.now();
    await store.contentEpoch();
    micros.push((performance.now() - start) * 1000);
  }
  return micros.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  for (const kind of STORE_DIALECTS) {
    const target = createStoreTarget(kind);
    try {
      const store = await target.open();
      try {
        const load = (loadavg()[0] ?? Number.NaN).toFixed(2);
        const micros = await epochMicros(store);
        rows.push([kind === 'sqlite' ? 'SQLite' : 'PostgreSQL', quantile(micros, 0.5).toFixed(1), quantile(micros, 0.9).toFixed(1), load]);
      } finally {
        await store.close();
      }
    } finally {
      await target.cleanup();
    }
  }
  console.log(`contentEpoch(), a read per call: ${CALLS} calls each; goal < 100 µs per request`);
  console.log(formatTable(['store', 'median µs', 'p90 µs', 'load average before'], rows));
}

await main();
