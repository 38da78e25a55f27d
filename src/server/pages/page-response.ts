/**
 * How the server answers a page request, shared by the page route (GET, pages.ts) and the
 * no-JavaScript funnel posts (POST, funnel-post.ts): the payload of a path, the streamed HTML
 * document, and the route rules' redirects (spec §2 "A global guard asks the server for a route
 * rule for the path"), which a direct load gets from the server as the navigator gets them from
 * the build manifest.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES, ROUTE_RULES } from '../../../routes.ts';
import type { Brand } from '../../../brands/types.ts';
import type { BuildManifest } from '../../core/build-manifest.ts';
import { payloadPagePath } from '../../core/contract/page-payload.ts';
import { productLine } from '../../core/marketplace/product-line.ts';
import { omitUndefined } from '../../core/marketplace/omit-undefined.ts';
import { withReviewQuotes } from '../../core/content/review-quotes.ts';
import { loadPayload } from '../../core/payload/load.ts';
import type { PageMarketplace, Payload } from '../../core/payload/types.ts';
import { CONTROL_CENTER_BRAND } from '../../core/router/control-center-route.ts';
import { createMatcher } from '../../core/router/match.ts';
import { redirectStatus, routeRuleFor, ruleRedirect, type RedirectAnswer } from '../../core/router/rules.ts';
import type { MarketplaceEnv } from '../marketplace/marketplace-env.ts';
import { brandWithPhone, type PhonesEnv } from '../marketplace/phones-env.ts';
import { configuredPlacement } from '../marketplace/server-fields.ts';
import { withPublishedArticle } from './published-article.ts';
import { withPublishedContent } from './published-page.ts';
import { withExperiment } from '../experiments/assigned-experiment.ts';
import { withPhoneRule } from './phone-rule.ts';
import { withPrivacyChoice } from '../privacy/privacy-choice.ts';
import type { Assets } from '../../ui/boot-data.ts';
import { templateSource } from '../../ui/templates/index.ts';
import { documentCacheKey, isSharedPayload, RENDER_CACHE_HEADER, type RenderCacheOutcome } from './html-cache.ts';
import { isBotUserAgent, renderDocumentStream } from './render.tsx';

const matcher = createMatcher(ROUTES);

/** The request's query parameters that have one string value. */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const query = request.query as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The request's path, without the query string. */
export function requestPath(request: FastifyRequest): string {
  return request.url.split('?')[0]!;
}

/** What page payloads are built from: this build and the marketplace variables. */
export interface PagesOptions {
  manifest: BuildManifest;
  /** The marketplace variables, and the brands' default numbers (BRAND_PHONE_<ID>, env/phones.ts). */
  vars: MarketplaceEnv & Partial<PhonesEnv>;
  /** The clock working hours are judged by; tests set a time outside the hours instead of waiting for one. */
  now?: () => Date;
  /** Production: the no-JavaScript visitor's cookies are Secure whatever the request's protocol says. */
  production?: boolean;
}

/**
 * The marketplace facts of `brand`'s pages: the placement id of its product line and the
 * configured affiliate id; undefined when neither is configured.
 */
export function pageMarketplace(vars: MarketplaceEnv, brand: Pick<Brand, 'id'>): PageMarketplace | undefined {
  const facts = omitUndefined({ placementId: configuredPlacement(vars, productLine(brand.id)), affiliateId: vars.MEDIAALPHA_AFFILIATE_ID });
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** How many payloads {@link requestPayload} built in this process. */
let builtPayloads = 0;

/** How many payloads this process built: tests see that an HTML cache hit builds none. */
export function payloadsBuilt(): number {
  return builtPayloads;
}

/**
 * The payload of `path` for this request's brand and query: the pure loader's, with the
 * staff's published fields (issue 12), the visitor's experiment variant and the visit's phone rule (issue 13) and the marketplace facts added to a page and the browser's
 * privacy choice (issue 11) to any payload.
 * The one builder behind every HTML page, its JSON twin and the no-JavaScript funnel pages, so
 * all three carry the same payload.
 */
export async function requestPayload(request: FastifyRequest, path: string, options: PagesOptions): Promise<Payload> {
  builtPayloads++;
  const loaded = loadPayload(matcher, { brand: brandWithPhone(request.brand!, options.vars), path, query: queryOf(request), buildId: options.manifest.id, ...(options.now ? { now: options.now() } : {}) });
  if (loaded.kind !== 'page') return withPrivacyChoice(request, await withPhoneRule(request, loaded, options.now?.() ?? new Date()));
  // Issue 12: what staff published in the control center (or the draft a preview link shows).
  // Issue 12 "Articles": an article route shows its published article, or answers 404.
  // Issue 13: the visitor's variant of a running experiment, over the published fields.
  const payload = await withPublishedArticle(request, await withExperiment(request, await withPublishedContent(request, loaded)));
  if (payload.kind !== 'page') return withPrivacyChoice(request, payload);
  // Issue 13: the number of the visit's phone rule (afid), in place of the brand's default.
  // Issue 11: the review strip's quotes of the brand's own carrier reviews.
  const ruled = withReviewQuotes(await withPhoneRule(request, payload, options.now?.() ?? new Date()));
  const marketplace = pageMarketplace(options.vars, ruled.brand);
  return withPrivacyChoice(request, marketplace ? { ...ruled, marketplace } : ruled);
}

/**
 * The entry and stylesheets a page links: the control center's stylesheet on its pages only
 * (issue 12: visitor pages do not grow by a byte); and the chunks of the page's template, which
 * it preloads (issue 14: each template is a chunk of its own, fetched alongside the entry).
 */
export function documentAssets(manifest: BuildManifest, payload: Payload): Assets {
  const { entry, css, controlCenterCss, templateChunks } = manifest.assets;
  const source = payload.kind === 'page' ? templateSource(payload.page.template) : undefined;
  const preload = source ? templateChunks[source] : undefined;
  return { entry, css: payload.brand.id === CONTROL_CENTER_BRAND ? [...css, ...controlCenterCss] : css, ...(preload ? { preload } : {}) };
}

/** The headers of every document answer, the cache's outcome among them. */
function documentReply(reply: FastifyReply, status: number, outcome: RenderCacheOutcome): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').header('vary', 'Host').header(RENDER_CACHE_HEADER, outcome).type('text/html; charset=utf-8');
}

/**
 * The HTML cache key of a page request (pages/html-cache.ts), worked out before its payload is
 * built; undefined when the process keeps no HTML or the answer is this visitor's.
 */
export async function requestCacheKey(request: FastifyRequest, path: string, options: PagesOptions): Promise<string | undefined> {
  if (request.server.htmlCache === undefined) return undefined;
  return documentCacheKey(request, path, { buildId: options.manifest.id, now: options.now?.() ?? new Date(), route: matcher.match(request.brand!.id, path)?.route });
}

/**
 * Answers `request` from the HTML cache when `key` is kept there: its status and bytes with this
 * response's nonce, and no payload built. Undefined when it is not kept.
 */
export function sendCachedDocument(request: FastifyRequest, reply: FastifyReply, key: string | undefined): FastifyReply | undefined {
  const cached = key === undefined ? undefined : request.server.htmlCache?.get(key, reply.scriptNonce);
  return cached && documentReply(reply, cached.status, 'hit').send(cached.body);
}

/**
 * Renders a payload as an HTML document with its status, streamed, and keeps it under `key` (from
 * {@link requestCacheKey}; none for answers that are not a page's GET or HEAD) for the next request
 * when the payload holds nothing of this visitor's and this is a GET (a HEAD's body is not read
 * to its end). The {@link RENDER_CACHE_HEADER} header says which.
 */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, payload: Payload, manifest: BuildManifest, key?: string) {
  // Error pages built outside requestPayload get the browser's privacy choice here (issue 11).
  const boot = { payload: withPrivacyChoice(request, payload), assets: documentAssets(manifest, payload) };
  const cache = request.server.htmlCache;
  const keep = cache !== undefined && key !== undefined && request.method === 'GET' && isSharedPayload(boot.payload);
  const nonce = reply.scriptNonce;
  const body = await renderDocumentStream(boot, {
    forBot: isBotUserAgent(request.headers['user-agent']),
    nonce,
    onError: (error) => request.log.error({ err: error }, 'render error'),
    ...(keep ? { onComplete: (bytes: Buffer) => cache.set(key, bytes, nonce, payload.status) } : {}),
  });
  return documentReply(reply, payload.status, keep ? 'miss' : 'bypass').send(body);
}

/**
 * Answers the route rule of the requested path when it redirects, before the body is read; an
 * `onRequest` hook of every page route. A page answers 301 (GET, HEAD) or 308 (other methods,
 * which keeps the method and body) with its Location; a `_payload.json` twin answers the rule as
 * JSON ({@link RedirectAnswer}), which the navigator follows as it follows a manifest rule.
 * Paths without a redirecting rule pass on to the route's handler.
 */
export async function answerRouteRule(request: FastifyRequest, reply: FastifyReply) {
  const path = requestPath(request);
  const twinOf = request.method === 'GET' || request.method === 'HEAD' ? payloadPagePath(path) : undefined;
  const pagePath = twinOf ?? path;
  const rule = routeRuleFor(ROUTE_RULES, pagePath);
  // Most paths have no redirecting rule: no URL is built for them (issue 14 "Lean request path").
  if (!rule?.redirect) return;
  // Any origin will do: an internal target keeps only its path and query. Set piecewise, so a
  // path such as '//x' stays a path rather than naming a host.
  const from = new URL('http://page.invalid');
  from.pathname = pagePath;
  from.search = request.url.slice(path.length);
  const redirect = ruleRedirect(rule, from);
  if (!redirect) return;
  if (twinOf !== undefined) {
    const answer: RedirectAnswer = { ...rule, kind: 'redirect', redirect: rule!.redirect! };
    return reply.header('cache-control', 'no-cache').header('vary', 'Host').send(answer);
  }
  const location = redirect.kind === 'external' ? redirect.url.href : redirect.url.pathname + redirect.url.search;
  // no-cache: a rule is a line in routes.ts that the next deploy may change, so browsers ask again.
  return reply.code(redirectStatus(request.method)).header('location', location).header('cache-control', 'no-cache').send();
}
