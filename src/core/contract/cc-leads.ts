/**
 * The control center's leads API: a branch's leads, filtered and
 * searched, one lead's detail with its consent proof and delivery state, Reveal, and the CSV
 * export. Personal values are masked in every answer except Reveal's and the export's, and both
 * of those write the lead access log and the audit log before anything is sent.
 *
 * The list is a POST: its search may be an email address or a phone number, which must never
 * sit in a URL (server logs, browser history, proxies).
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { LEAD_STATUSES } from '../leads/statuses.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { LEAD_ID_PATTERN } from './leads.ts';
import { PrivacyChoiceSchema } from './privacy-choices.ts';

/** Leads on one page of the list unless the request asks for another number. */
export const DEFAULT_LEADS_PAGE_SIZE = 50;

/** Most leads one page of the list holds. */
export const MAX_LEADS_PAGE_SIZE = 200;

/** Most leads one export holds: beyond that, narrow the filters (the answer is built in memory). */
export const MAX_EXPORTED_LEADS = 10_000;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A calendar day (UTC), as a date input gives it: `2026-03-01`. */
export const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day as YYYY-MM-DD')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'is no such day');

/** Which leads: every filter optional; `from` and `to` are whole UTC days, both included. */
export const LeadFiltersSchema = z
  .object({
    funnel: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a funnel id').optional(),
    status: z.enum(LEAD_STATUSES).optional(),
    from: DaySchema.optional(),
    to: DaySchema.optional(),
    /**
     * A lead id, an email address or a phone number. Emails and phones are compared with the
     * stored values on the server (case, spaces and punctuation aside); nothing about other
     * leads is given away.
     */
    search: z.string().trim().max(254, 'is longer than 254 characters').optional(),
  })
  .strict()
  .refine((filters) => filters.from === undefined || filters.to === undefined || filters.from <= filters.to, { message: 'from is after to', path: ['to'] });

/** The filters of a list or an export. */
export type LeadFilters = z.output<typeof LeadFiltersSchema>;

/** Where the previous page ended (keyset paging: the last lead shown). */
const PageCursorSchema = z.object({ createdAt: z.string().regex(ISO_TIME, 'must be a server time'), id: z.string().regex(LEAD_ID_PATTERN, 'must be a lead id') }).strict();

/** A page of the list: the filters, where to continue, how many. */
export const LeadListRequestSchema = z
  .object({
    filters: LeadFiltersSchema.default({}),
    olderThan: PageCursorSchema.optional(),
    limit: z.number().int().min(1).max(MAX_LEADS_PAGE_SIZE).default(DEFAULT_LEADS_PAGE_SIZE),
  })
  .strict();

/** One lead in the list: its facts, and its contact details masked. */
export const LeadSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  route: z.string(),
  funnel: z.string(),
  product: z.string(),
  language: z.string(),
  status: z.enum(LEAD_STATUSES),
  attempts: z.number(),
  /** Masked: `J***`, `j***@e***.com`, `(***) ***-4567`; null when the lead has none. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** A lead in the list. */
export type LeadSummary = z.output<typeof LeadSummarySchema>;

export const LeadListResponseSchema = z.object({
  leads: z.array(LeadSummarySchema),
  /** The cursor of the next page; null on the last. */
  next: PageCursorSchema.nullable(),
  /** The funnel ids the funnel filter offers. */
  funnels: z.array(z.string()),
});

/** A page of the list. */
export type LeadListResponse = z.output<typeof LeadListResponseSchema>;

/** A lead's consent proof (store/leads.ts ConsentProof); masked, the IP and the page's query are hidden. */
export const LeadConsentProofSchema = z.object({
  text: z.string(),
  version: z.string(),
  buttonLabel: z.string(),
  pageUrl: z.string(),
  consentedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  trustedFormCertUrl: z.string().optional(),
  leadidToken: z.string().optional(),
  privacyChoice: PrivacyChoiceSchema.optional(),
  /** sha256 of the consent step's HTML as the server rendered it, and the build that rendered it; absent on older leads. */
  htmlSha256: z.string().optional(),
  buildId: z.string().optional(),
});

/** Where the lead is in the outbox, and how its delivery attempts went (jobs/lead-outbox.ts). */
export const LeadDeliverySchema = z.object({
  attempts: z.number(),
  queuedAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  buyerLeadId: z.string().nullable(),
  buyerPrice: z.number().nullable(),
  /** The buyer's raw answer: masked until revealed (a buyer may echo the lead back). */
  buyerResponse: z.string().nullable(),
});

/** One access to the lead's personal data (store/leads.ts LeadAccess). */
export const LeadAccessSchema = z.object({ actor: z.string(), channel: z.string(), at: z.string() });

/** A lead's detail: masked, or revealed. */
export const LeadDetailSchema = z.object({
  revealed: z.boolean(),
  lead: LeadSummarySchema.omit({ name: true, email: true, phone: true }).extend({
    brandId: z.string(),
    updatedAt: z.string(),
    fields: z.record(z.string(), z.unknown()),
    consent: LeadConsentProofSchema.nullable(),
    delivery: LeadDeliverySchema,
    /** The first lead from the same phone or email, when the status is `duplicate`; null otherwise. */
    duplicateOf: z.string().nullable(),
    /** The fields its buyer needs that the lead lacked, when the status is `incomplete`; empty otherwise. */
    missingFields: z.array(z.string()),
  }),
  /** Who saw the lead's personal values, oldest first (this reveal included). */
  accesses: z.array(LeadAccessSchema),
});

/** A lead's detail. */
export type LeadDetail = z.output<typeof LeadDetailSchema>;

/** Reveal takes no input; an empty JSON object is accepted for clients that always send one. */
export const LeadRevealRequestSchema = z.object({}).strict().optional();

/** POST: one page of a branch's leads, newest first. */
export const CC_LEADS_LIST = defineEndpoint({
  name: 'cc-leads-list',
  method: 'POST',
  path: '/api/cc/branches/{branch}/leads/query',
  request: LeadListRequestSchema,
  response: LeadListResponseSchema,
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid lead list request',
});

/** GET: one lead, personal values masked. */
export const CC_LEAD_GET = defineEndpoint({
  name: 'cc-lead-get',
  method: 'GET',
  path: '/api/cc/branches/{branch}/leads/{lead}',
  request: NothingSchema,
  response: LeadDetailSchema,
  access: 'staff',
  limitGroup: 'session',
});

/** POST: one lead with its personal values, after the access and audit logs have it. */
export const CC_LEAD_REVEAL = defineEndpoint({
  name: 'cc-lead-reveal',
  method: 'POST',
  path: '/api/cc/branches/{branch}/leads/{lead}/reveal',
  request: LeadRevealRequestSchema,
  response: LeadDetailSchema,
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid reveal request',
  audit: { kind: 'lead', actions: ['reveal'] },
});

/** POST: every lead the filters match, as CSV (the CLI's columns), each access-logged, the export audited. */
export const CC_LEADS_EXPORT = defineEndpoint({
  name: 'cc-leads-export',
  method: 'POST',
  path: '/api/cc/branches/{branch}/leads/export',
  request: LeadFiltersSchema,
  response: z.string(),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid lead export request',
  audit: { kind: 'lead', actions: ['export'] },
});
