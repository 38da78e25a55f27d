import * as z from 'zod';

/** How long one upstream call may take, connect to last byte, unless MEDIAALPHA_TIMEOUT_MS says otherwise. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 2500;

/** Longest accepted MEDIAALPHA_TIMEOUT_MS: a visitor's funnel step must never wait longer than this. */
const MAX_UPSTREAM_TIMEOUT_MS = 60_000;

/** An optional variable; set-but-empty (`VAR=`) counts as unset, as shells and .env files write it. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

const upstreamUrl = optional(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }));
const text = optional(z.string().trim().min(1));

/**
 * Environment variables of the upstream providers: the ad marketplace (demand check, phone lease,
 * ads) and the lead buyers of each line. Outside production, `npm start` starts the sandbox
 * marketplace for the marketplace URLs left unset (and for the buyers when nothing at all is set)
 * and points these at it (src/server/marketplace/sandbox/auto-start.ts).
 */
export const MARKETPLACE_ENV = {
  /** Where demand checks are posted. */
  MEDIAALPHA_DEMAND_CHECK_URL: upstreamUrl,
  /** Where phone leases are posted. */
  MEDIAALPHA_GET_PHONE_URL: upstreamUrl,
  /** Where ad lists are requested (the /ads funnels' last step, src/server/marketplace/ads-route.ts). */
  MEDIAALPHA_ADS_URL: upstreamUrl,
  /** The marketplace's secret API token, sent as `Authorization: Bearer {token}`; never sent to browsers. */
  MEDIAALPHA_API_TOKEN: text,
  /** The placement id sent for Medicare pages (and the pages of every brand but tqg and ps that name no product). */
  MEDIAALPHA_PLACEMENT_MEDICARE: text,
  /** The placement id sent for auto pages (and tqg's and ps's pages that name no product). */
  MEDIAALPHA_PLACEMENT_AUTO: text,
  /** The placement id sent for life pages (wc's /go-4-life and every other page whose product is life). */
  MEDIAALPHA_PLACEMENT_LIFE: text,
  /** The placement id sent for health pages (bh's /go-4-health and every other page whose product is health). */
  MEDIAALPHA_PLACEMENT_HEALTH: text,
  /** The affiliate id sent as sub_1 (and source[0]) when the visitor's URL carries no afid. */
  MEDIAALPHA_AFFILIATE_ID: text,
  /** Budget of every upstream call (marketplace and lead buyer), in milliseconds. */
  MEDIAALPHA_TIMEOUT_MS: z.coerce.number().int().min(1).max(MAX_UPSTREAM_TIMEOUT_MS).default(DEFAULT_UPSTREAM_TIMEOUT_MS),
  /** Where auto leads are handed to the second lead buyer. */
  LEAD_BUYER_URL: upstreamUrl,
  /** Where life leads given with consent are handed to a life buyer; unset: they stay call-routed. */
  LEAD_BUYER_URL_LIFE: upstreamUrl,
  /** Where health leads given with consent are handed to a health buyer; unset: they stay call-routed. */
  LEAD_BUYER_URL_HEALTH: upstreamUrl,
  /** Where Medicare call-backs (booked outside working hours) are handed to a buyer that calls at the chosen time; unset: they stay call-routed. */
  LEAD_BUYER_URL_MEDICARE: upstreamUrl,
};

/** The validated upstream variables (a part of the whole validated environment). */
export type MarketplaceEnv = z.output<z.ZodObject<typeof MARKETPLACE_ENV>>;
