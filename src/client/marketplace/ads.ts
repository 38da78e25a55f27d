/**
 * The ad list in the browser (spec §3 "Ad list response"): asks our server's ad relay for the
 * marketplace's ads for this visitor. Anything but a valid ad list reads as no ads.
 */
import type { AdsRequest } from '../../core/contract/ads.ts';
import { ADS_PATH } from '../../core/contract/paths.ts';
import { expectValid } from '../../core/check/check.ts';
import { isAdsAnswer } from '../../core/contract/checks.ts';
import type { FormValuesStore } from '../../core/funnels/form-buckets.ts';
import type { AdsRuntime } from '../../ui/ads/ads-runtime.ts';
import { postJson, type MarketplaceVisitor } from './visitor-context.ts';
import { visitorLead, visitorLine, visitorZip } from './visitor-zip.ts';

/** What {@link createAdsClient} needs. */
export interface AdsClientOptions {
  visitor: MarketplaceVisitor;
  forms: Pick<FormValuesStore, 'getSnapshot'>;
}

/**
 * The request body for the shown page, or undefined on an error page. The zip follows the
 * get-phone rule (form, stored, IP lookup); sub_1 is the URL's afid (the server falls back to
 * the configured affiliate id).
 */
export async function adsRequestBody(visitor: MarketplaceVisitor, forms: Pick<FormValuesStore, 'getSnapshot'>): Promise<AdsRequest | undefined> {
  const page = visitor.payload();
  if (page.kind !== 'page') return undefined;
  const { lead, storedZip } = visitorLead(visitorLine(page), page, forms.getSnapshot());
  const zip = visitorZip(lead, storedZip, (await visitor.ipLookup())?.postalCode);
  const afid = visitor.urlParams().afid;
  return { ...(zip ? { zip } : {}), url: visitor.href(), local_hour: visitor.now().getHours(), ...(afid ? { sub_1: afid } : {}) };
}

/** The ads runtime: one relay call per list asked for. */
export function createAdsClient(options: AdsClientOptions): AdsRuntime {
  const { visitor, forms } = options;
  return {
    async fetchAds() {
      try {
        const body = await adsRequestBody(visitor, forms);
        if (!body) return undefined;
        return expectValid(isAdsAnswer, await postJson(visitor.fetch, ADS_PATH, body), 'an ads answer').parsed;
      } catch {
        return undefined;
      }
    },
  };
}
