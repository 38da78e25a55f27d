/**
 * `tsx bench/content-epoch.ts`: what a page request pays for the content epoch
 * (store/content-epoch.ts), median µs of `contentEpoch()` over BENCH_CALLS sequential calls
 * (default 1,000): SQLite (a read per call), PostgreSQL read per call (as before migration 0013:
 * each call is made after a `write` event, which asks for a read), and PostgreSQL from memory
 * (the LISTEN connection up, nothing written). Fresh SQLite folder and PostgreSQL schema (database
 * `test`), removed afterwards. Prints, asserts nothing: times vary with the machine's load.
 */
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { formatTable } from '../cli/table.ts';
import type { ContentEpochFeed } from '../src/server/store/epoch-listener.ts';
import type { Store } from '../src/server/store/index.ts';
import { createStoreTarget } from '../test/fixtures/store-targets.ts';
import { whenEmitted } from '../test/support/when-emitted.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 1000);

/** Median µs of `CALLS` awaited calls of `contentEpoch()`, each after `before()`. */
async function medianMicros(store: Store, before: () => void): Promise<number> {
  const micros: number[] = [];
  for (let call = 0; call < CALLS; call += 1) {
    before();
    const start = performance.now();
    await store.contentEpoch();
    micros.push((performance.now() - start) * 1000);
  }
  micros.sort((a, b) => a - b);
  return micros[Math.floor(micros.length / 2)]!;
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  const sqlite = createStoreTarget('sqlite');
  const postgres = createStoreTarget('postgres');
  try {
    const onSqlite = await sqlite.open();
    try {
      rows.push(['SQLite', 'read per call', (await medianMicros(onSqlite, () => undefined)).toFixed(1)]);
    } finally {
      await onSqlite.close();
    }
    const onPostgres = await postgres.open();
    try {
      const feed = onPostgres.contentEpochEvents as ContentEpochFeed;
      await whenEmitted(feed, 'listening', () => feed.listening, 'the epoch listener to connect');
      rows.push(['PostgreSQL', 'read per call (before 0013)', (await medianMicros(onPostgres, () => feed.emit('write'))).toFixed(1)]);
      rows.push(['PostgreSQL', 'from memory (LISTEN/NOTIFY)', (await medianMicros(onPostgres, () => undefined)).toFixed(1)]);
    } finally {
      await onPostgres.close();
    }
  } finally {
    await sqlite.cleanup();
    await postgres.cleanup();
  }
  console.log(`contentEpoch(): median of ${CALLS} calls, load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(formatTable(['store', 'how', 'median µs'], rows));
}

await main();
