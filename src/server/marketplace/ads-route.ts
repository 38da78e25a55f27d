/**
 * The ad-list relay (core/contract/ads.ts): POST /api/mediaalpha/ads is what the /ads funnels'
 * last step asks for the marketplace's ads (spec §3 "Ad list response"). The browser sends where
 * the visitor is (AdsRequestSchema); the server adds what only it knows or decides (API
 * token, placement id, product line, affiliate id, the visitor's IP and user agent), forwards it
 * to MEDIAALPHA_ADS_URL with the page's language (AD_LANGUAGE_FIELD) and answers `{ parsed, raw }`. Same rules as the other marketplace routes
 * (src/server/marketplace/relay-route.ts): 400 `{ error, problems }` on bad input, 502 with a
 * one-line `error` on any upstream failure (an answer that is not an ad list included), 503 when
 * unconfigured, the exchange recorded with PII redacted.
 */
import type { FastifyInstance } from 'fastify';
import { ADS, type AdsAnswer } from '../../core/contract/ads.ts';
import { AD_LANGUAGE_FIELD, MARKETPLACE_VERSION } from '../../core/marketplace/constants.ts';
import { omitUndefined } from '../../core/marketplace/omit-undefined.ts';
import { AdListResponseSchema } from '../../core/marketplace/response-schemas.ts';
import { zodProblems } from '../platform/http/bad-request.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';
import { pageLanguageOf, pathOfUrl, requestLine } from './page-line.ts';
import { routeMarketplaceRelay } from './relay-route.ts';
import { configuredPlacement } from './server-fields.ts';

/**
 * How many ads one list asks for. The ads step is read on phones by older visitors: five is a
 * screenful or two, enough choice without an endless scroll.
 */
export const AD_LIST_MAX = 5;

/** Registers POST /api/mediaalpha/ads; reads MEDIAALPHA_ADS_URL and the marketplace variables. */
export async function adsPlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  routeMarketplaceRelay(app, ADS, vars, {
    kind: 'ads',
    urlVariable: 'MEDIAALPHA_ADS_URL',
    body(input, request) {
      // The line and language of the page showing the ads, from the route table: a life page gets
      // life ads, a Spanish page asks for Spanish ones.
      const path = pathOfUrl(input.url);
      const product = requestLine(request, path);
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
      const language = pageLanguageOf(request.brand!.id, path);
      return omitUndefined({
        placement_id: configuredPlacement(vars, product),
        version: MARKETPLACE_VERSION,
        product,
        zip: input.zip,
        max: AD_LIST_MAX,
        ip: request.ip,
        ua: request.headers['user-agent'] ?? '',
        url: input.url,
        local_hour: input.local_hour,
        sub_1: input.sub_1 ?? vars.MEDIAALPHA_AFFILIATE_ID,
        [AD_LANGUAGE_FIELD]: language,
      });
    },
    answer({ parsed, raw }) {
      // Checked here so the browser is never handed something that only looks like an ad list.
      const list = AdListResponseSchema.safeParse(parsed);
      if (!list.success) return { ok: false, error: `upstream answer is not an ad list (${zodProblems(list.error).slice(0, 3).join('; ')})` };
      // `parsed` as the upstream sent it (keys the schema does not read kept), so it equals JSON.parse(raw).
      return { ok: true, body: { parsed: parsed as AdsAnswer['parsed'], raw } satisfies AdsAnswer };
    },
  });
}
