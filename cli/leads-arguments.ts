/** Option values of `cobrand leads`, as zod schemas for parseWith (cli/arguments.ts). */
import * as z from 'zod';
import type { BrandId } from '../brands/ids.ts';
import { LEAD_STATUSES, type LeadStatus } from '../src/core/leads/statuses.ts';

/** Most leads `leads list` shows at once (`leads export` has no limit). */
export const MAX_LIST_LIMIT = 10_000;

/** How many leads `leads list` shows without --limit: the store's own default. */
export const DEFAULT_LIST_LIMIT = 100;

/** --brand, --status and --since of `leads list` and `leads export`. */
export interface LeadFilters {
  brand?: BrandId;
  status?: LeadStatus;
  since?: string;
}

/** The export formats. */
export const EXPORT_FORMATS = ['csv', 'ndjson'] as const;

/** An export format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const MS_PER_UNIT = { d: 86_400_000, h: 3_600_000, m: 60_000 } as const;

const SINCE_HELP = 'a duration back from now (7d, 12h, 30m) or an ISO date (2026-03-01, 2026-03-01T08:00:00Z)';

/**
 * The ISO time `value` names: `Nd`, `Nh` or `Nm` back from `now`, or an ISO date (a bare date
 * is UTC midnight); undefined when it is neither.
 */
export function sinceTime(value: string, now: number = Date.now()): string | undefined {
  const duration = /^(\d{1,6})([dhm])$/.exec(value);
  if (duration) {
    const [, count, unit] = duration as unknown as [string, string, keyof typeof MS_PER_UNIT];
    return new Date(now - Number(count) * MS_PER_UNIT[unit]).toISOString();
  }
  // Only ISO shapes, and a time only with its zone: Date.parse alone would also take "March 1",
  // or read 08:00 in whatever time zone this machine happens to be in.
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(value);
  if (!iso) return undefined;
  const [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  // Date.parse rolls 2026-02-30 over to March 2; a typo should be refused instead.
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** --since: parsed when the command line is read, so every page of an export uses the same instant. */
export const sinceArgument = z.string().transform((value, context) => {
  const time = sinceTime(value);
  if (time === undefined) {
    context.addIssue({ code: 'custom', message: `'${value}' is not ${SINCE_HELP}` });
    return z.NEVER;
  }
  return time;
});

/** --status: one of LEAD_STATUSES. */
export const statusArgument: z.ZodType<LeadStatus> = z.enum(LEAD_STATUSES, {
  error: (issue) => `unknown status '${String(issue.input)}' (known: ${LEAD_STATUSES.join(', ')})`,
});

/** --limit of `leads list`. */
export const listLimitArgument = z.coerce
  .number({ error: `must be a whole number from 1 to ${MAX_LIST_LIMIT}` })
  .int(`must be a whole number from 1 to ${MAX_LIST_LIMIT}`)
  .min(1, 'must be at least 1')
  .max(MAX_LIST_LIMIT, `must be at most ${MAX_LIST_LIMIT}`);

/** --format of `leads export`. */
export const formatArgument: z.ZodType<ExportFormat> = z.enum(EXPORT_FORMATS, {
  error: (issue) => `unknown format '${String(issue.input)}' (known: ${EXPORT_FORMATS.join(', ')})`,
});

/** Help text of --since. */
export const SINCE_DESCRIPTION = `only leads created since then: ${SINCE_HELP}`;
