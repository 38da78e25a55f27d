/**
 * The store's one schema, shared by the SQLite and PostgreSQL adapters.
 *
 * JSON values (event properties, user state, exchange requests) are stored as TEXT in both
 * dialects rather than PostgreSQL `jsonb`: SQLite has no JSON column type, `jsonb` would hand
 * back re-ordered, re-parsed objects while SQLite hands back strings, and nothing queries inside
 * these values. TEXT keeps one schema, one code path and a byte-exact round trip.
 *
 * Times are ISO-8601 strings (TEXT) for the same reason: `received_at` and `created_at` are
 * always written by the server as `Date.prototype.toISOString()` (UTC, fixed width), so they
 * sort correctly as text and their first 10 characters are the UTC date.
 */
import type { Generated } from 'kysely';

/** A tracked event, one row per client event id. */
export interface EventsTable {
  /** The client's unique event id: a repeated id is stored once. */
  id: string;
  type: 'track';
  /** The event name. */
  event: string;
  brand_id: string;
  session_id: string;
  anonymous_id: string;
  /** The client's ISO time, as sent (not trusted for ordering). */
  timestamp: string;
  /** The server's ISO time (UTC, `toISOString()`), used for ordering and daily stats. */
  received_at: string;
  ip: string | null;
  /** JSON text. */
  properties: string;
}

/** The latest synced user state of one anonymous visitor. */
export interface UserStatesTable {
  anonymous_id: string;
  /** JSON text. */
  state: string;
  /** Server ISO time of the last write. */
  updated_at: string;
}

/**
 * One call to the ad marketplace or a lead buyer, kept for debugging and CLI replay.
 * `id` is an auto-incrementing integer (SQLite `INTEGER PRIMARY KEY AUTOINCREMENT`,
 * PostgreSQL `serial`) so the CLI can name an exchange with a short number and "last N"
 * is simply the highest ids.
 */
export interface UpstreamExchangesTable {
  id: Generated<number>;
  kind: 'demand-check' | 'get-phone' | 'lead-quote' | 'ads';
  brand_id: string;
  url: string;
  /** JSON text of the request body, PII already redacted by the caller. */
  request: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  response: string | null;
  error: string | null;
  latency_ms: number;
  /** Server ISO time. */
  created_at: string;
}

/** The Kysely database type: every table of the store. */
export interface Database {
  events: EventsTable;
  user_states: UserStatesTable;
  upstream_exchanges: UpstreamExchangesTable;
}
