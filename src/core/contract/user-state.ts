/**
 * The visitor's user state (spec §4 "User-state sync", §7 `POST /api/user/set`): the browser
 * pushes its whole state on every change; the server keeps it by anonymous id. There is no read
 * route: an anonymous id is no credential.
 */
import * as z from 'zod';
import { TRACKING_ID_MAX_LENGTH } from '../tracking/constants.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { USER_SET_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { USER_SET_PATH } from './paths.ts';

/** The body: the visitor's anonymous id and whole user state (any JSON object). Unknown keys are refused. */
export const UserStateBodySchema = z.strictObject({
  anonymousId: z.string().min(1).max(TRACKING_ID_MAX_LENGTH),
  state: z.record(z.string(), z.unknown()),
});

/** A visitor's whole user state, keyed by their anonymous id. */
export type UserStateBody = z.infer<typeof UserStateBodySchema>;

export const USER_SET = defineEndpoint({
  name: 'user-set',
  method: 'POST',
  path: USER_SET_PATH,
  request: UserStateBodySchema,
  response: NothingSchema,
  bodyLimit: BODY_LIMITS.userState,
  access: 'visitor',
  limitGroup: 'userState',
  invalid: 'Invalid user state',
});
