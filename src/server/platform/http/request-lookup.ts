/**
 * Values a route looks up from its path before its request is judged: the branch a control-center
 * route names, the page or article it changes. A route says "no such thing" (404) before it says
 * what is wrong with the body (400), so an unknown item with a bad body is a 404; the lookup runs
 * as a `preValidation` hook, after the body is read and before it is validated, and hands the
 * handler (and the route's checks) what it found.
 */
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

/** What a route found before validation, for its handler and its checks to read. */
export interface RequestLookup<T> {
  /** The route's preValidation hook: finds the value, or lets the finder's answer stand. */
  readonly hook: preValidationAsyncHookHandler;
  /** The value found for `request`. Only valid once the hook let the request through. */
  of(request: FastifyRequest): T;
}

/**
 * A lookup from `find`, which returns the value, or the reply it answered with instead (a 404, or
 * a 400 naming a malformed id).
 * @example
 * const branch = requestLookup((request: FastifyRequest<{ Params: { branch: string } }>, reply) =>
 *   siteBrand(request.params.branch) ?? reply.code(404).send({ error: 'Unknown branch', problems: [`no branch '${request.params.branch}'`] }),
 * );
 * routeEndpoint(app, CC_PHONE_RULE_CREATE, { before: [branch] }, async (request) => ({ branch: branch.of(request).id }));
 */
// The finder names its route's params; Fastify calls a hook with a request of any route.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function requestLookup<T>(find: (request: FastifyRequest<any>, reply: FastifyReply) => T | FastifyReply | Promise<T | FastifyReply>): RequestLookup<Exclude<T, FastifyReply>> {
  // Boxed, so a found value that is itself undefined still tells a request the hook let through.
  const found = new WeakMap<FastifyRequest, { value: Exclude<T, FastifyReply> }>();
  return {
    async hook(request, reply) {
      const value = await find(request, reply);
      // The answer was sent: returning the reply stops the request's hooks (it settles once sent).
      if (value === reply) return reply;
      found.set(request, { value: value as Exclude<T, FastifyReply> });
    },
    of(request) {
      const entry = found.get(request);
      if (entry === undefined) throw new Error(`${request.method} ${request.routeOptions.url}: read a lookup its route did not run`);
      return entry.value;
    },
  };
}
