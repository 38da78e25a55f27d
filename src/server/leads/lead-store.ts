/**
 * Leads as the store keeps them: the lead's facts, its validated
 * fields (the only place a lead's personal data lives), its consent proof, and its delivery
 * state. Leads for a buyer wait in the outbox (status `captured`) until the lead-outbox worker has
 * handed them over; a lead lacking what its buyer needs is `incomplete`, one repeating a contact
 * already offered is a `duplicate` (both never delivered), and the rest are `call-routed`.
 */
import type { PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import type { LeadStatus } from '../../core/leads/statuses.ts';

export { LEAD_STATUSES, type LeadStatus } from '../../core/leads/statuses.ts';

/** What a lead keeps as proof of the visitor's consent. */
export interface ConsentProof {
  /** The exact disclosure text shown. */
  text: string;
  /** sha256 (hex) of `text`: the disclosure's version. */
  version: string;
  /** The label of the button the visitor pressed. */
  buttonLabel: string;
  /** The page address the lead was captured on. */
  pageUrl: string;
  /** Server ISO time of the capture. */
  consentedAt: string;
  /** The visitor's IP as the server saw it. */
  ip: string | null;
  userAgent: string | null;
  trustedFormCertUrl?: string;
  leadidToken?: string;
  /**
   * sha256 (hex) of the consent step's HTML as the server rendered it for this lead's brand and
   * route (question, fields, button, disclosure; none of the visitor's values): the key of its
   * stored consent document (consent-document-store.ts). Absent on leads captured before the
   * documents were kept.
   */
  htmlSha256?: string;
  /** The build whose server rendered that HTML; absent with `htmlSha256`. */
  buildId?: string;
  /**
   * The visitor's browser had opted out of the sale and sharing of its personal information
   * (the privacy cookie's recorded opt-out, or Global Privacy Control) when the lead was
   * captured; absent when it had not.
   */
  privacyChoice?: PrivacyChoice;
}

/** A stored lead. */
export interface LeadRow {
  /** The client-generated lead id (also the buyer's idempotency key). */
  id: string;
  brandId: string;
  /** Route name (routes.ts). */
  route: string;
  /** Funnel id (core/funnels). */
  funnel: string;
  /** Lead product: medicare, auto, life or health. */
  product: string;
  /** Funnel language: en or es. */
  language: string;
  anonymousId: string;
  sessionId: string;
  /** The validated lead fields (personal data: never log these). */
  fields: Record<string, unknown>;
  /** Null when the funnel collected no phone or email (nothing to consent to). */
  consent: ConsentProof | null;
  status: LeadStatus;
  /** Delivery attempts made so far. */
  attempts: number;
  /** When the outbox worker may next try (status `captured`); null otherwise. */
  nextAttemptAt: string | null;
  /**
   * When the lead last entered the outbox: its capture, or an operator's requeue. The worker's
   * retry window (24 h) starts here, so a requeued lead gets a full window again. Null for
   * `call-routed` leads, which never enter the outbox.
   */
  queuedAt: string | null;
  /** The last attempt's one-line failure, or the buyer's rejection reason. */
  lastError: string | null;
  /** The buyer's answer: its lead id, price (if given) and the raw body. */
  buyerLeadId: string | null;
  buyerPrice: number | null;
  buyerResponse: string | null;
  /** Server ISO times. */
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  /** The first lead from the same phone or email, when status is `duplicate`; null otherwise. */
  duplicateOf: string | null;
  /** The fields its buyer needs that the lead lacked (core/leads/buyer-minimum.ts), when status is `incomplete`; empty otherwise. */
  missingFields: string[];
}

/**
 * A lead to store; `createdAt` defaults to now, `nextAttemptAt` to `createdAt` for `captured`
 * leads. `missingFields` is required for an `incomplete` lead (and refused for any other). A
 * `duplicate` is never given: the store decides it (see LeadStore.createLead).
 */
export type NewLead = Pick<LeadRow, 'id' | 'brandId' | 'route' | 'funnel' | 'product' | 'language' | 'anonymousId' | 'sessionId' | 'fields' | 'consent'> & {
  status: Exclude<LeadStatus, 'duplicate'>;
  missingFields?: string[] | undefined;
  createdAt?: string | undefined;
};

/** Filters for listing leads; all optional, newest first. */
export interface ListLeadsQuery {
  brandId?: string;
  status?: LeadStatus;
  funnel?: string;
  /** Only leads created at or after this server ISO time. */
  since?: string;
  /** Only leads created strictly before this server ISO time. */
  until?: string;
  /** Keyset paging (newest first): only leads strictly older than this one (created_at, then id). */
  olderThan?: { createdAt: string; id: string };
  /** Most rows returned (a positive integer); default 100. */
  limit?: number;
}

/** How one delivery attempt ended, as the worker records it. */
export type DeliveryOutcome =
  | { kind: 'delivered'; buyerLeadId: string | null; buyerPrice: number | null; buyerResponse: string | null }
  | { kind: 'rejected'; reason: string; buyerResponse: string | null }
  /** Try again at `nextAttemptAt` (status stays `captured`). */
  | { kind: 'retry'; error: string; nextAttemptAt: string }
  /** Gave up (retry window over): status `failed`. */
  | { kind: 'failed'; error: string };

/** One operator access to a lead's personal data (`cobrand leads show --reveal`, the control center's Reveal). */
export interface LeadAccess {
  leadId: string;
  /** Who: an operator's OS user for the CLI, a staff email in the control center. */
  actor: string;
  /** Where: 'cli' or 'control-center'. */
  channel: string;
  /** Server ISO time; defaults to now. */
  at?: string;
}

/** The lead methods of the store (see Store in index.ts). */
export interface LeadStore {
  /**
   * Stores a lead unless its id exists. Resolves after the commit with the stored row and
   * whether this call created it (false: the id was already there and nothing changed).
   *
   * A `captured` lead whose phone or email (core/leads/contact-keys.ts) matches a lead of the same
   * product offered to its buyer (OFFERED_STATUSES) within DUPLICATE_WINDOW_DAYS before it is
   * stored as `duplicate` instead, `duplicateOf` the earliest such lead, and never enters the
   * outbox. The check and the insert are one transaction, serialised per contact (an advisory
   * lock on PostgreSQL, SQLite's single writer), so two concurrent captures of one contact
   * never both enter the outbox.
   */
  createLead(lead: NewLead): Promise<{ lead: LeadRow; created: boolean }>;
  /** One lead by id. */
  getLead(id: string): Promise<LeadRow | undefined>;
  /**
   * The newest lead of one visitor (`anonymousId`) from one funnel of one brand created at or after
   * `since` (server ISO time), if any: the lead a no-JavaScript visitor's call-back is for.
   */
  latestVisitorLead(query: { brandId: string; funnel: string; anonymousId: string; since: string }): Promise<LeadRow | undefined>;
  /**
   * Records on lead `id` that its visitor asked to be called back at `callbackAt` (ISO): its
   * fields' `callbackAt`, whatever its status; nothing else changes. Resolves with the updated
   * lead, or undefined when no lead has that id.
   */
  scheduleLeadCallback(id: string, callbackAt: string, at?: string): Promise<LeadRow | undefined>;
  /** Leads matching every filter, newest first. */
  listLeads(query: ListLeadsQuery): Promise<LeadRow[]>;
  /** Every lead matching the filters (no limit), oldest first, in pages: for exports. */
  iterateLeads(query: Omit<ListLeadsQuery, 'limit'>): AsyncIterable<LeadRow>;
  /**
   * Claims up to `limit` `captured` leads due at `now` for delivery: each claimed lead's
   * nextAttemptAt moves to `now + leaseMs`, so another worker (another process on PostgreSQL,
   * using FOR UPDATE SKIP LOCKED) never claims it while this one works, and a worker that dies
   * mid-delivery gives it back when the lease runs out. With `products`, only leads of those
   * products are claimed (the ones a buyer is configured for); the others wait.
   */
  claimDueLeads(now: string, limit: number, leaseMs: number, products?: readonly string[]): Promise<LeadRow[]>;
  /**
   * Records one delivery attempt (attempts + 1) and its outcome, only while the lead is still
   * `captured`: resolves false (nothing written) when it is not, e.g. another worker whose
   * lease had run out already recorded it, or it was purged.
   */
  recordDelivery(id: string, outcome: DeliveryOutcome, at?: string): Promise<boolean>;
  /**
   * Puts leads back in the outbox, due now: one by id (any status but those retryRefusal refuses:
   * `call-routed`, `incomplete`, `duplicate`), or every `failed` lead. A requeued lead starts a fresh delivery run: attempts 0, queuedAt now (a new
   * retry window), the previous buyer answer and delivery time cleared; lastError is kept until
   * the next attempt replaces it. `at` (server ISO time) defaults to now. Returns how many were
   * requeued.
   */
  requeueLeads(target: { id: string } | { status: 'failed' }, at?: string): Promise<number>;
  /** How many leads wait in the outbox (status `captured`). */
  outboxDepth(): Promise<number>;
  /** Deletes leads created before `before` (ISO); returns how many. */
  purgeLeads(before: string): Promise<number>;
  /** Deletes user states not updated since `before` (ISO); returns how many. */
  purgeUserStates(before: string): Promise<number>;
  /** Writes one access to a lead's personal data to the access log. */
  recordLeadAccess(access: LeadAccess): Promise<void>;
  /** The access log of one lead, oldest first. */
  listLeadAccesses(leadId: string): Promise<Required<LeadAccess>[]>;
}
