/**
 * The sign-in session (spec §1, §4 "Auth", §7): one path, three methods. GET reads the session
 * (the browser sends `Accept: text/json`; the answer is JSON whatever Accept says), DELETE signs
 * out, POST signs a control-center account in with its email and password (issue 12): JSON from
 * scripts, a form post from the sign-in page.
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { SignInPasswordSchema } from '../control-center/accounts.ts';

/** GET, DELETE and POST: the session routes. */
export const AUTH_SESSION_PATH = '/api/_auth/session';

/** Longest accepted user name (the spec's limit for names). */
const USER_NAME_MAX_LENGTH = 256;

/** The signed-in user, all the session holds and all that is shown (spec §1). */
export const SessionUserSchema = z.strictObject({
  email: z.email(),
  name: z.string().trim().min(1).max(USER_NAME_MAX_LENGTH),
});

/** The signed-in user. */
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Longest email accepted at sign-in (RFC 5321's path limit). */
const SIGN_IN_EMAIL_MAX_LENGTH = 320;

/**
 * The body of a sign-in: an account's email and password. Only the shape is checked here; a
 * malformed email is simply no account's, and gets the one generic failure.
 */
export const SignInBodySchema = z.object({
  email: z.string().trim().min(1, 'the email is empty').max(SIGN_IN_EMAIL_MAX_LENGTH),
  password: SignInPasswordSchema,
});

/** The sign-in page's form post: the same fields, and where to go afterwards. */
export const SignInFormSchema = SignInBodySchema.extend({ next: z.string().max(2048).optional() });

/** The answer of every session route: `user` only when signed in. */
export const AuthSessionResponseSchema = z.object({
  loggedIn: z.boolean(),
  user: SessionUserSchema.optional(),
});

/** The answer of every session route. */
export type AuthSessionResponse = z.output<typeof AuthSessionResponseSchema>;

export const AUTH_SESSION_GET = defineEndpoint({
  name: 'auth-session-get',
  method: 'GET',
  path: AUTH_SESSION_PATH,
  request: NothingSchema,
  response: AuthSessionResponseSchema,
});

export const AUTH_SESSION_DELETE = defineEndpoint({
  name: 'auth-session-delete',
  method: 'DELETE',
  path: AUTH_SESSION_PATH,
  request: NothingSchema,
  response: AuthSessionResponseSchema,
});

export const AUTH_SESSION_SIGN_IN = defineEndpoint({
  name: 'auth-session-sign-in',
  method: 'POST',
  path: AUTH_SESSION_PATH,
  request: SignInBodySchema,
  response: AuthSessionResponseSchema,
  bodyLimit: BODY_LIMITS.signIn,
});
