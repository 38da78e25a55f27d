/**
 * The control center's sign-in: POST on the session path signs an account in with its
 * email and password, JSON from scripts, a form post from the sign-in page. Apart from
 * ./auth-session.ts, which every visitor page loads, so its account rules stay out of that bundle.
 */
import * as z from 'zod';
import { normaliseEmail, SignInPasswordSchema } from '../control-center/accounts.ts';
import { AUTH_SESSION_PATH, AuthSessionResponseSchema } from './auth-session.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';

/** Longest email accepted at sign-in (RFC 5321's path limit). */
const SIGN_IN_EMAIL_MAX_LENGTH = 320;

/**
 * The body of a sign-in: an account's email and password. Only the shape is checked here; a
 * malformed email is simply no account's, and gets the one generic failure.
 */
export const SignInBodySchema = z.object({
  email: z.string().transform(normaliseEmail).pipe(z.string().min(1, 'the email is empty').max(SIGN_IN_EMAIL_MAX_LENGTH)),
  password: SignInPasswordSchema,
});

/** The sign-in page's form post: the same fields, and where to go afterwards. */
export const SignInFormSchema = SignInBodySchema.extend({ next: z.string().max(2048).optional() });

/**
 * The sign-in's answer: the session, or, for an account with a second factor whose password was
 * right, `{ loggedIn: false, secondFactor: 'totp' }`: post its code to the code path next
 * (contract/totp.ts AUTH_SESSION_CODE) with the cookie this answer set.
 */
export const SignInAnswerSchema = AuthSessionResponseSchema.extend({ secondFactor: z.literal('totp').optional() });

export const AUTH_SESSION_SIGN_IN = defineEndpoint({
  name: 'auth-session-sign-in',
  method: 'POST',
  path: AUTH_SESSION_PATH,
  request: SignInBodySchema,
  response: SignInAnswerSchema,
  bodyLimit: BODY_LIMITS.signIn,
  access: 'public',
  limitGroup: 'signIn',
  invalid: 'Invalid sign-in',
});
