/**
 * The control center's branches and audit trail: the list of branches with a week's visitors and
 * leads, one branch's overview (per day and per funnel), and the audit log filtered by branch and
 * item.
 */
import * as z from 'zod';
import { defineEndpoint, NothingSchema } from './endpoint.ts';

/** Days the branch list counts visitors and leads over. */
export const BRANCH_LIST_DAYS = 7;

/** Days a branch overview charts. */
export const BRANCH_OVERVIEW_DAYS = 30;

/** Audit entries listed when the query names no limit, and the most it may ask for. */
export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;

const Count = z.number().int().nonnegative();

/** A branch as listed: a site brand, its domains and its number of routes. */
export const BranchSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  routes: Count,
});

/** GET /api/cc/branches: every site brand with the last {@link BRANCH_LIST_DAYS} days' visitors and leads. */
export const BranchListResponseSchema = z.object({
  days: z.literal(BRANCH_LIST_DAYS),
  branches: z.array(BranchSummarySchema.extend({ visitors: Count, leads: Count })),
});

/** One UTC day of a branch. */
export const BranchDaySchema = z.object({ day: z.string(), visitors: Count, stepSubmissions: Count, leads: Count });

/** One funnel page of a branch over the overview's days. */
export const BranchFunnelSchema = z.object({ route: z.string(), path: z.string(), funnel: z.string(), visitors: Count, stepSubmissions: Count, leads: Count });

/** GET /api/cc/branches/{branch}/overview. */
export const BranchOverviewResponseSchema = z.object({
  branch: BranchSummarySchema,
  /** Every day of the window, oldest first, days without activity included as zeros. */
  days: z.array(BranchDaySchema),
  funnels: z.array(BranchFunnelSchema),
});

export type BranchListResponse = z.output<typeof BranchListResponseSchema>;
export type BranchOverviewResponse = z.output<typeof BranchOverviewResponseSchema>;

/** An id-like query value: what branches, item kinds and item ids look like. */
const Slug = (name: string) =>
  z
    .string()
    .min(1, `${name} is empty`)
    .max(200, `${name} is longer than 200 characters`)
    .regex(/^[\w.:/-]+$/, `${name} may hold only letters, digits and . _ : / -`);

/** GET /api/cc/audit's query. */
export const AuditQuerySchema = z.strictObject({
  branch: Slug('branch').optional(),
  itemKind: Slug('itemKind').optional(),
  itemId: Slug('itemId').optional(),
  limit: z.coerce
    .number({ error: 'limit is not a number' })
    .int('limit is not a whole number')
    .min(1, 'limit is below 1')
    .max(AUDIT_MAX_LIMIT, `limit is above ${AUDIT_MAX_LIMIT}`)
    .default(AUDIT_DEFAULT_LIMIT),
});

/** One audit entry as shown: who, when, what, and the item before and after. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userEmail: z.string(),
  branch: z.string().nullable(),
  itemKind: z.string(),
  itemId: z.string(),
  action: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const AuditResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditEntryView = z.output<typeof AuditEntrySchema>;

export const CC_BRANCH_LIST = defineEndpoint({
  name: 'cc-branch-list',
  method: 'GET',
  path: '/api/cc/branches',
  request: NothingSchema,
  response: BranchListResponseSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_BRANCH_OVERVIEW = defineEndpoint({
  name: 'cc-branch-overview',
  method: 'GET',
  path: '/api/cc/branches/{branch}/overview',
  request: NothingSchema,
  response: BranchOverviewResponseSchema,
  access: 'staff',
  limitGroup: 'session',
});

export const CC_AUDIT = defineEndpoint({
  name: 'cc-audit',
  method: 'GET',
  path: '/api/cc/audit',
  request: AuditQuerySchema,
  response: AuditResponseSchema,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid audit query',
});
