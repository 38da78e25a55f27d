/**
 * The ad-list relay: POST /api/mediaalpha/ads is what the /ads funnels' last step asks for the
 * marketplace's ads (spec §3 "Ad list response"). The browser sends where the visitor is
 * ({@link AdsRequestSchema}); the server adds what only it knows or decides (API token,
 * placement id, product line, affiliate id, the visitor's IP and user agent), forwards it to
 * MEDIAALPHA_ADS_URL and answers `{ parsed, raw }`. Same rules as the other marketplace routes
 * (src/server/plugins/marketplace.ts): 400 `{ error, problems }` on bad input, 502 with a
 * one-line `error` on any upstream failure (an answer that is not an ad list included), 503 when
 * unconfigured, the exchange recorded with PII redacted.
 */
import type { FastifyInstance } from 'fastify';
import { Agent } from 'undici';
import * as z from 'zod';
import { MARKETPLACE_VERSION } from '../../core/marketplace/constants.ts';
import { productLine } from '../../core/marketplace/product-line.ts';
import { AdListResponseSchema } from '../../core/marketplace/responses.ts';
import { omitUndefined } from '../../core/marketplace/omit-undefined.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';
import type { MarketplaceEnv } from '../env/marketplace.ts';
import { exchangeForVisitor } from '../marketplace/exchange.ts';
import { configuredPlacement } from '../marketplace/server-fields.ts';

/** The browser-facing ad-list route. */
export const ADS_ROUTE = '/api/mediaalpha/ads';

/**
 * How many ads one list asks for. The ads step is read on phones by older visitors: five is a
 * screenful or two, enough choice without an endless scroll.
 */
export const AD_LIST_MAX = 5;

/** What the browser sends: where the visitor is and which page asks. Unknown keys are refused. */
export const AdsRequestSchema = z.strictObject({
  /** The visitor's ZIP code: the form's, else the stored one, else the IP lookup's. */
  zip: z.string().regex(/^\d{5}$/, { error: 'zip must be 5 digits' }).optional(),
  /** The full address of the page showing the ads. */
  url: z.url({ protocol: /^https?$/ }),
  /** The visitor's local hour of the day, 0 to 23. */
  local_hour: z.int().min(0).max(23),
  /** The URL's afid; the configured affiliate id is used when absent. */
  sub_1: z.string().min(1).optional(),
});

/** A browser's ad-list request. */
export type AdsRequest = z.output<typeof AdsRequestSchema>;

/** Registers POST /api/mediaalpha/ads; reads MEDIAALPHA_ADS_URL and the marketplace variables. */
export async function adsPlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  answerBadRequestsAsJson(app);
  // One pool for this app's upstream calls, closed with the app so no socket outlives it.
  const dispatcher = new Agent();
  app.addHook('onClose', () => dispatcher.close());

  app.post(ADS_ROUTE, async (request, reply) => {
    const input = AdsRequestSchema.safeParse(request.body);
    if (!input.success) return sendBadRequest(reply, 'invalid ads request', zodProblems(input.error));
    const url = vars.MEDIAALPHA_ADS_URL;
    if (url === undefined) return reply.code(503).send({ error: 'MEDIAALPHA_ADS_URL is not configured' });
    // The brand plugin answers every /api/ request of an unknown host, so a brand is set here.
    const product = productLine(request.brand!.id);
    const body = omitUndefined({
      placement_id: configuredPlacement(vars, product),
      version: MARKETPLACE_VERSION,
      product,
      zip: input.data.zip,
      max: AD_LIST_MAX,
      ip: request.ip,
      ua: request.headers['user-agent'] ?? '',
      url: input.data.url,
      local_hour: input.data.local_hour,
      sub_1: input.data.sub_1 ?? vars.MEDIAALPHA_AFFILIATE_ID,
    });
    const outcome = await exchangeForVisitor(request, reply, {
      kind: 'ads',
      url,
      body,
      timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
      dispatcher,
      ...(vars.MEDIAALPHA_API_TOKEN ? { token: vars.MEDIAALPHA_API_TOKEN } : {}),
    });
    if (!outcome.ok) return reply.code(502).send({ error: outcome.error });
    // Checked here so the browser is never handed something that only looks like an ad list.
    const list = AdListResponseSchema.safeParse(outcome.parsed);
    if (!list.success) {
      return reply.code(502).send({ error: `upstream answer is not an ad list (${zodProblems(list.error).slice(0, 3).join('; ')})` });
    }
    return reply.send({ parsed: outcome.parsed, raw: outcome.raw });
  });
}
