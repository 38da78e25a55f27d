/**
 * The anonymous id the server buckets a visitor by: the visitor-id cookie
 * (core/experiments/visitor-cookie.ts) when the browser sent one, else a new random UUID that
 * this plugin sets as the cookie on the answer, so the browser adopts it and the next request
 * carries it. Only an answer that shows a variant assigned by the id issues it, so no other page
 * sets a cookie.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isVisitorId, VISITOR_ID_COOKIE_MAX_AGE_SECONDS } from '../../core/experiments/visitor-cookie.ts';

/** A visit's anonymous id, and whether the browser is yet to be given it. */
export interface VisitorId {
  readonly id: string;
  /** The browser sent no id: this one is new, and the answer that assigns by it sets the cookie. */
  readonly isNew: boolean;
}

/** The visitor's id from the visitor-id cookie's value (`sent`): the cookie's when it holds one, else a new one. */
export function readVisitorId(sent: string | undefined): VisitorId {
  return isVisitorId(sent) ? { id: sent, isNew: false } : { id: randomUUID(), isNew: true };
}

/** Ids to set as the cookie when the answer to their request goes out. */
const issued = new WeakMap<FastifyRequest, string>();

/** Sets `visitor`'s id as the cookie on the answer to `request` when it is new (its answer assigned a variant by it). */
export function issueVisitorId(request: FastifyRequest, visitor: VisitorId): void {
  if (visitor.isNew) issued.set(request, visitor.id);
}

/** Sets the cookie of every issued id on its answer. */
export const visitorIdPlugin = fp(async function visitorIdPlugin(app: FastifyInstance, options: { production: boolean }) {
  app.addHook('onSend', async (request, reply, payload) => {
    const id = issued.get(request);
    if (id === undefined) return payload;
    const secure = options.production || request.protocol === 'https' ? '; Secure' : '';
    // Not HttpOnly: the browser adopts the id as its anonymous id (client/visitor/identity.ts).
    reply.header('set-cookie', `${app.cookieNames.visitorId}=${id}; Max-Age=${VISITOR_ID_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`);
    return payload;
  });
});
