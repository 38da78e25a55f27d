/**
 * The retention job: once a day, deletes leads older than LEAD_RETENTION_DAYS, user states
 * not updated for USER_STATE_RETENTION_DAYS and events received more than EVENT_RETENTION_DAYS ago. Deletes are idempotent, so with several processes
 * on PostgreSQL each may run it; the later runs simply find nothing to delete.
 */
import cron from 'node-cron';
import type { LeadsEnv } from './leads-env.ts';
import type { Store } from '../platform/store/index.ts';
import { oneLine, type OutboxLogger } from './lead-delivery.ts';

/** Every day at 03:17 UTC: off the hour (when other cron jobs pile up) and in the traffic trough. */
export const RETENTION_SCHEDULE = '17 3 * * *';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings the job reads (config.vars fits). */
export type RetentionSettings = Pick<LeadsEnv, 'LEAD_RETENTION_DAYS' | 'USER_STATE_RETENTION_DAYS' | 'EVENT_RETENTION_DAYS'>;

/** The store methods the job calls. */
export type RetentionStore = Pick<Store, 'purgeLeads' | 'purgeUserStates' | 'purgeEvents'>;

/** What one run deleted, and the cut-offs it used. */
export interface RetentionResult {
  leadsDeleted: number;
  userStatesDeleted: number;
  eventsDeleted: number;
  /** Leads created before this ISO time were deleted. */
  leadsBefore: string;
  /** User states last updated before this ISO time were deleted. */
  userStatesBefore: string;
  /** Events received before this ISO time were deleted. */
  eventsBefore: string;
}

/** Runs retention once as of `now`. */
export async function runRetention(store: RetentionStore, settings: RetentionSettings, now: Date = new Date()): Promise<RetentionResult> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const leadsBefore = daysBefore(settings.LEAD_RETENTION_DAYS);
  const userStatesBefore = daysBefore(settings.USER_STATE_RETENTION_DAYS);
  const eventsBefore = daysBefore(settings.EVENT_RETENTION_DAYS);
  const leadsDeleted = await store.purgeLeads(leadsBefore);
  const userStatesDeleted = await store.purgeUserStates(userStatesBefore);
  const eventsDeleted = await store.purgeEvents(eventsBefore);
  return { leadsDeleted, userStatesDeleted, eventsDeleted, leadsBefore, userStatesBefore, eventsBefore };
}

/** A scheduled retention job. */
export interface RetentionJob {
  /** Stops the schedule and waits for a run in progress. Idempotent. */
  stop(): Promise<void>;
}

/** Schedules {@link runRetention} daily ({@link RETENTION_SCHEDULE}, UTC); logs counts only. */
export function scheduleRetention(store: RetentionStore, settings: RetentionSettings, log: OutboxLogger): RetentionJob {
  let inProgress: Promise<void> | undefined;
  const task = cron.schedule(
    RETENTION_SCHEDULE,
    () => {
      inProgress = runRetention(store, settings).then(
        (result) => log.info(result, 'retention: old leads, user states and events deleted'),
        (error: unknown) => log.error({ error: oneLine(error) }, 'retention: run failed; the next run retries'),
      );
      return inProgress;
    },
    // noOverlap: a slow run is never joined by the next; unref: the schedule alone keeps no process alive.
    { timezone: 'UTC', name: 'retention', noOverlap: true, unref: true },
  );
  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        await task.destroy();
        await inProgress;
      })();
      return stopped;
    },
  };
}
