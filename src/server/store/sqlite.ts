/**
 * The SQLite adapter: one better-sqlite3 connection to `{dataDir}/cobrand.sqlite`, in WAL mode.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

/** The database file's name inside the data directory. */
export const SQLITE_FILE_NAME = 'cobrand.sqlite';

/**
 * How long a statement waits for another process's lock (the CLI reading the same file)
 * before failing with SQLITE_BUSY.
 */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) the SQLite database under `dataDir` and wraps it in Kysely.
 *
 * Pragmas, and why:
 * - `journal_mode=WAL`: readers never block the writer and a commit is one sequential append.
 * - `synchronous=FULL`: every commit fsyncs the WAL before returning. With WAL + NORMAL a commit
 *   survives a process crash but can be lost on an OS crash or power cut; the requirement is
 *   that an acknowledged write is never lost, so FULL. Group commit is what keeps this cheap:
 *   one fsync covers every request waiting in the batch.
 * - `busy_timeout`: wait for, rather than fail on, another process's lock.
 */
export function openSqliteDatabase(dataDir: string): Kysely<Database> {
  mkdirSync(dataDir, { recursive: true });
  const connection = new BetterSqlite3(join(dataDir, SQLITE_FILE_NAME));
  const journalMode = connection.pragma('journal_mode = WAL', { simple: true });
  if (journalMode !== 'wal') {
    connection.close();
    throw new Error(`SQLite store in ${dataDir} could not switch to WAL mode (journal_mode is ${String(journalMode)})`);
  }
  connection.pragma('synchronous = FULL');
  connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
}
