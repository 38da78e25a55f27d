/**
 * The bodies the browser posts to /api/mediaalpha/demand-check and /api/mediaalpha/get-phone
 * (spec §7), the builders that make them and the schemas the server checks them with. Builder
 * and schema share the constants, so what is built is what is accepted.
 */
import * as z from 'zod';
import type { LeadFor, LeadProduct, ProductLead } from '../leads/product.ts';
import {
  CALL_TYPE,
  MARKETPLACE_VERSION,
  MAX_RESULTS,
  PHONE_LEASE_TIME,
  SOURCE_LENGTH,
  SOURCE_PLACEHOLDER,
  TRANSFER_TYPE,
} from './constants.ts';
import { MarketplaceLeadSchema, mapLeadForMarketplace, type MarketplaceLead } from './lead-mapping.ts';
import { omitUndefined } from './omit-undefined.ts';

/** The parts of the visitor's IP lookup the payloads use (spec §3 "IP lookup": postal code, state code). */
export interface GeoLookup {
  postalCode?: string;
  stateCode?: string;
}

/** What both marketplace calls need: the visitor, the placement and the affiliate. */
export interface MarketplaceRequestInput {
  /** The visitor's IP address. */
  ip: string;
  /** The visitor's local hour of the day, 0 to 23. */
  localHour: number;
  /** The visitor's user agent. */
  ua: string;
  /** The full current address (location.href); get-phone sends only its origin. */
  url: string;
  /** The marketplace placement id configured for the site. */
  placementId: string;
  /** The visitor's URL parameters; a non-empty `afid` beats {@link configuredAffiliateId}. */
  urlParams: Readonly<Record<string, string | undefined>>;
  /** The affiliate id configured for the site, used when the URL has no afid. */
  configuredAffiliateId?: string;
  sub2?: string;
  sub3?: string;
}

/** Input of {@link buildDemandCheckPayload}. */
export interface DemandCheckInput extends MarketplaceRequestInput {
  /** The visitor's IP lookup; its postal and state codes become `data`. */
  geo?: GeoLookup;
}

/** Input of {@link buildGetPhonePayload}: the request, the product's lead from the form, and zip fallbacks. */
export type GetPhoneInput = MarketplaceRequestInput &
  ProductLead & {
    /** The zipcode stored from an earlier form, used when the form has none. */
    storedZip?: string;
    /** The visitor's IP lookup; its postal code is the last zip fallback. */
    geo?: GeoLookup;
  };

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

/** A demand-check body. */
export type DemandCheckPayload = z.output<typeof DemandCheckPayloadSchema>;

/** A get-phone body. */
export type GetPhonePayload = z.output<typeof GetPhonePayloadSchema>;

/**
 * The demand-check body: `data` is the IP lookup's zip and state, `url` the full current address,
 * `sub_1` and `source[0]` the affiliate id (URL afid, else the configured one). Empty strings
 * count as absent, and absent optional keys are left out.
 */
export function buildDemandCheckPayload(input: DemandCheckInput): DemandCheckPayload {
  const affiliate = affiliateId(input);
  return omitUndefined({
    data: omitUndefined({ zip: nonEmpty(input.geo?.postalCode), state: nonEmpty(input.geo?.stateCode) }),
    ip: input.ip,
    local_hour: input.localHour,
    max: MAX_RESULTS,
    call_type: CALL_TYPE,
    transfer_type: TRANSFER_TYPE,
    placement_id: input.placementId,
    ua: input.ua,
    url: input.url,
    version: MARKETPLACE_VERSION,
    sub_1: affiliate,
    sub_2: nonEmpty(input.sub2),
    sub_3: nonEmpty(input.sub3),
    source: sourceList(affiliate),
  });
}

/**
 * The get-phone body: `data` is the lead mapped for the marketplace, its zip the form's
 * zipcode, else {@link GetPhoneInput.storedZip}, else the IP lookup's postal code (else 'auto');
 * `url` is the current address's origin only.
 */
export function buildGetPhonePayload(input: GetPhoneInput): GetPhonePayload {
  const affiliate = affiliateId(input);
  const zipcode = nonEmpty(input.lead.zipcode) ?? nonEmpty(input.storedZip) ?? nonEmpty(input.geo?.postalCode);
  const data = mapWithZip(input, zipcode);
  return omitUndefined({
    data,
    ip: input.ip,
    local_hour: input.localHour,
    phone_num_lease_time: PHONE_LEASE_TIME,
    placement_id: input.placementId,
    ua: input.ua,
    url: new URL(input.url).origin,
    version: MARKETPLACE_VERSION,
    sub_1: affiliate,
    sub_2: nonEmpty(input.sub2),
    sub_3: nonEmpty(input.sub3),
    source: sourceList(affiliate),
  });
}

/** The lead of `pair` mapped for the marketplace, with `zipcode` in place of its own. */
function mapWithZip<P extends LeadProduct>(pair: { product: P; lead: LeadFor<P> }, zipcode: string | undefined): MarketplaceLead {
  // Every lead has an optional zipcode of the same rule, so replacing it keeps a LeadFor<P>.
  return mapLeadForMarketplace(pair.product, { ...pair.lead, zipcode } as LeadFor<P>);
}

/** The affiliate id: the URL's afid, else the configured one; undefined when neither is set. */
function affiliateId(input: MarketplaceRequestInput): string | undefined {
  return nonEmpty(input.urlParams.afid) ?? nonEmpty(input.configuredAffiliateId);
}

/** `[affiliate id or 'null', 'null' × 6]`. */
function sourceList(affiliate: string | undefined): string[] {
  return [affiliate ?? SOURCE_PLACEHOLDER, ...Array.from({ length: SOURCE_LENGTH - 1 }, () => SOURCE_PLACEHOLDER)];
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === '' ? undefined : text;
}
