/**
 * The anonymous id the server buckets a visitor by (issue 13): the visitor-id cookie
 * (core/experiments/visitor-cookie.ts) when the browser sent one, else a new random UUID that
 * this plugin sets as the cookie on the answer, so the browser adopts it and the next request
 * carries it. Only pages with a running experiment ask, so no other page sets a cookie.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isVisitorId, VISITOR_ID_COOKIE, VISITOR_ID_COOKIE_MAX_AGE_SECONDS } from '../../core/experiments/visitor-cookie.ts';
import { cookieValue } from '../funnels/no-js-visitor.ts';

/** Ids issued to requests that came without one: set as the cookie when the answer goes out. */
const issued = new WeakMap<FastifyRequest, string>();

/** The visitor's anonymous id for this request (issued once per request when the cookie is missing). */
export function visitorIdOf(request: FastifyRequest): string {
  const sent = cookieValue(request.headers.cookie, VISITOR_ID_COOKIE);
  if (isVisitorId(sent)) return sent;
  const known = issued.get(request);
  if (known !== undefined) return known;
  const id = randomUUID();
  issued.set(request, id);
  return id;
}

/** Sets the cookie of every issued id on its answer. */
export const visitorIdPlugin = fp(async function visitorIdPlugin(app: FastifyInstance, options: { production: boolean }) {
  app.addHook('onSend', async (request, reply, payload) => {
    const id = issued.get(request);
    if (id === undefined) return payload;
    const secure = options.production || request.protocol === 'https' ? '; Secure' : '';
    // Not HttpOnly: the browser adopts the id as its anonymous id (client/visitor/identity.ts).
    reply.header('set-cookie', `${VISITOR_ID_COOKIE}=${id}; Max-Age=${VISITOR_ID_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`);
    return payload;
  });
});
