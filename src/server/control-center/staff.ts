/** Who is making a control-center request: read by every API area for its audit entries. */
import type { FastifyRequest } from 'fastify';
import { currentSession } from '../auth/auth-session.ts';
import type { SessionPrincipal } from '../platform/store/index.ts';

/**
 * The signed-in account of a control-center API request. Kept apart from api.ts, which imports
 * every area: an area importing it from there would be an import cycle.
 */
export async function staffOf(request: FastifyRequest): Promise<SessionPrincipal> {
  const session = await currentSession(request);
  if (session === undefined) throw new Error('staffOf called on a request without a live session');
  return session.user;
}
