/**
 * The lead outbox worker (DESIGN.md "Leads"): a lead is committed before anything is sent, and
 * this worker hands committed `captured` leads to the lead buyer. It claims due leads with a
 * lease (so several processes on PostgreSQL share one outbox, and a worker killed mid-delivery
 * gives its leads back when the lease ends), delivers them with the lead id as Idempotency-Key
 * (so a delivery repeated after a crash is dropped by the buyer), and records each outcome.
 * A crash or a buyer outage delays a lead; it never loses or doubles one.
 */
import type { DeliveryOutcome, LeadRow, Store } from '../platform/store/index.ts';
import type { BudgetTimer } from '../platform/upstream/relay.ts';
import type { LeadBuyers } from './lead-buyers.ts';
import { attemptDelivery, oneLine, type DeliveryContext, type OutboxLogger } from './lead-delivery.ts';
import { startPollingWorker } from '../platform/jobs/polling-worker.ts';

/** The worker's numbers, in one place. */
export const LEAD_OUTBOX_DEFAULTS = {
  /** How often the outbox is checked when nobody kicks it. */
  pollIntervalMs: 1000,
  /**
   * How long a claimed lead is reserved for its worker, and so how long a lead waits after its
   * worker died mid-delivery. It must outlast one POST plus recording it, or another worker
   * could send the lead meanwhile: a longer MEDIAALPHA_TIMEOUT_MS raises it (see LEASE_MARGIN_MS).
   */
  leaseMs: 60_000,
  /** Leads claimed (and delivered concurrently) per round. */
  batchSize: 16,
  /** On close, how long in-flight deliveries may still wait for the buyer before being cut short. */
  closeGraceMs: 5000,
} as const;

/** Extra lease beyond the POST budget, for recording the outcome. */
const LEASE_MARGIN_MS = 30_000;

/** The store methods the worker uses. */
export type OutboxStore = Pick<Store, 'claimDueLeads' | 'recordDelivery' | 'recordExchange'>;

/** What one attempt did, for tests and metrics. */
export interface OutboxAttempt {
  lead: LeadRow;
  outcome: DeliveryOutcome;
  /** False when the store no longer held the lead in the outbox (another worker recorded it first). */
  recorded: boolean;
}

/** How to run the worker; everything but the store, URL, budget and logger has a default. */
export interface LeadOutboxOptions {
  store: OutboxStore;
  /**
   * The configured buyers (lead-buyers.ts). The worker claims only leads of products that have
   * one, so an auto lead waits, captured, until LEAD_BUYER_URL is set; with none it does nothing
   * and says so once.
   */
  buyers: LeadBuyers;
  /** Budget of one POST (MEDIAALPHA_TIMEOUT_MS). */
  timeoutMs: number;
  /** What runs that budget; a timer when absent (tests expire it when the buyer says it hangs). */
  budget?: BudgetTimer;
  log: OutboxLogger;
  pollIntervalMs?: number;
  /** Raised to the POST budget plus a margin if shorter. */
  leaseMs?: number;
  batchSize?: number;
  closeGraceMs?: number;
  /** The clock deciding what is due and when to retry; tests move it instead of waiting. */
  now?: () => Date;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Called after every recorded attempt. */
  onAttempt?: (attempt: OutboxAttempt) => void;
}

/** A running worker. */
export interface LeadOutbox {
  /** Checks the outbox now instead of at the next poll (the leads route calls it after a commit). */
  kick(): void;
  /** Stops polling, waits for in-flight deliveries (cut short after closeGraceMs). Idempotent. */
  close(): Promise<void>;
}

/** Starts the worker; it polls until closed and never throws out of its loop. */
export function startLeadOutbox(options: LeadOutboxOptions): LeadOutbox {
  const { store, log } = options;
  const products = Object.keys(options.buyers);
  if (products.length === 0) {
    log.warn({}, 'lead outbox: no lead buyer URL is set; auto leads stay captured until LEAD_BUYER_URL is');
    return { kick() {}, close: async () => {} };
  }
  const pollIntervalMs = options.pollIntervalMs ?? LEAD_OUTBOX_DEFAULTS.pollIntervalMs;
  const leaseMs = Math.max(options.leaseMs ?? LEAD_OUTBOX_DEFAULTS.leaseMs, options.timeoutMs + LEASE_MARGIN_MS);
  const batchSize = options.batchSize ?? LEAD_OUTBOX_DEFAULTS.batchSize;
  const closeGraceMs = options.closeGraceMs ?? LEAD_OUTBOX_DEFAULTS.closeGraceMs;
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();
  // Deliveries go through the process's one upstream pool (src/server/platform/upstream/relay.ts), shared
  // with the marketplace routes; it outlives the worker, so close has no connections to free.
  const context: DeliveryContext = {
    buyers: options.buyers,
    timeoutMs: options.timeoutMs,
    ...(options.budget ? { budget: options.budget } : {}),
    signal: stopping.signal,
    recordExchange: (exchange) => store.recordExchange(exchange),
    now,
    random: options.random ?? Math.random,
    log,
  };

  async function deliver(lead: LeadRow): Promise<void> {
    try {
      const outcome = await attemptDelivery(lead, context);
      const recorded = await store.recordDelivery(lead.id, outcome, now().toISOString());
      // Ids, outcome kinds and counts only: a lead's fields and the buyer's words stay in the store.
      const details = { leadId: lead.id, outcome: outcome.kind, attempt: lead.attempts + 1, recorded };
      if (outcome.kind === 'delivered') log.info(details, 'lead outbox: lead delivered');
      else log.warn(details, `lead outbox: lead ${outcome.kind === 'retry' ? 'will be retried' : outcome.kind}`);
      options.onAttempt?.({ lead, outcome, recorded });
    } catch (error) {
      // The lead keeps its lease and comes back when the lease ends.
      log.error({ leadId: lead.id, error: oneLine(error) }, 'lead outbox: could not record a delivery');
    }
  }

  /** One round: claims a batch and delivers it; true when the batch was full (more may be due). */
  async function round(): Promise<boolean> {
    const leads = await store.claimDueLeads(now().toISOString(), batchSize, leaseMs, products);
    await Promise.all(leads.map(deliver));
    return leads.length === batchSize;
  }

  return startPollingWorker({ name: 'lead outbox', claimFailure: 'lead outbox: could not claim leads', round, pollIntervalMs, closeGraceMs, stopping, log });
}
