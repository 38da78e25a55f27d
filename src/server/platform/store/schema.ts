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
  // Facets (migration 0007_event_facets, event-facets.ts): read from the properties at insert.
  /** The route name (context page.name). */
  route: string | null;
  /** The funnel step shown (pageView) or submitted (formStepSubmitted). */
  step: string | null;
  /** 'mobile', 'tablet' or 'desktop', from the context's user agent. */
  device_type: string | null;
  /** 1 for paid traffic, else 0. */
  paid: number;
  /** experimentEntered only: the experiment's name (key). */
  experiment: string | null;
  /** experimentEntered only: the variant entered. */
  variant: string | null;
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
 * A captured lead and its delivery state (src/server/leads/lead-store.ts describes the columns).
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
  /** sha256 (hex) of the visitor's phone in E.164 (core/leads/contact-keys.ts), or null: finds a duplicate. */
  phone_key: string | null;
  /** sha256 (hex) of the visitor's normalised email, or null: finds a duplicate. */
  email_key: string | null;
  /** The id of the first lead from the same contact, when status is `duplicate`; null otherwise. */
  duplicate_of: string | null;
  /** JSON text of the field names the buyer needs and the lead lacked, when status is `incomplete`; null otherwise. */
  missing_fields: string | null;
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

/** A sign-in session (src/server/auth/session-store.ts); times are server ISO text. */
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

/**
 * A browser's opt-out of the sale and sharing of personal information on one brand's site
 * (src/server/privacy/privacy-choice-store.ts). No IP and nothing personal: the brand, the anonymous
 * visitor id the browser's privacy cookie carries, and when; one row per brand and visitor.
 */
export interface PrivacyChoicesTable {
  brand_id: string;
  anonymous_id: string;
  /** Server ISO time of the first opt-out; a repeated opt-out keeps it. */
  opted_out_at: string;
  /** 1 when the recording request also carried the Global Privacy Control signal, else 0. */
  gpc: number;
}

/** A control-center account (src/server/auth/user-store.ts); the email is its lower-cased key. */
export interface UsersTable {
  email: string;
  name: string;
  /** scrypt hash (src/server/auth/passwords.ts), never the password. */
  password_hash: string;
  /** 1 when the account may not sign in. */
  disabled: number;
  created_at: string;
  last_sign_in_at: string | null;
}

/**
 * An account's second factor (src/server/auth/totp-store.ts): its TOTP secret encrypted with the
 * session key, confirmed once a code made from it was entered; times are server ISO text.
 */
export interface StaffTotpTable {
  /** The account's email (users.email). */
  email: string;
  /** The secret, encrypted and bound to the email (auth/totp-secret-box.ts); never the plain secret. */
  secret_cipher: string;
  created_at: string;
  /** Null while enrolment waits for its first code: such a secret is not asked for at sign-in. */
  confirmed_at: string | null;
  /** The last time step whose code was accepted, so no code is accepted twice. */
  last_step: number | null;
  /** JSON array of the SHA-256 hashes of the unused recovery codes. */
  recovery_hashes: string;
}

/** One change made in the control center (src/server/control-center/audit/audit-log-store.ts); before and after are JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_email: string;
  branch: string | null;
  item_kind: string;
  item_id: string;
  action: string;
  before_json: string | null;
  after_json: string | null;
}

/** One saved version of a control-center item (a page's fields, an article): content-store.ts. */
export interface ContentVersionsTable {
  id: Generated<number>;
  /** 'page' or 'article'. */
  kind: string;
  /** The brand id. */
  branch: string;
  /** The route name (pages) or slug (articles). */
  item_key: string;
  /** 1, 2, 3… per item. */
  version: number;
  fields_json: string;
  created_at: string;
  created_by: string;
}

/** The version of an item visitors see (content-store.ts). */
export interface ContentLiveTable {
  kind: string;
  branch: string;
  item_key: string;
  version: number;
  published_at: string;
  published_by: string;
}

/** An uploaded image of a branch (image-store.ts). */
export interface ImagesTable {
  branch: string;
  /** sha256 (hex) of the original bytes. */
  sha256: string;
  alt: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
  created_by: string;
}

/** One file of an image: 'original' or a rendition such as 'w640.webp' (image-store.ts). */
export interface ImageFilesTable {
  sha256: string;
  variant: string;
  mime: string;
  width: number;
  height: number;
  data: Buffer;
}

/** An experiment of a branch (experiment-store.ts); routes and variants are JSON text (core/experiments/experiment.ts). */
export interface ExperimentsTable {
  branch: string;
  key: string;
  name: string;
  routes_json: string;
  variants_json: string;
  /** draft, running, paused or stopped. */
  status: string;
  started_at: string | null;
  stopped_at: string | null;
  /** 1, then bumped by every change (optimistic concurrency). */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A visitor's first entry into an experiment (experiment-store.ts): no personal data, the anonymous id only. */
export interface ExperimentExposuresTable {
  branch: string;
  experiment_key: string;
  anonymous_id: string;
  variant: string;
  /** Server ISO time the visitor's experimentEntered event was received. */
  first_seen_at: string;
}

/** A phone rule of a branch (phone-rule-store.ts): an afid's number, optionally limited to routes and days. */
export interface PhoneRulesTable {
  id: string;
  /** The brand id. */
  branch: string;
  afid: string;
  /** 10 US digits. */
  number: string;
  /** JSON array of route names; null: every route. */
  routes_json: string | null;
  /** Inclusive YYYY-MM-DD (Los Angeles), null: open. */
  starts_on: string | null;
  ends_on: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A content-factory author of a branch (content-factory-store.ts). */
export interface ContentAuthorsTable {
  id: Generated<number>;
  branch: string;
  name: string;
  bio: string;
  /** JSON text: a list of areas. */
  expertise_json: string;
  /** The sha256 of one of the branch's images, or null. */
  image: string | null;
  tone: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A content-factory run: N drafts from an author over topics with a template, once or on a schedule. */
export interface ContentRunsTable {
  id: Generated<number>;
  branch: string;
  author_id: number;
  template: string;
  /** JSON text: the list of topics. */
  topics_json: string;
  count: number;
  /** A cron expression (UTC), or null for a run queued once at creation. */
  schedule: string | null;
  /** When a scheduled run next queues a batch (ISO); null when unscheduled or cancelled. */
  next_due_at: string | null;
  /** How many batches were queued so far. */
  batches: number;
  /** 'active' or 'cancelled'. */
  status: string;
  created_at: string;
  created_by: string;
  cancelled_at: string | null;
  cancelled_by: string | null;
}

/** One draft of a run: the queue the content-factory worker drains. */
export interface ContentRunItemsTable {
  id: Generated<number>;
  run_id: number;
  batch: number;
  topic: string;
  /** core/control-center/content-factory.ts RUN_ITEM_STATUSES. */
  status: string;
  attempts: number;
  /** While running: when the worker's claim ends (and the item may be claimed again). */
  lease_until: string | null;
  error: string | null;
  article_slug: string | null;
  created_at: string;
  finished_at: string | null;
}

/**
 * One row (id 1): a counter bumped by triggers on every change of published content or of
 * experiments (migration 0011_content_epoch, content-epoch-store.ts).
 */
export interface ContentEpochTable {
  id: number;
  value: number;
}

/**
 * The HTML of a funnel's consent step as the server rendered it (src/server/leads/consent-document-store.ts),
 * one row per distinct sha256 of its bytes; no visitor's values are in it.
 */
export interface ConsentDocumentsTable {
  /** sha256 (hex) of `html`'s UTF-8 bytes; leads' consent proofs name the document by it. */
  sha256: string;
  html: string;
  /** The build whose server first rendered these bytes. */
  build_id: string;
  /** Server ISO time a lead first kept it. */
  first_seen_at: string;
}

/** The Kysely database type: every table of the store. */
export interface Database {
  events: EventsTable;
  user_states: UserStatesTable;
  upstream_exchanges: UpstreamExchangesTable;
  leads: LeadsTable;
  lead_access_log: LeadAccessLogTable;
  sessions: SessionsTable;
  privacy_choices: PrivacyChoicesTable;
  users: UsersTable;
  staff_totp: StaffTotpTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
  content_live: ContentLiveTable;
  images: ImagesTable;
  image_files: ImageFilesTable;
  experiments: ExperimentsTable;
  experiment_exposures: ExperimentExposuresTable;
  phone_rules: PhoneRulesTable;
  content_authors: ContentAuthorsTable;
  content_runs: ContentRunsTable;
  content_run_items: ContentRunItemsTable;
  content_epoch: ContentEpochTable;
  consent_documents: ConsentDocumentsTable;
}
