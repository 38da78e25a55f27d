/**
 * The bodies the browser posts to /api/mediaalpha/demand-check and /api/mediaalpha/get-phone
 * (spec §7) and the builders that make them, zod-free for visitor pages. The schemas the
 * server checks them with are in payload-schemas.ts; builder and schema share the constants, so
 * what is built is what is accepted.
 */
import type * as z from 'zod';
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
import { mapLeadForMarketplace, type MarketplaceLead } from './lead-mapping.ts';
import { omitUndefined } from './omit-undefined.ts';
import type { DemandCheckPayloadSchema, GetPhonePayloadSchema, GetPhoneRequestSchema } from './payload-schemas.ts';

/** The parts of the visitor's IP lookup the payloads use (spec §3 "IP lookup": postal code, state code). */
export interface GeoLookup {
  postalCode?: string | undefined;
  stateCode?: string | undefined;
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
  configuredAffiliateId?: string | undefined;
  sub2?: string | undefined;
  sub3?: string | undefined;
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
    storedZip?: string | undefined;
    /** The visitor's IP lookup; its postal code is the last zip fallback. */
    geo?: GeoLookup;
    /** A life or health visitor consented to be contacted: their name, email and phone go too (lead-mapping.ts). */
    contactConsent?: boolean;
  };

/** A demand-check body. */
export type DemandCheckPayload = z.output<typeof DemandCheckPayloadSchema>;

/** A get-phone body. */
export type GetPhonePayload = z.output<typeof GetPhonePayloadSchema>;

/** What the browser posts to our get-phone relay: the body plus the page's path (payload-schemas.ts). */
export type GetPhoneRequest = z.output<typeof GetPhoneRequestSchema>;

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

/** The lead of `input` mapped for the marketplace, with `zipcode` in place of its own. */
function mapWithZip<P extends LeadProduct>(input: { product: P; lead: LeadFor<P>; contactConsent?: boolean | undefined }, zipcode: string | undefined): MarketplaceLead {
  // Every lead has an optional zipcode of the same rule, so replacing it keeps a LeadFor<P>.
  return mapLeadForMarketplace(input.product, { ...input.lead, zipcode }, { contactConsent: input.contactConsent === true });
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
