/**
 * The per-connection SQLite settings every connection that writes the store must have: the main
 * thread's (sqlite.ts) and the events thread's (sqlite-event-worker.ts).
 */
import type BetterSqlite3 from 'better-sqlite3';

/**
 * How long a statement waits for another connection's write lock (the events thread's, or the
 * CLI's in another process) before failing with SQLITE_BUSY.
 */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * `synchronous=FULL`: every commit fsyncs the WAL before returning. With WAL + NORMAL a commit
 * survives a process crash but can be lost on an OS crash or power cut; the requirement is that
 * an acknowledged write is never lost, so FULL. `busy_timeout`: wait for, rather than fail on,
 * another connection's lock. Both are per connection, so each connection sets them itself.
 */
export function setDurableWrites(connection: BetterSqlite3.Database): void {
  connection.pragma('synchronous = FULL');
  connection.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}
