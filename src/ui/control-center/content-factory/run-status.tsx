/**
 * How a content-factory run and its items are shown: item counts in words and a
 * status badge, shared by the runs list and the run screen.
 */
import type { RunSummary } from '../../../core/contract/cc-content-factory.ts';
import { RUN_ITEM_STATUSES, type RunItemStatus } from '../../../core/control-center/content-factory.ts';

/** `3 done, 1 failed`: the non-zero counts in status order ('no drafts yet' when none). */
export function countsText(counts: RunSummary['counts']): string {
  const parts = RUN_ITEM_STATUSES.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${status}`);
  return parts.length > 0 ? parts.join(', ') : 'no drafts yet';
}

/** True while a worker still has something of the run to do. */
export function inProgress(counts: RunSummary['counts']): boolean {
  return counts.queued + counts.running > 0;
}

/** An item's status as a badge (done ones stand out). */
export function ItemStatus({ status }: { status: RunItemStatus }) {
  return <span className={status === 'done' ? 'cc-badge cc-badge-live' : 'cc-badge'}>{status}</span>;
}

/** A run's times and schedule in one line. */
export function scheduleText(run: RunSummary): string {
  if (run.status === 'cancelled') return `cancelled${run.cancelledBy ? ` by ${run.cancelledBy}` : ''}`;
  if (run.schedule === undefined) return 'once, when created';
  return `${run.schedule} (UTC)${run.nextDueAt ? `, next ${run.nextDueAt.slice(0, 16).replace('T', ' ')} UTC` : ''}`;
}
