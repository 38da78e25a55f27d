import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../core/contract/endpoint.ts';
import { errorPayload } from '../../core/payload/errors.ts';
import { assignsVariant } from '../experiments/assigned-experiment.ts';
import { issueVisitorId } from '../experiments/visitor-id.ts';
import { funnelPageState } from '../funnels/funnel-post.ts';
import { brandWithPhone } from '../marketplace/phones-env.ts';
import { documentCacheKey } from './html-cache.ts';
import { answerRouteRule, sendCachedDocument, sendDocument, sendPayloadTwin } from './page-response.ts';
import type { PagesOptions } from './pages-options.ts';
import { keepVisitAfid } from './phone-rule.ts';
import { openSiteContent } from './site-content.ts';
import { readDocumentVisitor, readVisit, requestPath } from './visit.ts';
import { visitPayload } from './visit-payload.ts';

/**
 * Every page and its `_payload.json` twin, on one catch-all GET route (HEAD comes with it). A page
 * answer is one pipeline: read the visit, work out its HTML-cache key, answer a kept page, else
 * build the payload and render it (keeping the HTML when it is shared). The twin's payload comes
 * from the same builder, so the client navigates with exactly what the server would have
 * rendered; a funnel page's HTML also carries the no-JavaScript visitor's form state
 * (funnel-post.ts). A path whose route rule redirects is answered before any of this.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const { manifest } = options;

  app.get('/*', { onRequest: answerRouteRule }, async (request, reply) => {
    const visit = await readVisit(request, options);
    const content = openSiteContent({ store: request.server.store, vars: options.vars, log: request.log });
    if (visit.twin) {
      const payload = await visitPayload(visit, content);
      if (assignsVariant(payload)) issueVisitorId(request, visit.visitor);
      return sendPayloadTwin(reply, payload);
    }
    // The visit's afid, for its later pages' phone rule: set by the page that landed with it.
    keepVisitAfid(reply, visit);
    // A kept page is answered before its payload is built.
    const key = request.server.htmlCache === undefined ? undefined : await documentCacheKey(visit, content);
    const cached = sendCachedDocument(request, reply, visit, key);
    if (cached) return cached;
    const payload = await visitPayload(visit, content);
    if (assignsVariant(payload)) issueVisitorId(request, visit.visitor);
    return sendDocument(request, reply, visit, await funnelPageState(request, visit, payload), manifest, key);
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
    return sendDocument(request, reply, readDocumentVisitor(request), errorPayload(brandWithPhone(request.brand, options.vars), requestPath(request), manifest.id, status), manifest);
  });
}
