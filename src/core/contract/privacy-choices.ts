/**
 * The visitor's privacy choice: one
 * endpoint that records an opt-out of the sale and sharing of the visitor's personal information
 * on this brand's site. The opt-out page's button posts here, as a plain form without JavaScript
 * (answered with a 303 back to the page) and as JSON with it (answered with the recorded choice).
 * The server keeps the choice with its time, the brand and an anonymous visitor id (never an IP
 * or anything personal) and remembers it for the browser in a cookie; a browser sending Global
 * Privacy Control (`Sec-GPC: 1`) counts as opted out on every request without recording anything.
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { ISO_DATETIME_UTC_PATTERN } from '../check/formats.ts';
import { defineEndpoint } from './endpoint.ts';
import { PRIVACY_OPT_OUT_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { PRIVACY_OPT_OUT_PATH } from './paths.ts';

/** The request header of Global Privacy Control (https://privacycg.github.io/gpc-spec/): `1` asks not to sell or share. */
export const GPC_HEADER = 'sec-gpc';

/**
 * The body, as JSON or as the page's form fields: the choice, and the page's language so a form
 * post is sent back to the page it came from. Unknown keys are refused.
 */
export const PrivacyOptOutRequestSchema = z.strictObject({
  choice: z.literal('opt-out'),
  language: z.enum(['english', 'spanish']).optional(),
});

/** What the page's form and a JSON client send. */
export type PrivacyOptOutRequest = z.infer<typeof PrivacyOptOutRequestSchema>;

/**
 * A browser's privacy choice as the server knows it (answer of the endpoint; `payload.privacy`
 * of every page rendered for an opted-out browser). It exists only for an opted-out browser:
 * `optedOutAt` is when the choice was recorded (null when only the GPC signal says so), `gpc`
 * whether this request carried the Global Privacy Control signal.
 */
export const PrivacyChoiceSchema = z.object({
  optedOut: z.literal(true),
  optedOutAt: z.string().regex(ISO_DATETIME_UTC_PATTERN, 'must be an ISO 8601 UTC date and time').nullable(),
  gpc: z.boolean(),
});

/** An opted-out browser's choice. */
export type PrivacyChoice = z.infer<typeof PrivacyChoiceSchema>;

export const PRIVACY_OPT_OUT = defineEndpoint({
  name: 'privacy-opt-out',
  method: 'POST',
  path: PRIVACY_OPT_OUT_PATH,
  request: PrivacyOptOutRequestSchema,
  response: PrivacyChoiceSchema,
  bodyLimit: BODY_LIMITS.default,
  access: 'public',
  limitGroup: 'userState',
  invalid: 'Invalid privacy choice',
});
