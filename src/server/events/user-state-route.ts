/**
 * The visitor's user state, kept server-side by anonymous id (spec §4 "User-state sync").
 *
 * - `POST /api/user/set` with `{ anonymousId, state }`: `state` is the visitor's whole user
 *   state (any JSON object; the client sends all of it on every change), replacing what was
 *   stored. Answers 204 once stored; 400 `{ error, problems }` for bad input or a body over
 *   {@link USER_STATE_BODY_MAX_BYTES} bytes.
 *
 * Personal values are redacted before storing (see storableUserState). There is deliberately no
 * read route: an anonymous id is no credential. The browser keeps its own copy (localStorage, other tabs via BroadcastChannel).
 */
import type { FastifyInstance } from 'fastify';
import { USER_SET } from '../../core/contract/user-state.ts';
import { redactPersonalFields } from '../../core/leads/personal.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';

/** Largest accepted POST /api/user/set body, in bytes: ample for form values, a leased phone and flags. */
export const USER_STATE_BODY_MAX_BYTES = USER_SET.bodyLimit;

/** The parts of a user state that can hold personal data: form values and captured landing facts. */
const PERSONAL_STATE_PARTS = ['formValues', 'captured'] as const;

/**
 * The state as stored: personal values in its form values and captured facts replaced by
 * '[redacted]' (a lead's personal data lives in the leads table only). The browser keeps
 * the real values in its own storage, which is all that pre-fills its forms.
 */
export function storableUserState(state: Record<string, unknown>): Record<string, unknown> {
  const stored = { ...state };
  for (const part of PERSONAL_STATE_PARTS) {
    const value = stored[part];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) stored[part] = redactPersonalFields(value as Record<string, unknown>);
  }
  return stored;
}

/** Registers the user-state routes. */
export async function userStatePlugin(app: FastifyInstance): Promise<void> {
  routeEndpoint(app, USER_SET, async (request, reply) => {
    await app.store.setUserState(request.body.anonymousId, storableUserState(request.body.state));
    return reply.code(204).send();
  });
}
