/**
 * The hot path of event ingest: writing one group commit's events in
 * one transaction with multi-row INSERTs that are prepared once and reused, instead of building,
 * compiling and preparing a fresh Kysely query for every batch.
 *
 * A batch is cut into chunks whose sizes are powers of two up to {@link MAX_ROWS_PER_STATEMENT}
 * (50 rows: 32 + 16 + 2), so at most log2(max) + 1 statement texts exist per connection and each
 * is prepared once: better-sqlite3 keeps the Statement objects (on the events thread's own
 * connection, sqlite-event-thread.ts); PostgreSQL keeps named statements per connection (pg
 * parses a name once per connection).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { EventsTable } from '../platform/store/schema.ts';

/** Where group commit hands its batches: the SQLite events thread or a PostgreSQL pool. */
export interface EventWriter {
  /** Writes rows (ids unique within the call) in one committed transaction; resolves with the ids that were new. */
  write(rows: readonly EventsTable[]): Promise<Set<string>>;
  /** Releases what the writer holds of its own (called after the last write was answered). */
  close(): Promise<void>;
}

/**
 * Most rows per INSERT: 16 columns x 256 rows = 4,096 bound parameters, far below SQLite's
 * (32,766) and PostgreSQL's (65,535) limits.
 */
export const MAX_ROWS_PER_STATEMENT = 256;

/** Every column of the events table, in the order the statements bind them (the Record makes a missing column a type error). */
const COLUMNS_OF: Record<keyof EventsTable, true> = {
  id: true,
  type: true,
  event: true,
  brand_id: true,
  session_id: true,
  anonymous_id: true,
  timestamp: true,
  received_at: true,
  ip: true,
  properties: true,
  route: true,
  step: true,
  device_type: true,
  paid: true,
  experiment: true,
  variant: true,
};
const COLUMNS = Object.keys(COLUMNS_OF) as (keyof EventsTable)[];

/** The chunk sizes a batch is cut into, largest first. */
function chunkSizes(total: number): number[] {
  const sizes: number[] = [];
  let left = total;
  for (let size = MAX_ROWS_PER_STATEMENT; left > 0; size >>= 1) {
    while (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/** The INSERT of `rows` rows; `placeholder(n)` spells the n-th (0-based) parameter. */
function insertText(rows: number, placeholder: (index: number) => string): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row++) {
    tuples.push(`(${COLUMNS.map((_column, column) => placeholder(row * COLUMNS.length + column)).join(', ')})`);
  }
  return `insert into events (${COLUMNS.join(', ')}) values ${tuples.join(', ')} on conflict (id) do nothing returning id`;
}

/** The bound values of rows[start, start + count), column by column (one flat array, cheap to post to a thread). */
export function eventValues(rows: readonly EventsTable[], start: number, count: number): unknown[] {
  const bound = new Array<unknown>(count * COLUMNS.length);
  let index = 0;
  for (let row = start; row < start + count; row++) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- callers pass a range inside rows: one chunk of chunkSizes(rows.length), or all of rows
    const record = rows[row]!;
    for (const column of COLUMNS) bound[index++] = record[column];
  }
  return bound;
}

/** Writes one batch's bound values ({@link eventValues}, `count` rows) in one committed transaction; returns the ids that were new. */
export type SqliteBatchWriter = (bound: readonly unknown[], count: number) => string[];

/**
 * The SQLite batch writer on `connection`: runs where that connection lives (the events thread,
 * sqlite-event-worker.ts), synchronously. BEGIN IMMEDIATE takes the write lock first, waiting
 * (busy_timeout) for the main thread's connection rather than failing on a stale snapshot.
 */
export function sqliteBatchWriter(connection: BetterSqlite3.Database): SqliteBatchWriter {
  const statements = new Map<number, BetterSqlite3.Statement<unknown[], { id: string }>>();
  const statement = (rows: number) => {
    let prepared = statements.get(rows);
    if (!prepared) {
      prepared = connection.prepare<unknown[], { id: string }>(insertText(rows, () => '?'));
      statements.set(rows, prepared);
    }
    return prepared;
  };
  const writeAll = connection.transaction((bound: readonly unknown[], count: number) => {
    const written: string[] = [];
    const sizes = chunkSizes(count);
    let start = 0;
    for (const size of sizes) {
      // One chunk (every batch of a power-of-two size up to the maximum, e.g. a lone event) binds the values as posted.
      const chunk = sizes.length === 1 ? bound : bound.slice(start * COLUMNS.length, (start + size) * COLUMNS.length);
      for (const { id } of statement(size).all(chunk)) written.push(id);
      start += size;
    }
    return written;
  });
  return (bound, count) => writeAll.immediate(bound, count);
}

/**
 * The PostgreSQL writer: one pooled client per batch, named (so once-parsed) statements. A batch
 * that fits one statement (every batch of up to {@link MAX_ROWS_PER_STATEMENT} rows whose size
 * is a power of two, e.g. the lone event of a quiet moment) runs it alone: one statement is its
 * own transaction, committed (synchronous_commit=on) when it returns, so BEGIN and COMMIT would
 * only add two round trips. A larger batch runs its statements in BEGIN … COMMIT.
 */
export function postgresEventWriter(pool: pg.Pool): EventWriter {
  const texts = new Map<number, string>();
  const text = (rows: number) => {
    const known = texts.get(rows);
    if (known !== undefined) return known;
    const made = insertText(rows, (index) => `$${index + 1}`);
    texts.set(rows, made);
    return made;
  };
  const write = async (rows: readonly EventsTable[]) => {
    const sizes = chunkSizes(rows.length);
    const client = await pool.connect();
    const inTransaction = sizes.length > 1;
    let failed: unknown;
    try {
      if (inTransaction) await client.query('begin');
      const written = new Set<string>();
      let start = 0;
      for (const size of sizes) {
        const result = await client.query<{ id: string }>({ name: `cobrand_events_insert_${size}`, text: text(size), values: eventValues(rows, start, size) });
        for (const { id } of result.rows) written.add(id);
        start += size;
      }
      if (inTransaction) await client.query('commit');
      return written;
    } catch (error) {
      failed = error;
      if (inTransaction) await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      // A client whose transaction failed may be in any state: drop its connection rather than reuse it.
      client.release(failed instanceof Error ? failed : undefined);
    }
  };
  // The pool is Kysely's too, and ends with it (db.destroy()).
  return { write, close: async () => undefined };
}
