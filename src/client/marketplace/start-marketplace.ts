/**
 * Starts the browser's marketplace side (spec §4 "Demand check", "Phone lease", §3 ad list): the
 * demand-check executor, the leased-phone store with its lease call, and the ad list client, all
 * reading the page shown and the visitor at the moment of each call.
 */
import type { FormValuesStore } from '../../core/funnels/form-buckets.ts';
import type { Payload } from '../../core/payload/types.ts';
import type { AdsRuntime } from '../../ui/ads/ads-runtime.ts';
import type { PhoneRuntime } from '../../ui/phone/phone-runtime.ts';
import type { IpLookupLoop } from '../visitor/ip-lookup.ts';
import { createAdsClient } from './ads.ts';
import { createDemandCheck, type DemandCheck } from './demand-check.ts';
import type { LeasedPhoneStore } from './leased-phone-store.ts';
import { createPhoneLease } from './phone-lease.ts';
import { currentIpLookup, type MarketplaceVisitor } from './visitor-context.ts';

/** The marketplace side, as the runtime holds it. */
export interface Marketplace {
  demandCheck: DemandCheck;
  phone: PhoneRuntime;
  ads: AdsRuntime;
}

/** What {@link startMarketplace} needs from the rest of the runtime. */
export interface MarketplaceOptions {
  /** The navigator: the payload of the page shown. */
  pages: { getSnapshot: () => { payload: Payload } };
  forms: Pick<FormValuesStore, 'getSnapshot'>;
  ipLookup: Pick<IpLookupLoop, 'current' | 'check'>;
  /**
   * The live-lease store over the user state, started with the page (runtime.ts), so a lease
   * already recorded shows right after hydration, before this chunk is in; a new lease goes into it.
   */
  phoneStore: LeasedPhoneStore;
  /** The session's kept URL parameters (afid among them). */
  sessionParams: () => Readonly<Record<string, string | undefined>>;
  track: (event: string, props: Record<string, unknown>) => void;
}

/** Starts the marketplace side over the browser's location, clock, user agent and fetch. */
export function startMarketplace(options: MarketplaceOptions): Marketplace {
  const { pages, forms, ipLookup, phoneStore: store, sessionParams, track } = options;
  const visitor: MarketplaceVisitor = {
    payload: () => pages.getSnapshot().payload,
    ipLookup: () => currentIpLookup(ipLookup),
    href: () => location.href,
    // The address's own parameters win over the session's: it is the newer landing.
    urlParams: () => ({ ...sessionParams(), ...Object.fromEntries(new URLSearchParams(location.search)) }),
    userAgent: navigator.userAgent,
    now: () => new Date(),
    fetch: (input, init) => fetch(input, init),
  };
  return {
    demandCheck: createDemandCheck({ visitor, track }),
    phone: { subscribe: store.subscribe, getSnapshot: store.getSnapshot, lease: createPhoneLease({ visitor, forms, store }) },
    ads: createAdsClient({ visitor, forms }),
  };
}
