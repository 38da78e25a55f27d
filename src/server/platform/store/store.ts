/**
 * The store's interface, whichever database is behind it: what openStore (index.ts) returns and
 * kysely-store.ts implements, in a file of its own so the implementation need not import the
 * module that opens it.
 */
import type { AuditLogStore } from '../../control-center/audit/audit-log-store.ts';
import type { TrafficStatsStore } from '../../control-center/branches/traffic-stats-store.ts';
import type { ContentFactoryStore } from '../../control-center/content-factory/content-factory-store.ts';
import type { FunnelStatsStore } from '../../control-center/funnels/funnel-stats-store.ts';
import type { ImageStore } from '../../control-center/images/image-store.ts';
import type { PhoneRuleStore } from '../../control-center/phone-rules/phone-rule-store.ts';
import type { SessionStore } from '../../auth/session-store.ts';
import type { TotpStore } from '../../auth/totp-store.ts';
import type { UserStore } from '../../auth/user-store.ts';
import type { ExperimentStore } from '../../experiments/experiment-store.ts';
import type { ConsentDocumentStore } from '../../leads/consent-document-store.ts';
import type { LeadStore } from '../../leads/lead-store.ts';
import type { ContentEpochStore } from '../../pages/content-epoch-store.ts';
import type { ContentStore } from '../../pages/content-store.ts';
import type { PrivacyChoiceStore } from '../../privacy/privacy-choice-store.ts';
import type { StoreDialect } from './dialect.ts';
import type { EventRow, ExchangeKind, ExchangeRow, NewEvent, NewExchange } from './records.ts';

/** How many exchanges listExchanges returns when neither an id nor `last` is given. */
export const DEFAULT_EXCHANGES_LISTED = 20;

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
export interface Store extends LeadStore, SessionStore, PrivacyChoiceStore, UserStore, TotpStore, AuditLogStore, ContentStore, ContentEpochStore, ImageStore, TrafficStatsStore, FunnelStatsStore, ExperimentStore, PhoneRuleStore, ContentFactoryStore, ConsentDocumentStore {
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
  /**
   * Deletes events received before `before` (an ISO time), in batches so no single statement
   * holds the table long; resolves with how many were deleted.
   */
  purgeEvents(before: string): Promise<number>;
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
