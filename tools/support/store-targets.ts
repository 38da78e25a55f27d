/**
 * The databases the store suite runs against: SQLite in a fresh temporary directory and
 * PostgreSQL in a fresh schema of database `test` (TEST_DATABASE_URL), dropped afterwards.
 * PostgreSQL is never optional: when it cannot be reached, opening fails with a message
 * saying so, and the tests fail rather than skip.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/server/platform/store/sqlite-driver.ts';
import pg from 'pg';
import { openStore, SQLITE_FILE_NAME, type Store, type StoreDialect, type StoreOptions } from '../../src/server/platform/store/index.ts';

/** The PostgreSQL database the suite uses; trust auth on this machine and in CI. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Both adapters, in the order the suite runs them. */
export const STORE_DIALECTS: readonly StoreDialect[] = ['sqlite', 'postgres'];

/** One isolated database location that can be opened, reopened and inspected. */
export interface StoreTarget {
  readonly dialect: StoreDialect;
  /** What to pass to openStore (also handed to child processes). */
  readonly options: StoreOptions;
  /** Opens the store at this location (again). */
  open(): Promise<Store>;
  /** Runs one read-only query on a connection of its own and returns the first column of each row. */
  column(query: string): Promise<unknown[]>;
  /** Deletes the directory or drops the schema. */
  cleanup(): Promise<void>;
}

/** Creates a fresh, empty location for `dialect`. */
export function createStoreTarget(dialect: StoreDialect): StoreTarget {
  return dialect === 'sqlite' ? createSqliteTarget() : createPostgresTarget();
}

/** Runs `body` against a fresh store, then closes it and removes its data, even on failure. */
export async function withStore(dialect: StoreDialect, body: (store: Store, target: StoreTarget) => Promise<void>): Promise<void> {
  const target = createStoreTarget(dialect);
  try {
    const store = await target.open();
    try {
      await body(store, target);
    } finally {
      await store.close();
    }
  } finally {
    await target.cleanup();
  }
}

function createSqliteTarget(): StoreTarget {
  const dataDir = mkdtempSync(join(tmpdir(), 'cobrand-store-'));
  return {
    dialect: 'sqlite',
    options: { dataDir },
    open: () => openStore({ dataDir }),
    async column(query) {
      const connection = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
      try {
        return connection.prepare(query).pluck().all();
      } finally {
        connection.close();
      }
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function createPostgresTarget(): StoreTarget {
  const pgSchema = `store_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = join(tmpdir(), 'cobrand-store-unused');
  const options: StoreOptions = { databaseUrl: TEST_DATABASE_URL, dataDir, pgSchema };
  async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${pgSchema}` });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  return {
    dialect: 'postgres',
    options,
    async open() {
      try {
        return await openStore(options);
      } catch (error) {
        throw new Error(
          `The PostgreSQL store suite needs a PostgreSQL server at ${TEST_DATABASE_URL} (set TEST_DATABASE_URL to change it); ` +
            `it fails rather than skips when there is none. Cause: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
    column: (query) => withClient(async (client) => (await client.query({ text: query, rowMode: 'array' })).rows.map((row: unknown[]) => row[0])),
    cleanup: () =>
      withClient(async (client) => {
        await client.query(`DROP SCHEMA IF EXISTS ${pgSchema} CASCADE`);
      }).catch(() => {
        // Nothing was created when the server is unreachable; the failure is reported by open().
      }),
  };
}
