/**
 * Funnel analytics in the control center: a branch's funnel pages,
 * and for one of them, per step, the visitors who saw it, who submitted it and the drop-off over
 * a date range, split by device type and paid flag, with the leads at the end.
 */
import * as z from 'zod';
import { DEVICE_TYPES } from '../tracking/device-types.ts';
import { DaySchema } from './cc-leads.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** Days a report covers when the query names no `from`. */
export const FUNNEL_REPORT_DEFAULT_DAYS = 30;

/** Longest range one report may cover, in days (both ends included). */
export const FUNNEL_REPORT_MAX_DAYS = 366;

const Count = z.number().int().nonnegative();

const DAY_MS = 86_400_000;

/** GET …/funnels/{route}'s query: whole UTC days, both included; `to` defaults to today, `from` to {@link FUNNEL_REPORT_DEFAULT_DAYS} days before it. */
export const FunnelReportQuerySchema = z.strictObject({ from: DaySchema.optional(), to: DaySchema.optional() });

/** What is wrong with a range of whole days (both included), once defaults are filled in: nothing, or one line per problem. */
export function funnelRangeProblems(from: string, to: string): string[] {
  if (from > to) return [`from: ${from} is after to (${to})`];
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days > FUNNEL_REPORT_MAX_DAYS ? [`from: the range ${from} to ${to} is ${days} days, longer than ${FUNNEL_REPORT_MAX_DAYS}`] : [];
}

export type FunnelReportQuery = z.output<typeof FunnelReportQuerySchema>;

/** A funnel page of a branch: its route, address and funnel. */
export const FunnelPageSchema = z.object({ route: z.string(), path: z.string(), funnel: z.string() });

/** GET /api/cc/branches/{branch}/funnels. */
export const FunnelPageListResponseSchema = z.object({ funnels: z.array(FunnelPageSchema) });

/** One step of a report: who saw it, who submitted it, and who saw it without submitting. */
export const FunnelStepSchema = z.object({
  step: z.string(),
  /** The step's title in the funnel; the step name for a step the funnel no longer has. */
  title: z.string(),
  viewed: Count,
  submitted: Count,
  /** viewed − submitted (never below 0). */
  dropOff: Count,
  /** dropOff ÷ viewed, from 0 to 1; null when nobody saw the step. */
  dropOffRate: z.number().min(0).max(1).nullable(),
});

/** One device type and paid flag's figures for every step, in the report's step order. */
export const FunnelSegmentSchema = z.object({
  /** null: events that carried no user agent. */
  deviceType: z.enum(DEVICE_TYPES).nullable(),
  paid: z.boolean(),
  steps: z.array(FunnelStepSchema),
});

/** A funnel report. */
export const FunnelReportSchema = z.object({
  brandId: z.string(),
  route: z.string(),
  path: z.string(),
  funnel: z.string(),
  /** The range as server times: `since` included, `until` excluded. */
  since: z.string(),
  until: z.string(),
  /** The funnel's steps in order (then any step the funnel no longer has), each visitor counted once. */
  steps: z.array(FunnelStepSchema),
  /** The same per device type and paid flag: segments with traffic only. */
  segments: z.array(FunnelSegmentSchema),
  /** Leads captured on the route in the range: the funnel's end. */
  leads: Count,
});

export type FunnelPage = z.output<typeof FunnelPageSchema>;
export type FunnelPageListResponse = z.output<typeof FunnelPageListResponseSchema>;
export type FunnelStepReport = z.output<typeof FunnelStepSchema>;
export type FunnelSegment = z.output<typeof FunnelSegmentSchema>;
export type FunnelReport = z.output<typeof FunnelReportSchema>;

export const CC_FUNNEL_LIST = defineEndpoint({
  name: 'cc-funnel-list',
  method: 'GET',
  path: '/api/cc/branches/{branch}/funnels',
  request: NothingSchema,
  response: FunnelPageListResponseSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_FUNNEL_REPORT = defineEndpoint({
  name: 'cc-funnel-report',
  method: 'GET',
  path: '/api/cc/branches/{branch}/funnels/{route}',
  request: FunnelReportQuerySchema,
  response: FunnelReportSchema,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid funnel report query',
});
