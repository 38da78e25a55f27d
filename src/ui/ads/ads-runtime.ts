/**
 * What the ads step asks of the browser: the marketplace's ad list for the current visitor
 * (spec §3 "Ad list response"). src/client provides the real one; the server never fetches ads,
 * the list is shown only once the page runs in the browser.
 */
import type { AdListResponse } from '../../core/marketplace/responses.ts';

/** Fetches ad lists. */
export interface AdsRuntime {
  /** The ad list for the current page's visitor, or undefined when none could be had; never rejects. */
  fetchAds(): Promise<AdListResponse | undefined>;
}

/** The ads runtime while rendering on the server: no ads. */
export const SERVER_ADS: AdsRuntime = {
  fetchAds: async () => undefined,
};
