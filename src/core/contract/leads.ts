/**
 * The leads endpoint: what the browser sends when a funnel's last
 * question step is submitted, and what the server answers. Shared by the browser, the server
 * and the tests, so the path and the shapes are spelled once.
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';
import { LEADS_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { LEADS_PATH } from './paths.ts';

/** A client-generated lead id: a UUID or another URL-safe token of 16 to 64 characters. */
export const LEAD_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The consent the visitor gave by pressing the step's button. */
export const LeadConsentSchema = z.object({
  /** The exact disclosure text shown with the button (consentText of core/leads/consent.ts). */
  text: z.string().min(1).max(4000),
  /** The label of the button the disclosure names and the visitor pressed. */
  buttonLabel: z.string().min(1).max(200),
  /** A TrustedForm certificate URL, when the page carries the TrustedForm field. */
  trustedFormCertUrl: z.url({ protocol: /^https$/ }).max(500).optional(),
  /** A Jornaya LeadiD token, when the page carries the LeadiD field. */
  leadidToken: z.string().regex(/^[A-Za-z0-9-]{1,100}$/).optional(),
});

/** The lead capture request. Brand comes from the Host; product and language from the funnel. */
export const LeadCaptureRequestSchema = z.object({
  id: z.string().regex(LEAD_ID_PATTERN, 'must be 16 to 64 letters, digits, - or _'),
  /** The route name (routes.ts) the funnel runs on; it must be served on the brand and run `funnel`. */
  route: z.string().min(1).max(200),
  /** The funnel id (core/funnels). */
  funnel: z.string().min(1).max(64),
  anonymousId: z.string().min(1).max(128),
  sessionId: z.string().min(1).max(128),
  /** The page the lead was captured on (full address). */
  pageUrl: z.url({ protocol: /^https?$/ }).max(2048),
  /** The funnel's form values; validated by the product's lead rules on the server. */
  fields: z.record(z.string(), z.unknown()),
  /** Required when the fields hold a phone number or an email address. */
  consent: LeadConsentSchema.optional(),
});

/** A lead capture request. */
export type LeadCaptureRequest = z.infer<typeof LeadCaptureRequestSchema>;

/** The answer to a capture: 201 when stored now, 200 when that id was already stored. */
export const LeadCaptureResponseSchema = z.object({
  id: z.string(),
  /** The lead's status (core/leads/statuses.ts LEAD_STATUSES). */
  status: z.string(),
  created: z.boolean(),
});

/** The answer to a capture. */
export type LeadCaptureResponse = z.output<typeof LeadCaptureResponseSchema>;

export const LEAD_CAPTURE = defineEndpoint({
  name: 'lead-capture',
  method: 'POST',
  path: LEADS_PATH,
  request: LeadCaptureRequestSchema,
  response: LeadCaptureResponseSchema,
  bodyLimit: BODY_LIMITS.leads,
  access: 'visitor',
  limitGroup: 'leads',
  invalid: 'Invalid lead',
});
