/**
 * The ads come from a third party, so nothing in them is trusted: a link is shown only when its
 * protocol is the one it should have, and the ad events carry a short summary of each ad.
 */
import type { ListedAd } from '../../core/marketplace/responses.ts';

/** The marketplace the ads come from, sent as the ad events' `provider` (spec §3 ad events). */
export const AD_PROVIDER = 'mediaalpha';

/** `url` when it is an absolute http(s) URL, else undefined (javascript:, data: and relative URLs are refused). */
export function webUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** `url` when it is a tel: URI of a dialable number (digits, an optional leading +), else undefined. */
export function telUrl(url: string): string | undefined {
  return /^tel:\+?\d{3,15}$/.test(url) ? url : undefined;
}

/** An ad as shown: only ads whose click URL is a web URL are shown at all. */
export interface ShownAd {
  ad: ListedAd;
  /** 1-based position in the list, as the auction ranked it. */
  position: number;
  clickUrl: string;
  callUrl?: string;
  imageUrl?: string;
  /** A sharper image for high-density screens, when the ad has one. */
  imageUrl2x?: string;
}

/** The ads that can be shown, in order, with their checked links. */
export function shownAds(ads: readonly ListedAd[]): ShownAd[] {
  const shown: ShownAd[] = [];
  for (const ad of ads) {
    const clickUrl = webUrl(ad.click_url);
    if (!clickUrl) continue;
    const callUrl = telUrl(ad.call_url);
    const imageUrl = webUrl(ad.small_image_url);
    const imageUrl2x = webUrl(ad.medium_image_url);
    shown.push({ ad, position: shown.length + 1, clickUrl, ...(callUrl ? { callUrl } : {}), ...(imageUrl ? { imageUrl } : {}), ...(imageUrl2x ? { imageUrl2x } : {}) });
  }
  return shown;
}

/**
 * What the ad events say about one ad: its id, carrier, bid, copy and position; not the
 * impression HTML (markup, not a fact about the ad) nor the image URLs.
 */
export function adSummary(shown: ShownAd): Record<string, unknown> {
  const { ad, position } = shown;
  return { adId: ad.ad_id, carrier: ad.carrier, bid: ad.bid, headline: ad.headline, displayUrl: ad.display_url, clickUrl: shown.clickUrl, position };
}

/**
 * The data attributes of an ad's element as a flat record of strings, named as the DOM's
 * `dataset` names them: the adClicked `dataset` of the Medicare-advantage case (spec §3).
 */
export function adDataset(adElement: HTMLElement): Record<string, string> {
  const dataset: Record<string, string> = {};
  for (const [name, value] of Object.entries(adElement.dataset)) if (value !== undefined) dataset[name] = value;
  return dataset;
}
