/**
 * The sign-in session (spec §1, §4 "Auth", §7): one path, three methods. GET reads the session
 * (the browser sends `Accept: text/json`; the answer is JSON whatever Accept says), DELETE signs
 * out; POST, the control center's sign-in, is declared in ./sign-in.ts, apart, so the
 * visitor bundle that reads the session carries none of the control center's account rules.
 */
import * as z from 'zod';
import { EMAIL_PATTERN } from '../check/formats.ts';
import { USER_NAME_MAX_LENGTH } from './checks.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { AUTH_SESSION_PATH } from './paths.ts';
import type { AuthSessionResponse } from './session-answer.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { AUTH_SESSION_PATH } from './paths.ts';

/** The signed-in user, all the session holds and all that is shown (spec §1). */
export const SessionUserSchema = z.strictObject({
  email: z.email({ pattern: EMAIL_PATTERN }),
  name: z.string().trim().min(1).max(USER_NAME_MAX_LENGTH),
});

/** The signed-in user. */
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** The answer of every session route: `user` only when signed in. */
export const AuthSessionResponseSchema = z.object({
  loggedIn: z.boolean(),
  user: SessionUserSchema.optional(),
}) satisfies z.ZodType<AuthSessionResponse>;

/** The answer of every session route (spelled in session-answer.ts, which the browser's check reads too). */
export type { AuthSessionResponse } from './session-answer.ts';

export const AUTH_SESSION_GET = defineEndpoint({
  name: 'auth-session-get',
  method: 'GET',
  path: AUTH_SESSION_PATH,
  request: NothingSchema,
  response: AuthSessionResponseSchema,
  access: 'public',
  limitGroup: 'session',
});

export const AUTH_SESSION_DELETE = defineEndpoint({
  name: 'auth-session-delete',
  method: 'DELETE',
  path: AUTH_SESSION_PATH,
  request: NothingSchema,
  response: AuthSessionResponseSchema,
  access: 'public',
  limitGroup: 'session',
});
