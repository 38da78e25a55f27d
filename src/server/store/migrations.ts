/**
 * The store's migrations: one ordered list, used by both dialects, run at start-up.
 *
 * Migrations are in code (not files on disk) so the list is type-checked, bundled with the
 * server, and identical for SQLite and PostgreSQL. Column types are the dialect-neutral
 * `text`, `integer` and `double precision`; the only dialect branch is the auto-incrementing id
 * (exchanges, lead access log).
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { StoreDialect } from './dialect.ts';

/**
 * Builds the migration list for one dialect. Names sort in apply order; a migration, once
 * shipped, is never edited (add a new one instead).
 */
function storeMigrations(dialect: StoreDialect): Record<string, Migration> {
  return {
    '0001_initial': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('events')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('type', 'text', (col) => col.notNull())
          .addColumn('event', 'text', (col) => col.notNull())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('timestamp', 'text', (col) => col.notNull())
          .addColumn('received_at', 'text', (col) => col.notNull())
          .addColumn('ip', 'text')
          .addColumn('properties', 'text', (col) => col.notNull())
          .execute();
        // Per-brand listing and daily stats read by (brand_id, received_at); the control
        // center filters by event name; unfiltered listing is newest-first by received_at.
        await db.schema.createIndex('events_brand_received').on('events').columns(['brand_id', 'received_at']).execute();
        await db.schema.createIndex('events_event').on('events').column('event').execute();
        await db.schema.createIndex('events_received').on('events').column('received_at').execute();

        await db.schema
          .createTable('user_states')
          .addColumn('anonymous_id', 'text', (col) => col.primaryKey())
          .addColumn('state', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .execute();

        // SQLite spells an auto-incrementing key INTEGER PRIMARY KEY AUTOINCREMENT (which also
        // never reuses a deleted id); PostgreSQL spells it serial.
        const exchanges =
          dialect === 'sqlite'
            ? db.schema.createTable('upstream_exchanges').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('upstream_exchanges').addColumn('id', 'serial', (col) => col.primaryKey());
        await exchanges
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('url', 'text', (col) => col.notNull())
          .addColumn('request', 'text', (col) => col.notNull())
          .addColumn('status', 'integer')
          .addColumn('response', 'text')
          .addColumn('error', 'text')
          .addColumn('latency_ms', 'integer', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('upstream_exchanges_kind').on('upstream_exchanges').columns(['kind', 'id']).execute();
      },
    },
    '0002_leads': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('leads')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('brand_id', 'text', (col) => col.notNull())
          .addColumn('route', 'text', (col) => col.notNull())
          .addColumn('funnel', 'text', (col) => col.notNull())
          .addColumn('product', 'text', (col) => col.notNull())
          .addColumn('language', 'text', (col) => col.notNull())
          .addColumn('anonymous_id', 'text', (col) => col.notNull())
          .addColumn('session_id', 'text', (col) => col.notNull())
          .addColumn('fields', 'text', (col) => col.notNull())
          .addColumn('consent', 'text')
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text')
          .addColumn('queued_at', 'text')
          .addColumn('last_error', 'text')
          .addColumn('buyer_lead_id', 'text')
          // double precision on both: SQLite gives it REAL affinity, and pg parses float8 to a
          // JS number (numeric would come back as a string on PostgreSQL only).
          .addColumn('buyer_price', 'double precision')
          .addColumn('buyer_response', 'text')
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('updated_at', 'text', (col) => col.notNull())
          .addColumn('delivered_at', 'text')
          .execute();
        // The outbox worker claims by (status, next_attempt_at); listings are per brand and
        // newest first; retention deletes by created_at.
        await db.schema.createIndex('leads_status_next_attempt').on('leads').columns(['status', 'next_attempt_at']).execute();
        await db.schema.createIndex('leads_brand_created').on('leads').columns(['brand_id', 'created_at']).execute();
        await db.schema.createIndex('leads_created').on('leads').column('created_at').execute();

        const accessLog =
          dialect === 'sqlite'
            ? db.schema.createTable('lead_access_log').addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
            : db.schema.createTable('lead_access_log').addColumn('id', 'serial', (col) => col.primaryKey());
        await accessLog
          .addColumn('lead_id', 'text', (col) => col.notNull())
          .addColumn('actor', 'text', (col) => col.notNull())
          .addColumn('channel', 'text', (col) => col.notNull())
          .addColumn('at', 'text', (col) => col.notNull())
          .execute();
        await db.schema.createIndex('lead_access_log_lead').on('lead_access_log').columns(['lead_id', 'id']).execute();

        // Retention deletes user states by last update; without this it scans every visitor.
        await db.schema.createIndex('user_states_updated').on('user_states').column('updated_at').execute();
      },
    },
    '0003_sessions': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not today's Database type (Kysely's advice)
      async up(db: Kysely<any>): Promise<void> {
        // Sign-in sessions (store/sessions.ts): id is the SHA-256 of the cookie's session id.
        await db.schema
          .createTable('sessions')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('user_email', 'text', (col) => col.notNull())
          .addColumn('user_name', 'text', (col) => col.notNull())
          .addColumn('created_at', 'text', (col) => col.notNull())
          .addColumn('expires_at', 'text', (col) => col.notNull())
          .addColumn('revoked_at', 'text')
          .execute();
        // Expired sessions are purged by expires_at; a user's sessions are found by email.
        await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
        await db.schema.createIndex('sessions_user_email').on('sessions').column('user_email').execute();
      },
    },
  };
}

/** Serves {@link storeMigrations} to Kysely's `Migrator`. */
class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: StoreDialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return storeMigrations(this.dialect);
  }
}

/**
 * Applies every pending migration, or throws with the failing migration's name and cause.
 * Safe to call on every start-up (already-applied migrations are skipped) and from several
 * processes at once (Kysely takes a migration lock).
 *
 * @param migrationTableSchema PostgreSQL schema for Kysely's bookkeeping tables, so a store
 *   opened in its own schema is migrated independently of any other.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Migrator takes any database; migrations are schema-less by nature
export async function migrateToLatest(db: Kysely<any>, dialect: StoreDialect, migrationTableSchema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`store migration failed (${dialect}, migration ${failed}): ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
