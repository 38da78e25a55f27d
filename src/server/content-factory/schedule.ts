/**
 * A content-factory run's schedule (issue 13): a node-cron expression read in UTC, checked when
 * the run is created (an invalid one is a 400 naming it) and asked for its next firing by the
 * scheduler (src/server/jobs/content-factory.ts).
 */
import cron from 'node-cron';

/** The time zone every run schedule is read in. */
export const RUN_SCHEDULE_TIMEZONE = 'UTC';

/** The problem with `expression` as a run schedule, naming it, or undefined when node-cron accepts it. */
export function scheduleProblem(expression: string): string | undefined {
  if (cron.validate(expression)) return undefined;
  const { errors } = cron.validateDetailed(expression);
  const details = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
  return `schedule: '${expression}' is not a valid cron expression${details ? ` (${details})` : ''}`;
}

/** When a valid `expression` next fires after now, as an ISO time; null when it never does. */
export function nextFiring(expression: string): string | null {
  // A task that is created but never started computes its firings and schedules nothing.
  const task = cron.createTask(expression, () => undefined, { timezone: RUN_SCHEDULE_TIMEZONE });
  try {
    return task.getNextRuns(1)[0]?.toISOString() ?? null;
  } finally {
    void task.destroy();
  }
}
