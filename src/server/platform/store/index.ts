/**
 * The durable store: events, user states, recorded upstream exchanges, leads, sign-in sessions,
 * privacy opt-outs, control-center content and experiments, and the consent steps' HTML leads' proofs name.
 *
 * One interface, two adapters sharing one schema and one migration list: SQLite
 * (better-sqlite3, WAL, `{dataDir}/cobrand.sqlite`) by default, PostgreSQL when a database
 * URL is given. An acknowledged write is never lost: every write method resolves only after
 * its transaction committed, and concurrent event inserts share one commit (group commit).
 */
import type { StoreDialect } from './dialect.ts';
import { createKyselyStore } from './kysely-store.ts';
import { migrateToLatest } from './migrations.ts';
import { openPostgresDatabase } from './postgres.ts';
import { openSqliteDatabase } from './sqlite.ts';
import type { Store } from './store.ts';

export type { StoreDialect } from './dialect.ts';
export type { EventStat, ListEventsQuery, Store } from './store.ts';
export type { ConsentProof, DeliveryOutcome, LeadAccess, LeadRow, LeadStatus, ListLeadsQuery, NewLead } from '../../leads/lead-store.ts';
export type { StoredConsentDocument } from '../../leads/consent-document-store.ts';
export type { PrivacyOptOutRow } from '../../privacy/privacy-choice-store.ts';
export type { SessionPrincipal, StoredSession } from '../../auth/session-store.ts';
export type { NewImage, StoredImage } from '../../control-center/images/image-store.ts';
export type { ExperimentChange, NewExposure } from '../../experiments/experiment-store.ts';
export type { PhoneRuleStore, StoredPhoneRule } from '../../control-center/phone-rules/phone-rule-store.ts';
export type { ClaimedRunItem, NewRun, RunItemOutcome, RunWithCounts, StoredAuthor, StoredRunItem } from '../../control-center/content-factory/content-factory-store.ts';
export type { ContentKind, ContentSave, ContentVersion, LiveContent } from '../../pages/content-store.ts';
export type { EventRow, ExchangeKind, ExchangeRow, NewEvent, NewExchange } from './records.ts';
export { SQLITE_FILE_NAME } from './sqlite.ts';

/** Where {@link openStore} keeps its data. */
export interface StoreOptions {
  /** PostgreSQL connection URL (`DATABASE_URL`); when set, PostgreSQL is used. */
  databaseUrl?: string;
  /** Directory for the SQLite file (`DATA_DIR`, default `./data/`); created if missing. */
  dataDir: string;
  /** PostgreSQL schema to use (created if missing); tests isolate runs with it. */
  pgSchema?: string;
}

/**
 * Opens the store: PostgreSQL when `databaseUrl` is set, SQLite under `dataDir` otherwise;
 * runs pending migrations, then returns the ready store.
 * @throws when the database cannot be opened or reached, or a migration fails.
 * @example
 * ```ts
 * const store = await openStore({ dataDir: './data' }); // SQLite, ./data/cobrand.sqlite
 * const shared = await openStore({ dataDir: './data', databaseUrl: 'postgres://postgres@127.0.0.1:5432/test' });
 * await store.close();
 * ```
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  const usePostgres = options.databaseUrl !== undefined && options.databaseUrl !== '';
  const dialect: StoreDialect = usePostgres ? 'postgres' : 'sqlite';
  const { db, writeEvents } = usePostgres
    ? await openPostgresDatabase({ databaseUrl: options.databaseUrl as string, schema: options.pgSchema })
    : openSqliteDatabase(options.dataDir);
  try {
    await migrateToLatest(db, dialect, usePostgres ? options.pgSchema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return createKyselyStore(db, dialect, writeEvents);
}
