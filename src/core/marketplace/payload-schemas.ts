/**
 * The zod schemas the server checks the marketplace bodies with (spec §7 "demand-check payload",
 * "get-phone payload"). They share the constants with the builders of payloads.ts, so what is
 * built is what is accepted; the builders are zod-free, for the browser, whose pages carry no zod.
 */
import * as z from 'zod';
import {
  CALL_TYPE,
  MARKETPLACE_VERSION,
  MAX_RESULTS,
  PHONE_LEASE_TIME,
  SOURCE_LENGTH,
  SOURCE_PLACEHOLDER,
  TRANSFER_TYPE,
} from './constants.ts';
import { MarketplaceLeadSchema } from './lead-mapping-schemas.ts';

const optionalText = z.string().min(1).optional();

/**
 * sub_2 and sub_3 are tracking values pages pass through as they got them, and an empty one is
 * "none" (spec: lenient where a value is optional), not a reason to refuse the whole call.
 * The key then holds undefined, which JSON.stringify leaves out of what goes upstream.
 */
const optionalPassThrough = z.preprocess((value) => (value === '' ? undefined : value), optionalText);

/** `source`: the affiliate id or the text null, then six of the text null (spec §7). */
const SourceSchema = z
  .array(z.string().min(1))
  .length(SOURCE_LENGTH)
  .refine((source) => source.slice(1).every((entry) => entry === SOURCE_PLACEHOLDER), {
    error: `source must be the affiliate id or "${SOURCE_PLACEHOLDER}", then ${SOURCE_LENGTH - 1} times "${SOURCE_PLACEHOLDER}"`,
  });

const webUrlSchema = z.url({ protocol: /^https?$/ });

/** True when `url` parses and is its own origin; the check runs even when the URL check failed, so it must not throw. */
function isOrigin(url: string): boolean {
  try {
    return new URL(url).origin === url;
  } catch {
    return false;
  }
}

/** Only an origin (scheme, host, port), because get-phone must not leak the path or query (spec §7). */
const originSchema = webUrlSchema.refine(isOrigin, {
  error: 'url must be an origin only: scheme, host and port, with no path, query or trailing slash',
});

/** Fields both payloads carry, with the same rules. */
const commonShape = {
  ip: z.union([z.ipv4(), z.ipv6()]),
  local_hour: z.int().min(0).max(23),
  placement_id: z.string().min(1),
  ua: z.string(),
  version: z.literal(MARKETPLACE_VERSION),
  sub_1: optionalText,
  sub_2: optionalPassThrough,
  sub_3: optionalPassThrough,
  source: SourceSchema,
};

/** The demand-check body (spec §7 "demand-check payload"); unknown keys are refused. */
export const DemandCheckPayloadSchema = z.strictObject({
  ...commonShape,
  data: z.strictObject({ zip: optionalText, state: optionalText }),
  max: z.literal(MAX_RESULTS),
  call_type: z.literal(CALL_TYPE),
  transfer_type: z.literal(TRANSFER_TYPE),
  url: webUrlSchema,
});

/** The get-phone body (spec §7 "get-phone payload"); unknown keys are refused. */
export const GetPhonePayloadSchema = z.strictObject({
  ...commonShape,
  data: MarketplaceLeadSchema,
  phone_num_lease_time: z.literal(PHONE_LEASE_TIME),
  url: originSchema,
});

/**
 * What the browser posts to our get-phone relay: the get-phone payload plus `page_path`, the path
 * of the page it leases for. The payload's own `url` is an origin only (spec §7), so the server
 * would not otherwise know the page; it reads the page's product line from the route table by
 * this path (never a line the browser names), checks `data` against that line's lead shape and
 * sends the payload upstream without it. Without one (the spec's payload as it is) the lease is
 * for a page of the brand's own line.
 */
export const GetPhoneRequestSchema = GetPhonePayloadSchema.extend({
  page_path: z.string().startsWith('/', { error: 'page_path must be a path starting with /' }).max(2048).optional(),
});
