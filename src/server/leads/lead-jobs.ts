/**
 * The lead jobs of a server process: the outbox worker that hands captured leads to the lead
 * buyer, and the daily retention job, both stopped in preClose, before any onClose hook can close
 * the store under them.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../platform/config/config.ts';
import { configuredBuyers } from './lead-buyers.ts';
import { startLeadOutbox, type LeadOutbox, type OutboxAttempt } from './lead-outbox.ts';
import { scheduleRetention } from './retention.ts';

/** What the leads route can ask of the outbox. */
export interface LeadOutboxHandle {
  /** Wakes the worker now: a committed lead is delivered without waiting for the next poll. */
  kick(): void;
  /** Whether a buyer takes `product`'s leads (its URL is configured): capture puts them in the outbox then. */
  takes(product: string): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lead outbox worker (a no-op handle when the worker is disabled). */
    leadOutbox: LeadOutboxHandle;
  }
}

/** Switches for tests; production runs both jobs with their defaults. */
export interface LeadJobsOptions {
  /** Run the outbox worker (default true). */
  outbox?: boolean;
  /** Schedule the retention job (default true). */
  retention?: boolean;
  /** Outbox poll interval in milliseconds (default LEAD_OUTBOX_DEFAULTS.pollIntervalMs). */
  pollIntervalMs?: number;
  /** The outbox's clock. */
  now?: () => Date;
  /** Called after every recorded delivery attempt. */
  onAttempt?: (attempt: OutboxAttempt) => void;
}

/** Starts the lead jobs on `app.store` and stops them on close. */
export const leadJobsPlugin = fp(
  async function leadJobsPlugin(app: FastifyInstance, options: { vars: Env; jobs?: LeadJobsOptions }) {
    const { vars, jobs = {} } = options;
    let outbox: LeadOutbox | undefined;
    const buyers = configuredBuyers(vars);
    if (jobs.outbox !== false) {
      outbox = startLeadOutbox({
        store: app.store,
        buyers,
        timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
        log: app.log,
        ...(jobs.pollIntervalMs !== undefined ? { pollIntervalMs: jobs.pollIntervalMs } : {}),
        ...(jobs.now ? { now: jobs.now } : {}),
        ...(jobs.onAttempt ? { onAttempt: jobs.onAttempt } : {}),
      });
    }
    const retention = jobs.retention === false ? undefined : scheduleRetention(app.store, vars, app.log);
    app.decorate('leadOutbox', { kick: () => outbox?.kick(), takes: (product: string) => Object.hasOwn(buyers, product) } satisfies LeadOutboxHandle);
    // preClose, not onClose: it runs before every onClose hook, so the jobs stop before the store
    // closes even when a caller adds its own store-closing onClose after buildApp (onClose hooks
    // run last-added first). A lead committed by a request still in flight then stays captured
    // for the next start (or another process) to deliver: the outbox is durable.
    app.addHook('preClose', async () => {
      await Promise.all([outbox?.close(), retention?.stop()]);
    });
  },
  { name: 'lead-jobs' },
);
