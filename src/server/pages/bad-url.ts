/**
 * Addresses whose percent-encoding does not decode (`/%E0%A4%A`, a link cut short on its way).
 * Fastify's router refuses them before any hook runs, so its own answer is a bare JSON 400 with
 * no brand, no security headers and no page. Instead, the refused request is routed again under
 * an address that decodes (every `%` escaped), remembered as a bad one; the hook of
 * {@link badUrlPlugin}, which runs right after the brand lookup, answers it: the brand's error
 * page with status 400 for a visitor asking for HTML, the API's JSON 400 otherwise.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../core/contract/endpoint.ts';
import { badUrlPayload } from '../../core/payload/errors.ts';
import { brandWithPhone } from '../marketplace/phones-env.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { sendDocument } from './page-response.ts';
import type { PagesOptions } from './pages-options.ts';
import { readDocumentVisitor } from './visit.ts';

/** The refused requests routed again, with the path as it was asked for. */
const badPaths = new WeakMap<IncomingMessage, string>();

/** The error code of Fastify's router for an address that does not decode. */
const BAD_URL_CODE = 'FST_ERR_BAD_URL';

/** `url` with every `%` of its path escaped, so it decodes to the very characters asked for; the query stays as it is. */
function decodableUrl(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replaceAll('%', '%25') + (query === -1 ? '' : url.slice(query));
}

/**
 * Fastify's `frameworkErrors` option: a bad address is routed again (see the module comment);
 * any other error of the router is answered as Fastify answers it without this option.
 *
 * @example
 * Fastify({ frameworkErrors: routeBadUrlAgain });
 */
export function routeBadUrlAgain(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  // Routed again once only: an address still refused then (never expected) gets Fastify's answer.
  if (error.code !== BAD_URL_CODE || raw.url === undefined || badPaths.has(raw)) {
    void reply.code(error.statusCode ?? 500).send(error);
    return;
  }
  const asked = raw.url;
  badPaths.set(raw, asked.split('?')[0] ?? asked);
  raw.url = decodableUrl(asked);
  request.server.routing(raw, reply.raw);
}

/** Whether a page (not the API) is asked for, by a visitor who takes HTML. */
function wantsPage(request: FastifyRequest, path: string): boolean {
  return !path.startsWith(API_PREFIX) && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The hook answering a bad address routed again: after the brand lookup (its unknown-host page
 * comes first) and the security headers, before any route's own hooks or body. Registered as the
 * brand lookup is, for every route declared after it.
 */
export const badUrlPlugin = fp(async function badUrlPlugin(app: FastifyInstance, options: Pick<PagesOptions, 'manifest' | 'vars'>) {
  app.addHook('onRequest', async (request, reply) => {
    const path = badPaths.get(request.raw);
    if (path === undefined) return;
    if (!request.brand || !wantsPage(request, path)) return sendBadRequest(reply, 'Bad request', ['the address is not valid: its percent-encoding does not decode']);
    const payload = badUrlPayload(brandWithPhone(request.brand, options.vars), path, options.manifest.id);
    return sendDocument(request, reply, readDocumentVisitor(request), payload, options.manifest);
  });
});
