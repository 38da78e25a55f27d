/**
 * The ad-list relay (spec §3 "Ad list response"): what the /ads funnels' last step asks our
 * server for. The browser sends where the visitor is; the server adds what only it knows or
 * decides (API token, placement id, product line, affiliate id, IP, user agent), forwards it to
 * the marketplace and answers `{ parsed, raw }`, `parsed` always an ad list (anything else is a
 * 502). Errors as the other relays (contract/marketplace.ts).
 */
import * as z from 'zod';
import { AdListResponseSchema } from '../marketplace/response-schemas.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';
import { ADS_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { ADS_PATH } from './paths.ts';

/** What the browser sends: where the visitor is and which page asks. Unknown keys are refused. */
export const AdsRequestSchema = z.strictObject({
  /** The visitor's ZIP code: the form's, else the stored one, else the IP lookup's. */
  zip: z.string().regex(/^\d{5}$/, { error: 'zip must be 5 digits' }).optional(),
  /** The full address of the page showing the ads. */
  url: z.url({ protocol: /^https?$/ }),
  /** The visitor's local hour of the day, 0 to 23. */
  local_hour: z.int().min(0).max(23),
  /** The URL's afid; the configured affiliate id is used when absent. */
  sub_1: z.string().min(1).optional(),
});

/** A browser's ad-list request. */
export type AdsRequest = z.output<typeof AdsRequestSchema>;

/** The answer: the upstream body as received, and parsed (checked to be an ad list). */
export const AdsAnswerSchema = z.object({ parsed: AdListResponseSchema, raw: z.string() });

/** An ad-list answer. */
export type AdsAnswer = z.output<typeof AdsAnswerSchema>;

export const ADS = defineEndpoint({
  name: 'ads',
  method: 'POST',
  path: ADS_PATH,
  request: AdsRequestSchema,
  response: AdsAnswerSchema,
  bodyLimit: BODY_LIMITS.marketplace,
  access: 'public',
  limitGroup: 'marketplace',
  invalid: 'invalid ads request',
});
