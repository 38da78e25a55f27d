/**
 * The PostgreSQL adapter: a pg connection pool wrapped in Kysely.
 */
import { Kysely, PostgresDialect, type DatabaseIntrospector } from 'kysely';
import { postgresEventWriter } from '../../events/event-writer.ts';
import type { Database } from './schema.ts';
import type { OpenedDatabase } from './sqlite.ts';
import { SchemaScopedIntrospector } from './schema-scoped-introspector.ts';

/** A schema name we are willing to splice into a connection option and DDL. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Options for {@link openPostgresDatabase}. */
export interface PostgresOptions {
  /** A `postgres://` connection URL (`DATABASE_URL`). */
  databaseUrl: string;
  /**
   * Schema to hold the store's tables (created if missing) and to put first on every
   * connection's search_path; tests use a fresh schema per run. Default: the server's
   * search_path (normally `public`).
   */
  schema?: string | undefined;
}

/**
 * Opens a pool to PostgreSQL, checks it answers, and wraps it in Kysely, with the prepared
 * event writer on the same pool.
 *
 * Every connection runs with `synchronous_commit=on` whatever the server default, because a
 * 2xx is sent only after COMMIT returns and that COMMIT must mean "flushed to disk".
 *
 * @throws when the URL is unreachable or the schema name is not a plain lower-case identifier.
 */
export async function openPostgresDatabase(options: PostgresOptions): Promise<OpenedDatabase> {
  const { databaseUrl, schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`PostgreSQL schema name must match ${String(SCHEMA_NAME)}, got '${schema}'`);
  }
  const settings = ['-c synchronous_commit=on', ...(schema === undefined ? [] : [`-c search_path=${schema}`])];
  // Loaded here, not at start-up: a SQLite server never needs the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, options: settings.join(' ') });
  // An idle client's connection error (server restart) would otherwise crash the process;
  // the next query on a fresh client reports the problem instead.
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    try {
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw new Error(`PostgreSQL store at ${redactPassword(databaseUrl)} is unreachable: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return { db: new Kysely<Database>({ dialect: new SchemaScopedPostgresDialect({ pool }) }), writeEvents: postgresEventWriter(pool) };
}

/** PostgreSQL with an introspector limited to the store's own schema (see SchemaScopedIntrospector). */
class SchemaScopedPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the signature Kysely's Dialect declares
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db);
  }
}

/** Hides the password of a connection URL so it can appear in an error message. */
function redactPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
