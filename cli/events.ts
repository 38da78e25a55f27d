/**
 * `cobrand events` (registered in events-command.ts): read the tracked events in the store the
 * server writes to, chosen by the same environment (DATA_DIR for SQLite, DATABASE_URL for
 * PostgreSQL).
 */
import type { EventRow, ListEventsQuery, Store } from '../src/server/platform/store/index.ts';
import { print, withStore, write, type CliIo } from './cli-io.ts';
import { MAX_TAIL_LIMIT, type TailOptions } from './events-arguments.ts';
import { columnWidths, formatRow, formatTable } from './table.ts';

/**
 * How far back each look of `--follow` reaches before the newest event already printed. An event
 * is stamped when the server receives it and becomes visible when its transaction commits, a
 * moment later; reading only strictly after the newest stamp seen would miss one stamped earlier
 * but committed after the previous look. Events already printed are skipped by id.
 */
export const FOLLOW_LOOKBACK_MS = 10_000;

const TAIL_HEADER = ['RECEIVED', 'BRAND', 'EVENT', 'PATH', 'ANONYMOUS ID', 'IP', 'EVENT ID'];

/** `properties.url.path` of an event (spec §7: every event carries its page's url object), or ''. */
function pagePath(event: EventRow): string {
  const url = (event.properties as { url?: { path?: unknown } } | null)?.url;
  return typeof url?.path === 'string' ? url.path : '';
}

function tailRow(event: EventRow): string[] {
  return [event.receivedAt, event.brandId, event.event, pagePath(event), event.anonymousId, event.ip ?? '', event.id];
}

function eventFilters(options: TailOptions): Omit<ListEventsQuery, 'limit'> {
  return {
    ...(options.brand === undefined ? {} : { brandId: options.brand }),
    ...(options.event === undefined ? {} : { event: options.event }),
  };
}

/** `events tail [--follow]`. */
export async function tailEvents(io: CliIo, options: TailOptions): Promise<void> {
  await withStore(io, async (store) => {
    const newestFirst = await store.listEvents({ limit: options.limit, ...eventFilters(options) });
    // Like tail(1): the last N, oldest first, so the newest ends up at the bottom.
    const events = newestFirst.reverse();
    if (options.follow) {
      await followEvents(io, store, options, events);
      return;
    }
    if (options.json) {
      print(io.stdout, JSON.stringify(events, null, 2));
      return;
    }
    if (events.length === 0) {
      print(io.stdout, 'no events');
      return;
    }
    print(io.stdout, formatTable(TAIL_HEADER, events.map(tailRow)));
  });
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Aborted when `out` closes or fails: nobody reads what follow would print any more. */
function closedSignal(out: CliIo['stdout']): AbortSignal {
  const controller = new AbortController();
  if (out.destroyed) controller.abort();
  const abort = () => controller.abort();
  out.once('close', abort);
  out.once('error', abort);
  return controller.signal;
}

/**
 * `events tail --follow`: prints `initial`, then reads the store every `io.followIntervalMs` for
 * events received since, until Ctrl-C (exit 0, nothing more printed) or until the reader goes
 * away. Text keeps one table whose columns only ever widen; --json prints one object per line
 * (NDJSON), since an array that never ends cannot be read.
 */
async function followEvents(io: CliIo, store: Store, options: TailOptions, initial: EventRow[]): Promise<void> {
  const stop = AbortSignal.any([io.interruption(), closedSignal(io.stdout)]);
  const widths = columnWidths(TAIL_HEADER, initial.map(tailRow));
  const show = async (events: readonly EventRow[]) => {
    if (events.length === 0) return;
    if (options.json) {
      await write(io.stdout, events.map((event) => `${JSON.stringify(event)}\n`).join(''));
      return;
    }
    const rows = events.map(tailRow);
    for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
    await write(io.stdout, rows.map((row) => `${formatRow(row, widths)}\n`).join(''));
  };
  if (!options.json) await write(io.stdout, `${formatRow(TAIL_HEADER, widths)}\n`);
  await show(initial);
  // Ids printed within the lookback window of the newest, with their receipt time.
  const printed = new Map(initial.map((event) => [event.id, event.receivedAt]));
  let newest = initial.at(-1)?.receivedAt;
  const filters = eventFilters(options);
  while (!stop.aborted) {
    await pause(io.followIntervalMs, stop);
    if (stop.aborted) break;
    const since = newest === undefined ? undefined : new Date(Date.parse(newest) - FOLLOW_LOOKBACK_MS).toISOString();
    const found = await store.listEvents({ ...filters, limit: MAX_TAIL_LIMIT, ...(since === undefined ? {} : { afterReceivedAt: since }) });
    if (found.length === MAX_TAIL_LIMIT) io.stderr.write(`(more than ${MAX_TAIL_LIMIT} events arrived between two looks: only the newest are shown)\n`);
    const fresh = found.filter((event) => !printed.has(event.id)).reverse();
    await show(fresh);
    for (const event of fresh) {
      printed.set(event.id, event.receivedAt);
      if (newest === undefined || event.receivedAt > newest) newest = event.receivedAt;
    }
    if (newest !== undefined) {
      const horizon = new Date(Date.parse(newest) - FOLLOW_LOOKBACK_MS).toISOString();
      for (const [id, receivedAt] of printed) if (receivedAt <= horizon) printed.delete(id);
    }
  }
}

/** `events stats`. */
export async function eventStats(io: CliIo, options: { json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const stats = await store.eventStats();
    if (options.json) {
      print(io.stdout, JSON.stringify(stats, null, 2));
      return;
    }
    if (stats.length === 0) {
      print(io.stdout, 'no events');
      return;
    }
    print(io.stdout, formatTable(['DAY', 'BRAND', 'EVENT', 'COUNT'], stats.map((stat) => [stat.day, stat.brandId, stat.event, String(stat.count)])));
  });
}
