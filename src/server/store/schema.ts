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

/**
 * A captured lead and its delivery state (src/server/store/leads.ts describes the columns).
 * Times are server ISO text like everywhere else; `fields` and `consent` are JSON text.
 */
export interface LeadsTable {
  /** The client-generated lead id, also the buyer's Idempotency-Key. */
  id: string;
  brand_id: string;
  route: string;
  funnel: string;
  product: string;
  language: string;
  anonymous_id: string;
  session_id: string;
  /** JSON text of the validated lead fields: personal data, never logged. */
  fields: string;
  /** JSON text of the consent proof, or null. */
  consent: string | null;
  /** One of LEAD_STATUSES. */
  status: string;
  attempts: number;
  /** When the outbox worker may next try; null unless status is `captured`. */
  next_attempt_at: string | null;
  /** When the lead last entered the outbox (capture or requeue): its retry window starts here. */
  queued_at: string | null;
  last_error: string | null;
  buyer_lead_id: string | null;
  /** `double precision` on both dialects, so both hand back a JS number (PostgreSQL `numeric` would be a string). */
  buyer_price: number | null;
  buyer_response: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
}

/**
 * Who looked at a lead's personal data, and where (an audit trail: it holds no visitor data
 * and outlives the leads it names when they are purged).
 */
export interface LeadAccessLogTable {
  /** Auto-incrementing, as upstream_exchanges.id; also the listing order. */
  id: Generated<number>;
  lead_id: string;
  actor: string;
  channel: string;
  /** Server ISO time. */
  at: string;
}

/** A sign-in session (src/server/store/sessions.ts); times are server ISO text. */
export interface SessionsTable {
  /** SHA-256 (hex) of the session id the cookie carries; the id itself is never stored. */
  id: string;
  user_email: string;
  user_name: string;
  created_at: string;
  /** After this the session is over, revoked or not. */
  expires_at: string;
  /** When it was signed out; null while live. */
  revoked_at: string | null;
}

/** The Kysely database type: every table of the store. */
export interface Database {
  events: EventsTable;
  user_states: UserStatesTable;
  upstream_exchanges: UpstreamExchangesTable;
  leads: LeadsTable;
  lead_access_log: LeadAccessLogTable;
  sessions: SessionsTable;
}
