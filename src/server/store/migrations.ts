/**
 * The store's migrations: one ordered list, used by both dialects, run at start-up.
 *
 * Migrations are in code (not files on disk) so the list is type-checked, bundled with the
 * server, and identical for SQLite and PostgreSQL. Column types are the dialect-neutral
 * `text` and `integer`; the only dialect branch is the auto-incrementing exchange id.
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
