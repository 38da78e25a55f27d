/**
 * How the server answers a page visit, shared by the page route (GET, pages-route.ts) and the
 * no-JavaScript funnel posts (POST, funnel-post.ts): the payload's JSON twin, the streamed HTML
 * document (and the HTML cache's copy of it), and the route rules' redirects (spec §2 "A global
 * guard asks the server for a route rule for the path"), which a direct load gets from the server
 * as the navigator gets them from the build manifest.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_RULES } from '../../../routes.ts';
import type { BuildManifest } from '../../core/build-manifest.ts';
import { payloadPagePath } from '../../core/contract/page-payload.ts';
import type { PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import type { Payload } from '../../core/payload/types.ts';
import { CONTROL_CENTER_BRAND } from '../../core/router/control-center-route.ts';
import { redirectStatus, routeRuleFor, ruleRedirect, type RedirectAnswer } from '../../core/router/rules.ts';
import { assignsVariant } from '../experiments/assigned-experiment.ts';
import { issueVisitorId } from '../experiments/visitor-id.ts';
import { withPrivacyChoice } from '../privacy/privacy-choice.ts';
import type { Assets, BootData } from '../../ui/boot-data.ts';
import { templateSource } from '../../ui/templates/index.ts';
import { isSharedPayload, RENDER_CACHE_HEADER, type RenderCacheOutcome } from './html-cache.ts';
import { renderDocumentStream } from './render.tsx';
import { requestPath, type DocumentVisitor, type Visit } from './visit.ts';

/**
 * The entry and stylesheets a page links: the control center's stylesheet on its pages only
 * (visitor pages do not grow by a byte); and the chunks of the page's template, which it
 * preloads (each template is a chunk of its own, fetched alongside the entry).
 */
export function documentAssets(manifest: BuildManifest, payload: Payload): Assets {
  const { entry, css, controlCenterCss, templateChunks } = manifest.assets;
  const source = payload.kind === 'page' ? templateSource(payload.page.template) : undefined;
  const preload = source ? templateChunks[source] : undefined;
  return { entry, css: payload.brand.id === CONTROL_CENTER_BRAND ? [...css, ...controlCenterCss] : css, ...(preload ? { preload } : {}) };
}

/**
 * What a document is rendered from: the payload with the browser's privacy choice (error pages
 * built outside the payload builder, the error handler's and a refused post's, get it only here)
 * and the assets it links. The page route and `cobrand prerender` render the same boot data.
 */
export function documentBoot(payload: Payload, privacy: PrivacyChoice | undefined, manifest: BuildManifest): BootData {
  return { payload: withPrivacyChoice(payload, privacy), assets: documentAssets(manifest, payload) };
}

/** The headers of every document answer, the cache's outcome among them. */
function documentReply(reply: FastifyReply, status: number, outcome: RenderCacheOutcome): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').header('vary', 'Host').header(RENDER_CACHE_HEADER, outcome).type('text/html; charset=utf-8');
}

/**
 * Answers a `_payload.json` twin with the visit's payload, which the navigator renders as the
 * server would have. A draft preview is never stored by any cache.
 */
export function sendPayloadTwin(reply: FastifyReply, payload: Payload): FastifyReply {
  return reply.code(payload.status).header('cache-control', payload.kind === 'page' && payload.preview ? 'no-store' : 'no-cache').header('vary', 'Host').send(payload);
}

/**
 * Answers the visit from the HTML cache when `key` (documentCacheKey) is kept there: its status and
 * bytes with this response's nonce, and no payload built; the visitor's new anonymous id goes with
 * it when the kept page shows a variant assigned by it. Undefined when it is not kept.
 */
export function sendCachedDocument(request: FastifyRequest, reply: FastifyReply, visit: Pick<Visit, 'visitor'>, key: string | undefined): FastifyReply | undefined {
  const cached = key === undefined ? undefined : request.server.htmlCache?.get(key, reply.scriptNonce);
  if (cached === undefined) return undefined;
  if (cached.assignsVariant) issueVisitorId(request, visit.visitor);
  return documentReply(reply, cached.status, 'hit').send(cached.body);
}

/**
 * Renders a payload as an HTML document with its status, streamed, and keeps it under `key` (from
 * documentCacheKey; none for answers that are not a page's GET or HEAD) for the next visit when
 * the payload holds nothing of this visitor's and this is a GET (a HEAD's body is not read to its
 * end). The {@link RENDER_CACHE_HEADER} header says which.
 */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, visitor: DocumentVisitor, payload: Payload, manifest: BuildManifest, key?: string) {
  const boot = documentBoot(payload, visitor.privacy, manifest);
  const cache = request.server.htmlCache;
  const keep = cache !== undefined && key !== undefined && request.method === 'GET' && isSharedPayload(boot.payload);
  const nonce = reply.scriptNonce;
  const body = await renderDocumentStream(boot, {
    forBot: visitor.crawler,
    nonce,
    onError: (error) => request.log.error({ err: error }, 'render error'),
    ...(keep ? { onComplete: (bytes: Buffer) => cache.set(key, bytes, nonce, payload.status, assignsVariant(payload)) } : {}),
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
  // Most paths have no redirecting rule: no URL is built for them, which keeps the request path lean.
  if (!rule?.redirect) return;
  // Any origin will do: an internal target keeps only its path and query. Set piecewise, so a
  // path such as '//x' stays a path rather than naming a host.
  const from = new URL('http://page.invalid');
  from.pathname = pagePath;
  from.search = request.url.slice(path.length);
  const redirect = ruleRedirect(rule, from);
  if (!redirect) return;
  if (twinOf !== undefined) {
    const answer: RedirectAnswer = { ...rule, kind: 'redirect', redirect: rule.redirect };
    return reply.header('cache-control', 'no-cache').header('vary', 'Host').send(answer);
  }
  const location = redirect.kind === 'external' ? redirect.url.href : redirect.url.pathname + redirect.url.search;
  // no-cache: a rule is a line in routes.ts that the next deploy may change, so browsers ask again.
  return reply.code(redirectStatus(request.method)).header('location', location).header('cache-control', 'no-cache').send();
}
