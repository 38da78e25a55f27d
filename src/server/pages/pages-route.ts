import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../core/contract/endpoint.ts';
import { payloadPagePath } from '../../core/contract/page-payload.ts';
import { errorPayload } from '../../core/payload/errors.ts';
import { brandWithPhone } from '../marketplace/phones-env.ts';
import { answerRouteRule, requestCacheKey, requestPath, requestPayload, sendCachedDocument, sendDocument, type PagesOptions } from './page-response.ts';
import { funnelPageState } from '../funnels/funnel-post.ts';
import { keepVisitAfid } from './phone-rule.ts';

/**
 * Every page and its `_payload.json` twin, on one catch-all GET route (HEAD comes with it). The
 * payload is built by the same pure loader for both, so the client navigates with exactly what
 * the server would have rendered; a funnel page's HTML also carries the no-JavaScript visitor's
 * form state (funnel-post.ts). A path whose route rule redirects is answered before any of this.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const { manifest } = options;

  app.get('/*', { onRequest: answerRouteRule }, async (request, reply) => {
    const path = requestPath(request);
    const twinOf = payloadPagePath(path);
    if (twinOf !== undefined) {
      const payload = await requestPayload(request, twinOf, options);
      // A draft preview (issue 12) is never stored by any cache.
      return reply.code(payload.status).header('cache-control', payload.kind === 'page' && payload.preview ? 'no-store' : 'no-cache').header('vary', 'Host').send(payload);
    }
    // The visit's afid, for its later pages' phone rule (issue 13): set by the page that landed with it.
    keepVisitAfid(request, reply, options.production ?? false);
    // Issue 14: a kept page is answered before its payload is built.
    const key = await requestCacheKey(request, path, options);
    const cached = sendCachedDocument(request, reply, key);
    if (cached) return cached;
    const payload = await funnelPageState(request, await requestPayload(request, path, options), path);
    return sendDocument(request, reply, payload, manifest, key);
  });

  // Other methods on a page path: a route rule's redirect (308) answers them, anything else is
  // not found, as with no route at all. Both in onRequest, before a body is read (or refused).
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/*',
    onRequest: async (request, reply) => (await answerRouteRule(request, reply)) ?? reply.callNotFound(),
    handler: async (_request, reply) => reply.callNotFound(),
  });

  app.setErrorHandler(async (error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const wantsHtml = !request.url.startsWith(API_PREFIX) && (request.headers.accept ?? '').includes('text/html');
    if (!wantsHtml || !request.brand) {
      return reply.code(status).send({ error: status >= 500 ? 'Internal Server Error' : (error as Error).message, statusCode: status });
    }
    return sendDocument(request, reply, errorPayload(brandWithPhone(request.brand, options.vars), requestPath(request), manifest.id, status), manifest);
  });
}
