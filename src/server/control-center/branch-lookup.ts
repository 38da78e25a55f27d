/**
 * The branch a control-center route's path names (`{branch}`), found before the request's input is
 * judged: an unknown branch is a 404 whatever the body holds.
 */
import type { FastifyRequest } from 'fastify';
import { requestLookup } from '../platform/http/request-lookup.ts';
import { siteBrand } from './branch-directory.ts';

/** The answer to a path naming no site brand. */
export function unknownBranch(branch: string): { error: string; problems: string[] } {
  return { error: 'Unknown branch', problems: [`branch: no site brand has the id '${branch}'`] };
}

/** The site brand of the path's `{branch}`; 404 {@link unknownBranch} when there is none (the control center itself included). */
export const namedBranch = requestLookup(
  (request: FastifyRequest<{ Params: { branch: string } }>, reply) => siteBrand(request.params.branch) ?? reply.code(404).send(unknownBranch(request.params.branch)),
);
