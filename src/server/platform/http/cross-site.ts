/**
 * Who started a request, as the browser says: a page of this same site, or another site. Used to
 * refuse state changes another site's page makes a visitor's browser send (a forged form post):
 * the control center's writes, and the visitor endpoints that capture a lead or keep a visitor's
 * answers.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * True when the browser says this request was started by another site: an `Origin` that is not
 * this request's own (`Origin: null`, a sandboxed frame or a file, included), or `Sec-Fetch-Site`
 * saying cross-site or same-site (another subdomain). A request with neither header is a script's
 * or an old browser's, and passes.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`) return true;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * A preValidation hook: 403 `{ error, problems }` for a request another site started, before its
 * body is looked at. The `visitor` access of a contract endpoint stands for it.
 */
export async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!isCrossSite(request)) return undefined;
  request.log.warn({ method: request.method }, 'cross-site request refused');
  return reply.code(403).send({ error: 'Cross-site request refused', problems: ["this takes changes only from the site's own pages (Origin or Sec-Fetch-Site named another site)"] });
}
