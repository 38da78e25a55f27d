/**
 * The call-back endpoint: outside working hours a funnel's end screen offers to call the visitor
 * back at a time they choose (ui/funnel/CallbackForm.tsx). The same endpoint takes the form as
 * JSON (with JavaScript: answered with the booking) and as a plain form post (without:
 * answered 303 back to the end screen, which then shows the booking).
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';
import { LEAD_ID_PATTERN, LeadConsentSchema } from './leads.ts';
import { LEADS_CALLBACK_PATH } from './callback-path.ts';

// Spelled in callback-path.ts, zod-free, where the browser imports it from.
export { LEADS_CALLBACK_PATH } from './callback-path.ts';

const leadId = z.string().regex(LEAD_ID_PATTERN, 'must be 16 to 64 letters, digits, - or _');

/**
 * A call-back request. Brand comes from the Host; product and language from the funnel; the
 * visitor's answers from their lead of the funnel, never from this request. Every value is a string
 * or absent but `consent`, which only JSON carries: a plain form post sends strings, and the
 * server takes the disclosure from what it rendered. Unknown keys (a consent-certification
 * script's inputs) are dropped.
 */
export const CallbackRequestSchema = z.object({
  /** The funnel id (core/funnels) whose end screen shows the form. */
  funnel: z.string().min(1).max(64),
  /** The chosen window's start, an ISO UTC instant from core/leads/callback-slots.ts. */
  slot: z.string().min(1).max(40),
  /** The number to call, `(NNN) NNN-NNNN`: asked where the funnel asked none (Medicare). */
  phone: z.string().max(40).optional(),
  /**
   * The visitor's lead of this funnel the call-back is for, from the browser's capture. A plain
   * form post sends none: the server finds that visitor's newest lead of the funnel by their cookie.
   */
  leadId: leadId.optional(),
  /** The page the form is on (full address). */
  pageUrl: z.url({ protocol: /^https?$/ }).max(2048).optional(),
  /** The visitor's IANA time zone the times were shown in (a plain form's hidden input), for the booking's words. */
  timeZone: z.string().max(64).optional(),
  /** The visitor's utm_medium: affiliate traffic ('aff') is offered no Saturday. */
  utmMedium: z.string().max(200).optional(),
  /** The consent the visitor gave by pressing the form's button (JSON only). */
  consent: LeadConsentSchema.optional(),
});

/** A call-back request. */
export type CallbackRequest = z.infer<typeof CallbackRequestSchema>;

/** The booking: the lead it is on, that lead's status, and the window's start and end. */
export const CallbackResponseSchema = z.object({
  leadId: z.string(),
  /** The lead's status (core/leads/statuses.ts LEAD_STATUSES). */
  status: z.string(),
  callbackAt: z.string(),
  callbackEnd: z.string(),
});

/** The answer to a booked call-back. */
export type CallbackResponse = z.output<typeof CallbackResponseSchema>;

export const LEAD_CALLBACK = defineEndpoint({
  name: 'lead-callback',
  method: 'POST',
  path: LEADS_CALLBACK_PATH,
  request: CallbackRequestSchema,
  response: CallbackResponseSchema,
  bodyLimit: BODY_LIMITS.leads,
  access: 'visitor',
  limitGroup: 'leads',
  invalid: 'Invalid call-back',
});
