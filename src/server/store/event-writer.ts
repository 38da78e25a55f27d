/**
 * The hot path of event ingest (issue 14 "Event ingest"): writing one group commit's events in
 * one transaction with multi-row INSERTs that are prepared once and reused, instead of building,
 * compiling and preparing a fresh Kysely query for every batch.
 *
 * A batch is cut into chunks whose sizes are powers of two up to {@link MAX_ROWS_PER_STATEMENT}
 * (50 rows: 32 + 16 + 2), so at most log2(max) + 1 statement texts exist per connection and each
 * is prepared once: better-sqlite3 keeps the Statement objects; PostgreSQL keeps named
 * statements per connection (pg parses a name once per connection).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database, EventsTable } from './schema.ts';

/** Writes rows (ids unique within the call) in one committed transaction; resolves with the ids that were new. */
export type EventWriter = (rows: readonly EventsTable[]) => Promise<Set<string>>;

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

/** The bound values of rows[start, start + count), column by column. */
function values(rows: readonly EventsTable[], start: number, count: number): unknown[] {
  const bound = new Array<unknown>(count * COLUMNS.length);
  let index = 0;
  for (let row = start; row < start + count; row++) {
    const record = rows[row]!;
    for (const column of COLUMNS) bound[index++] = record[column];
  }
  return bound;
}

/**
 * The SQLite writer. It runs while holding Kysely's single connection (`db.connection()`), so no
 * other store query can interleave with, or land inside, its transaction; the transaction itself
 * is better-sqlite3's synchronous one.
 */
export function sqliteEventWriter(db: Kysely<Database>, connection: BetterSqlite3.Database): EventWriter {
  const statements = new Map<number, BetterSqlite3.Statement<unknown[], { id: string }>>();
  const statement = (rows: number) => {
    let prepared = statements.get(rows);
    if (!prepared) {
      prepared = connection.prepare<unknown[], { id: string }>(insertText(rows, () => '?'));
      statements.set(rows, prepared);
    }
    return prepared;
  };
  const writeAll = connection.transaction((rows: readonly EventsTable[]) => {
    const written = new Set<string>();
    let start = 0;
    for (const size of chunkSizes(rows.length)) {
      for (const { id } of statement(size).all(values(rows, start, size))) written.add(id);
      start += size;
    }
    return written;
  });
  return (rows) => db.connection().execute(async () => writeAll(rows));
}

/** The PostgreSQL writer: one pooled client per batch, named (so once-parsed) statements, BEGIN … COMMIT. */
export function postgresEventWriter(pool: pg.Pool): EventWriter {
  const texts = new Map<number, string>();
  const text = (rows: number) => texts.get(rows) ?? texts.set(rows, insertText(rows, (index) => `$${index + 1}`)).get(rows)!;
  return async (rows) => {
    const client = await pool.connect();
    let failed: unknown;
    try {
      await client.query('begin');
      const written = new Set<string>();
      let start = 0;
      for (const size of chunkSizes(rows.length)) {
        const result = await client.query<{ id: string }>({ name: `cobrand_events_insert_${size}`, text: text(size), values: values(rows, start, size) });
        for (const { id } of result.rows) written.add(id);
        start += size;
      }
      await client.query('commit');
      return written;
    } catch (error) {
      failed = error;
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      // A client whose transaction failed may be in any state: drop its connection rather than reuse it.
      client.release(failed instanceof Error ? failed : undefined);
    }
  };
}
