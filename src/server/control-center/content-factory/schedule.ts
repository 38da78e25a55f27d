/**
 * A content-factory run's schedule: a node-cron expression read in UTC, checked when the run is
 * created (an invalid one, or one firing more than hourly, is a 400 naming it) and asked for its
 * next firing by the scheduler
 * (src/server/control-center/content-factory/content-factory-worker.ts).
 */
import cron from 'node-cron';

/** The time zone every run schedule is read in. */
export const RUN_SCHEDULE_TIMEZONE = 'UTC';

/**
 * The shortest time between two firings of a run's schedule: each firing asks the provider for up
 * to 20 paid drafts, so `* * * * *` (or a seconds field) is a typo to refuse, not a plan.
 */
export const MIN_SCHEDULE_INTERVAL_MS = 60 * 60 * 1000;

/** The problem with `expression` as a run schedule, naming it, or undefined when it is a valid one. */
export function scheduleProblem(expression: string): string | undefined {
  if (!cron.validate(expression)) {
    const { errors } = cron.validateDetailed(expression);
    const details = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
    return `schedule: '${expression}' is not a valid cron expression${details ? ` (${details})` : ''}`;
  }
  const [first, second] = firings(expression, 2);
  if (first === undefined) return `schedule: '${expression}' never fires`;
  if (second !== undefined && second.getTime() - first.getTime() < MIN_SCHEDULE_INTERVAL_MS) return `schedule: '${expression}' fires more often than once an hour`;
  return undefined;
}

/** The next `count` firings of a valid `expression` after now. */
function firings(expression: string, count: number): Date[] {
  // A task that is created but never started computes its firings and schedules nothing.
  const task = cron.createTask(expression, () => undefined, { timezone: RUN_SCHEDULE_TIMEZONE });
  try {
    return task.getNextRuns(count);
  } finally {
    void task.destroy();
  }
}

/** When a valid `expression` next fires after now, as an ISO time; null when it never does. */
export function nextFiring(expression: string): string | null {
  return firings(expression, 1)[0]?.toISOString() ?? null;
}
