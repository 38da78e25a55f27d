/**
 * The zod schemas of what the marketplace answers (spec §3 "Ad list response", "Status response"),
 * for the server's relays, the CLI and the tests. Upstream objects are parsed with z.object, which
 * drops keys we do not read, so a new field upstream never breaks us; a missing or mistyped field
 * we do read is a clear error. The browser checks an ad list with responses.ts isAdListResponse,
 * without zod; test/unit/browser-checks.test.ts holds the two together.
 */
import * as z from 'zod';

/** The kinds of ad in a status response. */
const STATUS_AD_TYPES = ['click', 'call'] as const;

/** The outcomes of a status response. */
const STATUS_VALUES = ['SUCCESS', 'ERROR'] as const;

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
  type: z.enum(STATUS_AD_TYPES),
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
  status: z.enum(STATUS_VALUES),
  errors: z.array(z.string()),
  response: z.object({
    ads: z.array(StatusAdSchema),
    requestid: z.string().optional(),
    wizsid: z.string().optional(),
  }),
});
