/**
 * The SQLite adapter: one better-sqlite3 connection to `{dataDir}/cobrand.sqlite`, in WAL mode.
 */
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteDatabase } from './sqlite-driver.ts';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';
import type { EventWriter } from '../../events/event-writer.ts';
import type { Database } from './schema.ts';
import { sqliteEventThread } from '../../events/sqlite-event-thread.ts';
import { setDurableWrites } from './sqlite-pragmas.ts';
import { cachingStatements } from './statement-cache.ts';

/** An open database: Kysely for every query, and the writer of event ingest's hot path (event-writer.ts). */
export interface OpenedDatabase {
  db: Kysely<Database>;
  writeEvents: EventWriter;
}

/** The database file's name inside the data directory. */
export const SQLITE_FILE_NAME = 'cobrand.sqlite';

/** The data folder, when this process creates it: its owner only (leads are personal data). */
export const DATA_DIR_MODE = 0o700;
/** The database file and its -wal and -shm companions: read and written by their owner only. */
export const SQLITE_FILE_MODE = 0o600;

/** The companion files SQLite keeps next to the database in WAL mode. */
export const SQLITE_COMPANION_SUFFIXES = ['-wal', '-shm'] as const;

/**
 * Creates the data folder (0700) and the database file (0600) before SQLite opens it. Modes are
 * set with chmod after creating, so no umask loosens (or over-tightens) them; SQLite creates the
 * -wal and -shm files with the database file's mode. A folder that already existed keeps its
 * mode (DATA_DIR may name a folder the operator manages), but the database files are always
 * set back to 0600, which also closes up files an earlier version left world-readable.
 */
function prepareDataFiles(dataDir: string, file: string): void {
  if (mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE }) !== undefined) chmodSync(dataDir, DATA_DIR_MODE);
  // 'a' creates the file if missing and never truncates; the mode applies only when it is created.
  closeSync(openSync(file, 'a', SQLITE_FILE_MODE));
  setMode(file, SQLITE_FILE_MODE);
}

/** chmod `file` to `mode` unless it has it already (a reader that does not own it then needs no right to chmod). */
function setMode(file: string, mode: number): void {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats && (stats.mode & 0o777) !== mode) chmodSync(file, mode);
}

/** Sets the -wal and -shm files (present once WAL mode is on) to {@link SQLITE_FILE_MODE}. */
function protectCompanionFiles(file: string): void {
  for (const suffix of SQLITE_COMPANION_SUFFIXES) {
    setMode(file + suffix, SQLITE_FILE_MODE);
  }
}

/**
 * Kysely's SQLite driver with `BEGIN IMMEDIATE` transactions. The events thread writes through a
 * connection of its own (sqlite-event-thread.ts); a deferred transaction that read before that
 * thread committed and then writes would fail at once with SQLITE_BUSY (its snapshot is stale,
 * and busy_timeout does not retry that). IMMEDIATE takes the write lock at BEGIN, waiting
 * (busy_timeout) for a commit in progress instead.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.#config);
  }
}

/**
 * Opens (creating if needed) the SQLite database under `dataDir` and wraps it in Kysely, with
 * event ingest's writer on a thread and connection of its own (sqlite-event-thread.ts).
 *
 * Pragmas, and why:
 * - `journal_mode=WAL`: readers never block the writer and a commit is one sequential append.
 * - `synchronous=FULL` and `busy_timeout` on every writing connection (sqlite-pragmas.ts). Group
 *   commit is what keeps FULL cheap: one fsync covers every request waiting in the batch.
 *
 * Kysely's statements are prepared once per SQL text and reused (statement-cache.ts).
 *
 * Files: the data folder is created 0700 and the database, -wal and -shm files are 0600
 * ({@link prepareDataFiles}).
 */
export function openSqliteDatabase(dataDir: string): OpenedDatabase {
  const file = join(dataDir, SQLITE_FILE_NAME);
  prepareDataFiles(dataDir, file);
  const connection = new SqliteDatabase(file);
  const journalMode = connection.pragma('journal_mode = WAL', { simple: true });
  if (journalMode !== 'wal') {
    connection.close();
    throw new Error(`SQLite store in ${dataDir} could not switch to WAL mode (journal_mode is ${String(journalMode)})`);
  }
  protectCompanionFiles(file);
  setDurableWrites(connection);
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionDialect({ database: cachingStatements(connection) }) });
  return { db, writeEvents: sqliteEventThread(file) };
}
