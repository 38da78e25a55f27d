/**
 * The visitor's user state, kept server-side by anonymous id (spec §4 "User-state sync").
 *
 * - `POST /api/user/set` with `{ anonymousId, state }`: `state` is the visitor's whole user
 *   state (any JSON object; the client sends all of it on every change), replacing what was
 *   stored. Answers 204 once stored; 400 `{ error, problems }` for bad input or a body over
 *   {@link USER_STATE_BODY_MAX_BYTES} bytes.
 * - `GET /api/user/get?anonymousId=...`: answers `{ anonymousId, state }`, or 404 when nothing
 *   is stored for that id.
 */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { TRACKING_ID_MAX_LENGTH } from '../../core/tracking/constants.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';

/** Path that stores a visitor's state. */
export const USER_SET_PATH = '/api/user/set';

/** Path that reads a visitor's state back. */
export const USER_GET_PATH = '/api/user/get';

/** Largest accepted POST /api/user/set body, in bytes: ample for form values, a leased phone and flags. */
export const USER_STATE_BODY_MAX_BYTES = 32768;

const anonymousId = z.string().min(1).max(TRACKING_ID_MAX_LENGTH);

/** The body of POST /api/user/set, and the answer of GET /api/user/get. */
export const UserStateBodySchema = z.strictObject({
  anonymousId,
  state: z.record(z.string(), z.unknown()),
});

/** A visitor's whole user state, keyed by their anonymous id. */
export type UserStateBody = z.infer<typeof UserStateBodySchema>;

const UserGetQuerySchema = z.object({ anonymousId });

/** Registers the user-state routes. */
export async function userStatePlugin(app: FastifyInstance): Promise<void> {
  answerBadRequestsAsJson(app);

  app.post(USER_SET_PATH, { bodyLimit: USER_STATE_BODY_MAX_BYTES }, async (request, reply) => {
    const parsed = UserStateBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBadRequest(reply, 'Invalid user state', zodProblems(parsed.error));
    await app.store.setUserState(parsed.data.anonymousId, parsed.data.state);
    return reply.code(204).send();
  });

  app.get(USER_GET_PATH, async (request, reply) => {
    const parsed = UserGetQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendBadRequest(reply, 'Invalid query', zodProblems(parsed.error));
    const state = await app.store.getUserState(parsed.data.anonymousId);
    if (state === undefined) return reply.code(404).send({ error: 'No user state for this anonymous id' });
    return reply.header('cache-control', 'no-store').send({ anonymousId: parsed.data.anonymousId, state } as UserStateBody);
  });
}
