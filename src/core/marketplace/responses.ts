/**
 * What the marketplace answers (spec §3 "Ad list response", "Status response", §4 "Demand
 * check"), without zod so the browser can import it: the types, the browser's check
 * of an ad list and the demand-check result. The zod schemas, for the server, are in
 * response-schemas.ts.
 */
import { arrayOf, integer, isNumber, object, optional, text, type Check } from '../check/check.ts';
import { LOW_BID_THRESHOLD } from './constants.ts';
import type { AdListResponseSchema, ListedAdSchema } from './response-schemas.ts';
import type * as z from 'zod';

/** An ad in an ad list. */
export type ListedAd = z.output<typeof ListedAdSchema>;
/** An ad list response. */
export type AdListResponse = z.output<typeof AdListResponseSchema>;

const isString = text();

/** True for an ad list response; accepts what response-schemas.ts AdListResponseSchema accepts. */
export const isAdListResponse: Check<AdListResponse> = object({
  ads: arrayOf(
    object({
      carrier: isString,
      bid: isNumber,
      headline: isString,
      description: isString,
      display_url: isString,
      small_image_url: isString,
      impression_html: optional(isString),
      ad_id: isString,
      click_url: isString,
      call_url: isString,
      medium_image_url: isString,
      large_image_url: isString,
    }),
  ),
  num_ads: integer(0),
  request_id: isString,
  time: isNumber,
});

/** The demand-check result (spec §4): the bid and whether it is low. */
export interface DemandCheckResult {
  /** `parsed.ctc.ev` exactly as the marketplace sent it: usually a number, but not guaranteed. */
  bid: unknown;
  isLowBid: boolean;
}

/** True when `bid` is a number below {@link LOW_BID_THRESHOLD} (spec §4); NaN and non-numbers are not low. */
export function isLowBid(bid: unknown): boolean {
  return typeof bid === 'number' && bid < LOW_BID_THRESHOLD;
}

/**
 * The demand-check result from the response's `parsed` field: bid = `parsed.ctc.ev`. Undefined,
 * meaning no result (spec §4: failures set none), when `parsed` or `parsed.ctc` is not an
 * object, i.e. when the response carries no demand estimate at all.
 */
export function demandCheckResult(parsed: unknown): DemandCheckResult | undefined {
  if (!isObject(parsed) || !isObject(parsed.ctc)) return undefined;
  const bid = parsed.ctc.ev;
  return { bid, isLowBid: isLowBid(bid) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
