/**
 * `cobrand events`: read the tracked events in the store the server writes to, chosen by the
 * same environment (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import * as z from 'zod';
import type { BrandId } from '../brands/ids.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openConfiguredStore } from '../src/server/configured-store.ts';
import { SQLITE_FILE_NAME, type EventRow, type Store } from '../src/server/store/index.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

/** How many events `events tail` shows without --limit. */
export const DEFAULT_TAIL_LIMIT = 20;

/** Most events `events tail` shows at once. */
export const MAX_TAIL_LIMIT = 10_000;

/** --limit: a whole number of events from 1 to {@link MAX_TAIL_LIMIT}. */
const limitArgument = z.coerce
  .number({ error: `must be a whole number from 1 to ${MAX_TAIL_LIMIT}` })
  .int(`must be a whole number from 1 to ${MAX_TAIL_LIMIT}`)
  .min(1, `must be at least 1`)
  .max(MAX_TAIL_LIMIT, `must be at most ${MAX_TAIL_LIMIT}`);

/** --event: an event name as stored. */
const eventNameArgument = z.string().min(1, 'must not be empty');

/**
 * Opens the store named by the environment, runs `work`, and closes it. A bad environment, or a
 * SQLite data folder holding no store yet, is reported without creating anything.
 */
async function withEnvironmentStore(work: (store: Store) => Promise<void>): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = EXIT_CODES.usage;
    return;
  }
  const { DATA_DIR, DATABASE_URL } = config.vars;
  const dataDir = path.resolve(DATA_DIR);
  if (DATABASE_URL === undefined && !existsSync(path.join(dataDir, SQLITE_FILE_NAME))) {
    console.error(`no store in ${dataDir} (no ${SQLITE_FILE_NAME}); set DATA_DIR to the server's data folder, or DATABASE_URL`);
    process.exitCode = EXIT_CODES.problems;
    return;
  }
  const store = await openConfiguredStore(config.vars);
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

/** `properties.url.path` of an event (spec §7: every event carries its page's url object), or ''. */
function pagePath(event: EventRow): string {
  const url = (event.properties as { url?: { path?: unknown } } | null)?.url;
  return typeof url?.path === 'string' ? url.path : '';
}

async function tailEvents(options: { brand?: BrandId; event?: string; limit: number; json?: boolean }): Promise<void> {
  await withEnvironmentStore(async (store) => {
    const newestFirst = await store.listEvents({
      limit: options.limit,
      ...(options.brand === undefined ? {} : { brandId: options.brand }),
      ...(options.event === undefined ? {} : { event: options.event }),
    });
    // Like tail(1): the last N, oldest first, so the newest ends up at the bottom.
    const events = newestFirst.reverse();
    if (options.json) {
      console.log(JSON.stringify(events, null, 2));
      return;
    }
    if (events.length === 0) {
      console.log('no events');
      return;
    }
    console.log(
      formatTable(
        ['RECEIVED', 'BRAND', 'EVENT', 'PATH', 'ANONYMOUS ID', 'IP', 'EVENT ID'],
        events.map((event) => [event.receivedAt, event.brandId, event.event, pagePath(event), event.anonymousId, event.ip ?? '', event.id]),
      ),
    );
  });
}

async function eventStats(options: { json?: boolean }): Promise<void> {
  await withEnvironmentStore(async (store) => {
    const stats = await store.eventStats();
    if (options.json) {
      console.log(JSON.stringify(stats, null, 2));
      return;
    }
    if (stats.length === 0) {
      console.log('no events');
      return;
    }
    console.log(formatTable(['DAY', 'BRAND', 'EVENT', 'COUNT'], stats.map((stat) => [stat.day, stat.brandId, stat.event, String(stat.count)])));
  });
}

/** Registers `events tail` and `events stats`. */
export function registerEventsCommands(program: Command): void {
  const events = program.command('events').description('read tracked events from the store (DATA_DIR or DATABASE_URL)');
  events
    .command('tail')
    .description(`the last events received, oldest first (default ${DEFAULT_TAIL_LIMIT})`)
    .option('--brand <id>', 'only this brand’s events', parseWith(brandIdArgument))
    .option('--event <name>', 'only events with this name (e.g. pageView)', parseWith(eventNameArgument))
    .option('--limit <n>', `how many events, 1 to ${MAX_TAIL_LIMIT}`, parseWith(limitArgument), DEFAULT_TAIL_LIMIT)
    .option('--json', 'print a JSON array of {id, type, event, brandId, sessionId, anonymousId, timestamp, receivedAt, ip, properties}')
    .action(tailEvents);
  events
    .command('stats')
    .description('event counts by UTC day of receipt, brand and event name, newest day first')
    .option('--json', 'print a JSON array of {brandId, event, day, count}')
    .action(eventStats);
}
