/**
 * What the marketplace answers (spec §3 "Ad list response", "Status response", §4 "Demand
 * check"). Upstream objects are parsed with z.object, which drops keys we do not read, so a new
 * field upstream never breaks us; a missing or mistyped field we do read is a clear error.
 */
import * as z from 'zod';
import { LOW_BID_THRESHOLD } from './constants.ts';

/** One ad in an ad list. */
export const ListedAdSchema = z.object({
  carrier: z.string(),
  bid: z.number(),
  headline: z.string(),
  description: z.string(),
  display_url: z.string(),
  small_image_url: z.string(),
  impression_html: z.string().optional(),
  ad_id: z.string(),
  click_url: z.string(),
  call_url: z.string(),
  medium_image_url: z.string(),
  large_image_url: z.string(),
});

/** The ad list response (spec §3). */
export const AdListResponseSchema = z.object({
  ads: z.array(ListedAdSchema),
  num_ads: z.int().min(0),
  request_id: z.string(),
  time: z.number(),
});

/** One ad in a status response. */
export const StatusAdSchema = z.object({
  ad_position: z.int(),
  type: z.enum(['click', 'call']),
  click_url: z.string(),
  logo_url: z.string(),
  ref: z.string(),
  headline: z.string().optional(),
  description: z.string().optional(),
  display_url: z.string().optional(),
  call_url: z.string().optional(),
  backfill_pixel: z.string().optional(),
  carrier: z.string().optional(),
  pixel: z.string().optional(),
});

/** The status response (spec §3). */
export const StatusResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'ERROR']),
  errors: z.array(z.string()),
  response: z.object({
    ads: z.array(StatusAdSchema),
    requestid: z.string().optional(),
    wizsid: z.string().optional(),
  }),
});

/** An ad in an ad list. */
export type ListedAd = z.output<typeof ListedAdSchema>;
/** An ad list response. */
export type AdListResponse = z.output<typeof AdListResponseSchema>;
/** An ad in a status response. */
export type StatusAd = z.output<typeof StatusAdSchema>;
/** A status response. */
export type StatusResponse = z.output<typeof StatusResponseSchema>;

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
