import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTES } from '../../../routes.ts';
import type { Brand } from '../../../brands/types.ts';
import type { BuildManifest } from '../../core/build-manifest.ts';
import { productLine } from '../../core/marketplace/product-line.ts';
import { omitUndefined } from '../../core/marketplace/omit-undefined.ts';
import { errorPayload } from '../../core/payload/errors.ts';
import { loadPayload } from '../../core/payload/load.ts';
import type { PageMarketplace, Payload } from '../../core/payload/types.ts';
import { createMatcher } from '../../core/router/match.ts';
import type { MarketplaceEnv } from '../env/marketplace.ts';
import { configuredPlacement } from '../marketplace/server-fields.ts';
import { isBotUserAgent, renderDocumentStream } from '../render.tsx';

/** Suffix of the JSON twin of every page, fetched by client navigation (spec §7). */
export const PAYLOAD_SUFFIX = '/_payload.json';

const matcher = createMatcher(ROUTES);

/** The request's query parameters that have one string value. */
export function queryOf(request: FastifyRequest): Record<string, string> {
  const query = request.query as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** What page payloads are built from: this build and the marketplace variables. */
export interface PagesOptions {
  manifest: BuildManifest;
  vars: MarketplaceEnv;
  /** The clock working hours are judged by; tests set a time outside the hours instead of waiting for one. */
  now?: () => Date;
}

/**
 * The marketplace facts of `brand`'s pages: the placement id of its product line and the
 * configured affiliate id; undefined when neither is configured.
 */
export function pageMarketplace(vars: MarketplaceEnv, brand: Pick<Brand, 'id'>): PageMarketplace | undefined {
  const facts = omitUndefined({ placementId: configuredPlacement(vars, productLine(brand.id)), affiliateId: vars.MEDIAALPHA_AFFILIATE_ID });
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/**
 * The payload of `path` for this request's brand and query: the pure loader's, with the
 * marketplace facts added to a page. The one builder behind every HTML page, its JSON twin and
 * the no-JavaScript funnel pages, so all three carry the same payload.
 */
export function requestPayload(request: FastifyRequest, path: string, options: PagesOptions): Payload {
  const payload = loadPayload(matcher, { brand: request.brand!, path, query: queryOf(request), buildId: options.manifest.id, ...(options.now ? { now: options.now() } : {}) });
  if (payload.kind !== 'page') return payload;
  const marketplace = pageMarketplace(options.vars, payload.brand);
  return marketplace ? { ...payload, marketplace } : payload;
}

/** Renders a payload as a streamed HTML document with its status. */
export async function sendDocument(request: FastifyRequest, reply: FastifyReply, payload: Payload, manifest: BuildManifest) {
  const stream = await renderDocumentStream(
    { payload, assets: manifest.assets },
    { forBot: isBotUserAgent(request.headers['user-agent']), onError: (error) => request.log.error({ err: error }, 'render error') },
  );
  return reply
    .code(payload.status)
    .header('cache-control', 'no-store')
    .header('vary', 'Host')
    .type('text/html; charset=utf-8')
    .send(stream);
}

/**
 * Every page and its `_payload.json` twin. The payload is built by the same pure loader for both,
 * so the client navigates with exactly what the server would have rendered.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const { manifest } = options;

  app.get('/*', async (request, reply) => {
    const [rawPath] = request.url.split('?') as [string];
    if (rawPath.endsWith(PAYLOAD_SUFFIX)) {
      const pagePath = rawPath.slice(0, -PAYLOAD_SUFFIX.length) || '/';
      const payload = requestPayload(request, pagePath, options);
      return reply.code(payload.status).header('cache-control', 'no-cache').header('vary', 'Host').send(payload);
    }
    return sendDocument(request, reply, requestPayload(request, rawPath, options), manifest);
  });

  app.setErrorHandler(async (error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const wantsHtml = !request.url.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || !request.brand) {
      return reply.code(status).send({ error: status >= 500 ? 'Internal Server Error' : (error as Error).message, statusCode: status });
    }
    return sendDocument(request, reply, errorPayload(request.brand, request.url.split('?')[0]!, manifest.id, status), manifest);
  });
}
