/**
 * The durable store: events, user states, recorded upstream exchanges, leads, sign-in sessions,
 * privacy opt-outs, control-center content and experiments.
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
import type { LeadStore } from '../../leads/lead-store.ts';
import type { PrivacyChoiceStore } from '../../privacy/privacy-choice-store.ts';
import type { SessionStore } from '../../auth/session-store.ts';
import type { UserStore } from '../../auth/user-store.ts';
import type { AuditLogStore } from '../../control-center/audit/audit-log-store.ts';
import type { TrafficStatsStore } from '../../control-center/branches/traffic-stats-store.ts';
import type { FunnelStatsStore } from '../../control-center/funnels/funnel-stats-store.ts';
import type { ImageStore } from '../../control-center/images/image-store.ts';
import type { ContentStore } from '../../pages/content-store.ts';
import type { ContentEpochStore } from '../../pages/content-epoch-store.ts';
import type { ExperimentStore } from '../../experiments/experiment-store.ts';
import type { PhoneRuleStore } from '../../control-center/phone-rules/phone-rule-store.ts';
import type { ContentFactoryStore } from '../../control-center/content-factory/content-factory-store.ts';
import type { EventRow, ExchangeKind, ExchangeRow, NewEvent, NewExchange } from './records.ts';
import { openSqliteDatabase } from './sqlite.ts';

export type { StoreDialect } from './dialect.ts';
export { DEFAULT_EXCHANGES_LISTED } from './kysely-store.ts';
export { LEAD_STATUSES, type ConsentProof, type DeliveryOutcome, type LeadAccess, type LeadRow, type LeadStatus, type LeadStore, type ListLeadsQuery, type NewLead } from '../../leads/lead-store.ts';
export type { NewPrivacyOptOut, PrivacyChoiceStore, PrivacyOptOutRow } from '../../privacy/privacy-choice-store.ts';
export type { NewSession, SessionPrincipal, SessionStore, StoredSession } from '../../auth/session-store.ts';
export type { NewStaffUser, StaffUser, UserStore } from '../../auth/user-store.ts';
export type { AuditEntry, AuditLogStore, AuditQuery, NewAuditEntry } from '../../control-center/audit/audit-log-store.ts';
export type { ImageFileContent, ImageStore, NewImage, NewImageFile, StoredImage, StoredImageFile } from '../../control-center/images/image-store.ts';
export type { ExperimentChange, ExperimentStore, NewExperiment, NewExposure } from '../../experiments/experiment-store.ts';
export type { PhoneRuleStore, StoredPhoneRule } from '../../control-center/phone-rules/phone-rule-store.ts';
export type { ClaimedRunItem, ContentFactoryStore, NewRun, RunItemOutcome, RunWithCounts, StoredAuthor, StoredRun, StoredRunItem } from '../../control-center/content-factory/content-factory-store.ts';
export type { ContentKind, ContentSave, ContentStore, ContentVersion, LiveContent, SaveOutcome } from '../../pages/content-store.ts';
export { EXCHANGE_KINDS, type EventRow, type ExchangeKind, type ExchangeRow, type NewEvent, type NewExchange } from './records.ts';
export { SQLITE_FILE_NAME } from './sqlite.ts';

/** Filters for {@link Store.listEvents}. */
export interface ListEventsQuery {
  brandId?: string;
  /** Event name. */
  event?: string;
  /** Most rows returned (a positive integer). */
  limit: number;
  /** Only events received strictly after this server ISO time. */
  afterReceivedAt?: string;
}

/** Selects recorded exchanges for {@link Store.listExchanges}. */
export interface ListExchangesQuery {
  /** One exchange by id (a number, or its decimal string as typed on the CLI). */
  id?: string | number;
  /** Most exchanges returned, newest first; default {@link DEFAULT_EXCHANGES_LISTED}. */
  last?: number;
  /** Only exchanges of this kind (parse CLI input with {@link EXCHANGE_KINDS}). */
  kind?: ExchangeKind;
}

/** Event count for one brand, event name and UTC day of receipt. */
export interface EventStat {
  brandId: string;
  event: string;
  /** `YYYY-MM-DD`, the UTC date of received_at. */
  day: string;
  count: number;
}

/** Counters showing group commit at work. */
export interface StoreStats {
  /** Event transactions committed since open. */
  eventCommits: number;
  /** insertEvents calls acknowledged by those transactions (empty calls excluded). */
  eventInsertCalls: number;
  /** Events newly stored by those calls. */
  eventsStored: number;
  /** Events those calls sent again (already stored, or repeated): acknowledged, not stored twice. */
  eventDuplicates: number;
  /** Event transactions by calls per commit, in the buckets of group-commit.ts BATCH_SIZE_BUCKETS (last: larger). */
  eventBatchSizes: number[];
}

/** The store, whichever database is behind it. */
export interface Store extends LeadStore, SessionStore, PrivacyChoiceStore, UserStore, AuditLogStore, ContentStore, ContentEpochStore, ImageStore, TrafficStatsStore, FunnelStatsStore, ExperimentStore, PhoneRuleStore, ContentFactoryStore {
  /** Which adapter is in use. */
  readonly dialect: StoreDialect;
  /**
   * Inserts events in one transaction shared with concurrent callers; resolves after it
   * committed. An id already stored (or repeated in the batch) is not written again and is
   * counted as a duplicate.
   * @throws TypeError (before queueing) when receivedAt is not `toISOString()` output or
   *   properties are not JSON-serialisable.
   */
  insertEvents(rows: NewEvent[]): Promise<{ inserted: number; duplicates: number }>;
  /** Events matching every given filter, newest received first (ties by id, descending). */
  listEvents(query: ListEventsQuery): Promise<EventRow[]>;
  /** Counts per brand, event name and UTC day; newest day first, then brand, then event. */
  eventStats(): Promise<EventStat[]>;
  /** Replaces (or creates) a visitor's state. */
  setUserState(anonymousId: string, state: unknown): Promise<void>;
  /** A visitor's state, or undefined if none was stored. */
  getUserState(anonymousId: string): Promise<unknown>;
  /** Records one upstream call and returns it with its new id. */
  recordExchange(exchange: NewExchange): Promise<ExchangeRow>;
  /** One exchange by id, or the last N (optionally of one kind), newest first. */
  listExchanges(query: ListExchangesQuery): Promise<ExchangeRow[]>;
  /** Resolves if the database answers a query (health checks). */
  ping(): Promise<void>;
  /** Group-commit counters since open. */
  stats(): StoreStats;
  /** Waits for queued writes to commit, then closes the connection(s). Idempotent. */
  close(): Promise<void>;
}

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
