/**
 * Prepared SQLite statements, kept and reused by their SQL text.
 *
 * Kysely's SQLite driver calls `prepare(sql)` for every query it runs, and preparing (SQLite parses
 * and plans the statement) was the largest single cost of a cached page answer: about 10% of its
 * CPU, for the two reads every page makes (live content, running experiments). A query builder
 * call site produces the same SQL text every time, so a statement prepared once serves every later
 * run of it. Reuse is safe because Kysely runs one query at a time on its SQLite connection (its
 * connection mutex, held through a streamed query too): a cached statement is never asked to run
 * while it is still iterating. Statements of an older schema are re-prepared by SQLite itself.
 */
import type { Database as BetterSqliteDatabase } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * How many distinct statements are kept. Far more than the app's query shapes; the bound is for
 * queries whose text varies with their input (an `in (?, ?, …)` list), which would otherwise grow
 * the cache without end.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SqliteDialect sees it, with `prepare` answering from a cache of
 * statements by SQL text. Only Kysely's queries go through it; the connection itself is unchanged.
 */
export function cachingStatements(connection: BetterSqliteDatabase, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new LRUCache<string, ReturnType<BetterSqliteDatabase['prepare']>>({ max: size });
  return {
    close: () => void connection.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
