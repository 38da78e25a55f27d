/**
 * What the browser's marketplace calls know about the visitor and the page, read at the moment of
 * each call, and the request fields they share (spec §7: ip, local_hour, placement_id, ua, url,
 * sub_1, sub_2, sub_3 and source).
 */
import type { MarketplaceRequestInput } from '../../core/marketplace/payloads.ts';
import type { PagePayload, Payload } from '../../core/payload/types.ts';
import type { IpLookupContext } from '../../core/tracking/context.ts';
import type { IpLookupLoop } from '../visitor/ip-lookup.ts';

/** The visitor and page as the marketplace calls see them. */
export interface MarketplaceVisitor {
  /** The payload of the page shown. */
  payload(): Payload;
  /** The visitor's IP lookup, waiting for the first answer when none came yet; null when there is none. */
  ipLookup(): Promise<IpLookupContext | null>;
  /** The full current address (location.href). */
  href(): string;
  /** The visitor's URL parameters: the session's kept ones (afid among them) and the current address's. */
  urlParams(): Readonly<Record<string, string | undefined>>;
  userAgent: string;
  now(): Date;
  fetch: typeof fetch;
}

/** The shown page and the request fields the marketplace calls share. */
export interface MarketplaceRequest {
  page: PagePayload;
  geo: IpLookupContext | null;
  input: MarketplaceRequestInput;
}

/**
 * The IP lookup of `loop` now: its latest answer, or, before the first one, the answer of a check
 * made now (one already in flight is shared). Never rejects: the loop ignores failures (spec §8).
 */
export async function currentIpLookup(loop: Pick<IpLookupLoop, 'current' | 'check'>): Promise<IpLookupContext | null> {
  if (loop.current() === null) await loop.check();
  return loop.current();
}

/**
 * The shared request fields, or undefined when a marketplace call cannot be made: the page is an
 * error page, no placement id is configured, or the visitor's IP address is unknown (both are
 * required fields; the server would refuse the payload).
 */
export async function marketplaceRequest(visitor: MarketplaceVisitor): Promise<MarketplaceRequest | undefined> {
  const page = visitor.payload();
  if (page.kind !== 'page' || !page.marketplace?.placementId) return undefined;
  const geo = await visitor.ipLookup();
  if (!geo?.value) return undefined;
  const urlParams = visitor.urlParams();
  const input: MarketplaceRequestInput = {
    ip: geo.value,
    // The visitor's own clock: the hour of day where the visitor is.
    localHour: visitor.now().getHours(),
    ua: visitor.userAgent,
    url: visitor.href(),
    placementId: page.marketplace.placementId,
    urlParams,
    // The affiliate's sub-ids, as the URL (or an earlier page of the visit) gave them.
    sub2: urlParams.sub_2,
    sub3: urlParams.sub_3,
    ...(page.marketplace.affiliateId ? { configuredAffiliateId: page.marketplace.affiliateId } : {}),
  };
  return { page, geo, input };
}

/** POSTs `body` as JSON to one of our /api routes; resolves to the answer's JSON, rejects on any failure or non-2xx. */
export async function postJson(request: typeof fetch, path: string, body: unknown): Promise<unknown> {
  const response = await request(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`${path} answered HTTP ${response.status}`);
  }
  return (await response.json()) as unknown;
}
