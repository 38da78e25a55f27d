/**
 * The content-factory worker (DESIGN.md "Workers"): drains the queue of run items in
 * the store. Each round it first queues the batches of scheduled runs that are due, then claims
 * a few items with a lease, asks the provider for each item's draft and saves it as a new article
 * draft (version 1, never published: staff review drafts in Articles).
 *
 * It survives restarts and shares the queue between processes because the queue is the store's
 * (store/content-factory.ts): an item a dead worker held is claimed again when its lease ends,
 * and a draft's slug comes from its item, so doing an item again finds the draft it already wrote.
 * A provider failure, timeout or malformed answer fails that item with the reason; nothing fails
 * the run, the worker or the server.
 */
import type { Store } from '../../platform/store/index.ts';
import type { ClaimedRunItem, RunItemOutcome } from '../../platform/store/index.ts';
import { siteBrand } from '../branch-directory.ts';
import { draftFields, draftSlug } from './draft.ts';
import { requestDraft, type ProviderSettings } from './provider.ts';
import { nextFiring } from './schedule.ts';
import { oneLine, type OutboxLogger } from '../../leads/lead-delivery.ts';
import { startPollingWorker } from '../../platform/jobs/polling-worker.ts';

/** The worker's numbers, in one place. */
export const CONTENT_FACTORY_DEFAULTS = {
  /** How often the queue is checked when nobody kicks it. */
  pollIntervalMs: 1000,
  /** Items claimed (and written concurrently) per round: a provider is slow and rate-limited, so few. */
  batchSize: 2,
  /** On close, how long in-flight requests may still run before being cut short. */
  closeGraceMs: 5000,
} as const;

/**
 * Claims of one item before it is failed without asking again: a worker that died this often on
 * the same draft (killed mid-request, out of memory on its answer) would otherwise die on it forever.
 */
export const MAX_ITEM_ATTEMPTS = 3;

/** Extra lease beyond the provider's budget, for saving the draft and recording the outcome. */
const LEASE_MARGIN_MS = 30_000;

/** Who the drafts' versions are saved by (the staff member who asked is in the audit log). */
export const CONTENT_FACTORY_ACTOR = 'content-factory';

/** The store methods the worker uses. */
export type ContentFactoryWorkerStore = Pick<Store, 'queueDueRuns' | 'claimRunItems' | 'finishRunItem' | 'getAuthor' | 'saveContentVersion' | 'recordAudit'>;

/** What one item came to, for tests. */
export interface ContentFactoryAttempt {
  item: ClaimedRunItem;
  outcome: RunItemOutcome;
  /** False when the store no longer gave this attempt the item (its lease ended and another took it). */
  recorded: boolean;
}

/** How to run the worker. */
export interface ContentFactoryWorkerOptions {
  store: ContentFactoryWorkerStore;
  /** The provider; undefined (no CONTENT_FACTORY_URL): the worker does nothing and says so once. */
  provider: Omit<ProviderSettings, 'signal'> | undefined;
  log: OutboxLogger;
  pollIntervalMs?: number;
  batchSize?: number;
  closeGraceMs?: number;
  /** The clock deciding what is due and how long leases run. */
  now?: () => Date;
  /** Called after every item. */
  onItem?: (attempt: ContentFactoryAttempt) => void;
  /** Only this run's items, and no schedules (`cobrand content-factory run` writing its own run). */
  runId?: number;
}

/** A running worker. */
export interface ContentFactoryWorker {
  /** Checks the queue now instead of at the next poll (the runs route calls it after queueing). */
  kick(): void;
  /** Stops polling and waits for in-flight items (cut short after closeGraceMs). Idempotent. */
  close(): Promise<void>;
}

/** Starts the worker; it polls until closed and never throws out of its loop. */
export function startContentFactoryWorker(options: ContentFactoryWorkerOptions): ContentFactoryWorker {
  const { store, log } = options;
  if (options.provider === undefined) {
    log.warn({}, 'content factory: CONTENT_FACTORY_URL is not set; runs stay queued until it is');
    return { kick() {}, close: async () => {} };
  }
  const provider = options.provider;
  const pollIntervalMs = options.pollIntervalMs ?? CONTENT_FACTORY_DEFAULTS.pollIntervalMs;
  const batchSize = options.batchSize ?? CONTENT_FACTORY_DEFAULTS.batchSize;
  const closeGraceMs = options.closeGraceMs ?? CONTENT_FACTORY_DEFAULTS.closeGraceMs;
  const leaseMs = provider.timeoutMs + LEASE_MARGIN_MS;
  const now = options.now ?? (() => new Date());
  const stopping = new AbortController();

  /** Writes one item's draft; the outcome to record. */
  async function write(item: ClaimedRunItem): Promise<RunItemOutcome> {
    const { run } = item;
    if (item.attempts > MAX_ITEM_ATTEMPTS) return { kind: 'failed', error: `a worker stopped ${MAX_ITEM_ATTEMPTS} times while writing this draft; not tried again` };
    const author = await store.getAuthor(run.branch, run.authorId);
    if (author === undefined) return { kind: 'failed', error: `author ${run.authorId} of ${run.branch} no longer exists` };
    const draft = await requestDraft(
      { ...provider, signal: stopping.signal },
      { author, topic: item.topic, template: run.template, brandName: siteBrand(run.branch)?.name ?? run.branch },
    );
    if (!draft.ok) return { kind: 'failed', error: draft.error };
    const made = draftFields(draft.markdown, item.topic, author);
    if ('problems' in made) return { kind: 'failed', error: `provider: the answer is not a valid article (${made.problems.join('; ')})` };
    const slug = draftSlug(item.topic, run.id, item.id);
    const saved = await store.saveContentVersion({ kind: 'article', branch: run.branch, itemKey: slug, fields: made.fields, baseVersion: 0, by: CONTENT_FACTORY_ACTOR, now: now() });
    // A conflict: an earlier attempt of this item saved the draft before its worker died.
    if ('saved' in saved) {
      await store.recordAudit({ userEmail: run.createdBy, branch: run.branch, itemKind: 'article', itemId: slug, action: 'generate', after: { version: saved.saved.version, run: run.id, item: item.id }, now: now() });
    }
    return { kind: 'done', articleSlug: slug };
  }

  async function handle(item: ClaimedRunItem): Promise<void> {
    try {
      const outcome = await write(item);
      if (outcome.kind === 'failed' && stopping.signal.aborted) {
        // Cut short by close, not by the provider: the item keeps its lease and is done after the restart.
        log.warn({ runId: item.run.id, itemId: item.id }, 'content factory: stopped while writing a draft; it is written after the restart');
        return;
      }
      const recorded = await store.finishRunItem(item.id, item.attempts, outcome, now().toISOString());
      // Ids and outcomes only: the provider's words stay in the store.
      const details = { runId: item.run.id, itemId: item.id, outcome: outcome.kind, attempt: item.attempts, recorded };
      if (outcome.kind === 'done') log.info(details, 'content factory: draft written');
      else log.warn({ ...details, error: outcome.error }, 'content factory: draft failed');
      options.onItem?.({ item, outcome, recorded });
    } catch (error) {
      // The store failed: the item keeps its lease and comes back when it ends.
      log.error({ runId: item.run.id, itemId: item.id, error: oneLine(error) }, 'content factory: could not record an item');
    }
  }

  /** One round: due schedules, then a batch of items; true when the batch was full (more may wait). */
  async function round(): Promise<boolean> {
    const at = now().toISOString();
    if (options.runId === undefined) {
      const queued = await store.queueDueRuns(at, nextFiring);
      for (const batch of queued) log.info(batch, 'content factory: scheduled run queued a batch');
    }
    const items = await store.claimRunItems(at, batchSize, leaseMs, options.runId);
    await Promise.all(items.map(handle));
    return items.length === batchSize;
  }

  return startPollingWorker({ name: 'content factory', claimFailure: 'content factory: could not claim items', round, pollIntervalMs, closeGraceMs, stopping, log });
}
