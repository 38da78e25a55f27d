/**
 * `POST /api/cc/account/password`: a signed-in staff member changes their own password
 * (core/contract/account-password.ts).
 *
 * - The current password is required. A wrong one is answered 403 (the JSON API) or 303 back to
 *   the account screen saying so (the screen's plain form post), and is counted by the sign-in
 *   throttle in the account's one budget, like a failed sign-in: a stolen session cannot be used
 *   to guess the password faster than the sign-in page allows.
 * - The new password follows the rules of every account's password (NewPasswordSchema), must
 *   differ from the current one and match its confirmation; a body that breaks them is a 400 with
 *   its problems (a form post: 303 back saying so), and is not counted as a guess since no
 *   password was checked.
 * - On success every session of the account ends, on every node, and this browser gets a new
 *   session at once: whoever held a copy of any cookie of the account (this one's included) is
 *   out, while the person who changed the password is not sent back to sign in. The change is
 *   written to the audit log (item kind 'user', action 'change-password'; never the password).
 *
 * Cross-site posts are refused before any of this (control-center/access.ts), as for every
 * control-center write; the route exists on the control center's host only, for signed-in
 * accounts (401 otherwise).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_PASSWORD_CHANGE, PASSWORD_CHANGE_PARAM, PasswordChangeSchema, WRONG_CURRENT_PASSWORD, type PasswordChange, type PasswordChangeOutcome } from '../../core/contract/account-password.ts';
import { BODY_LIMITS } from '../../core/contract/body-limits.ts';
import { href } from '../../core/router/route-patterns.ts';
import { auditChange } from '../control-center/audit/endpoint-audit.ts';
import { acceptFormPosts, FORM_CONTENT_TYPE } from '../platform/http/form-body.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../platform/http/endpoint-route.ts';
import { sendRefusal } from '../platform/http/limits.ts';
import { currentSession, signIn } from './auth-session.ts';
import { HashingBusyError, hashPassword, verifyPassword } from './passwords.ts';
import { accountKey, countSignInFailure, throttleGuesses } from './sign-in-throttle.ts';

/** A password change as the route takes it: from a script's JSON or the account screen's form post; `change` undefined for a form that breaks the rules. */
interface ChangeRequest {
  via: 'json' | 'form';
  change: PasswordChange | undefined;
}

/** True when the request is the account screen's plain form post rather than a script's JSON. */
function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

const checkJson = schemaCheck(PasswordChangeSchema);

/**
 * JSON is checked by the contract's schema (400 with problems); a form post always passes, since
 * any outcome of a form post is answered by going back to the screen, the broken one included.
 */
const changeBody: RequestCheck<ChangeRequest> = (input, request) => {
  if (isFormPost(request)) {
    const parsed = PasswordChangeSchema.safeParse(input);
    return { ok: true, value: { via: 'form', change: parsed.success ? parsed.data : undefined } };
  }
  const verdict = checkJson(input, request);
  return verdict.ok ? { ok: true, value: { via: 'json', change: verdict.value } } : verdict;
};

/** The account whose budget an attempt counts in: the signed-in one, when a password is about to be checked. */
async function attemptAccount(request: FastifyRequest): Promise<string | undefined> {
  // The body check may not have run yet (it answers 400 for a body that is not a change at all).
  const change = (request.body as Partial<ChangeRequest> | null)?.change;
  const session = change === undefined ? undefined : await currentSession(request);
  return session === undefined ? undefined : accountKey(session.user.email);
}

/** The account screen's address saying how a form post went. */
function screenHref(outcome: PasswordChangeOutcome): string {
  return `${href('cc-account')}?${new URLSearchParams({ [PASSWORD_CHANGE_PARAM]: outcome }).toString()}`;
}

/** Retry-After of a change refused because every password-hashing turn is taken. */
const HASHING_BUSY_RETRY_S = 1;

/** The outcome of a change the body allows: the current password was wrong, or the password is changed. */
async function changePassword(request: FastifyRequest, change: PasswordChange): Promise<{ changed: false } | { changed: true; otherSessionsEnded: number }> {
  const { store } = request.server;
  const session = await currentSession(request);
  const hash = session === undefined ? undefined : await store.getPasswordHash(session.user.email);
  if (session === undefined || hash === undefined || !(await verifyPassword(change.currentPassword, hash))) return { changed: false };
  const { email } = session.user;
  await store.setPasswordHash(email, await hashPassword(change.newPassword));
  const ended = await store.revokeSessionsOf(email);
  await signIn(request, session.user);
  await auditChange(request, ACCOUNT_PASSWORD_CHANGE, { branch: null, itemId: email, action: 'change-password', after: { sessionsEnded: ended } });
  // This browser's own session was among those ended, and was given a new one.
  return { changed: true, otherSessionsEnded: Math.max(0, ended - 1) };
}

async function answer(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const { via, change } = request.body as ChangeRequest;
  if (via === 'form') {
    if (change === undefined) return reply.code(303).header('location', screenHref('invalid')).send();
    const outcome = await changePassword(request, change);
    if (!outcome.changed) countSignInFailure(request);
    return reply.code(303).header('location', screenHref(outcome.changed ? 'changed' : 'wrong-current')).send();
  }
  // The JSON check let only a whole change through.
  const outcome = await changePassword(request, change as PasswordChange);
  if (!outcome.changed) return reply.code(403).send({ error: 'Password not changed', problems: [`currentPassword: ${WRONG_CURRENT_PASSWORD}`] });
  return outcome;
}

/**
 * Registers the password change (a control-center API area: registered by control-center/api.ts,
 * after the access plugin that provides its staff check).
 * @example
 * await app.register(passwordChangeRoutes);
 */
export async function passwordChangeRoutes(app: FastifyInstance): Promise<void> {
  // The account screen posts a plain form (it works without JavaScript).
  acceptFormPosts(app, BODY_LIMITS.signIn);
  routeEndpoint(app, ACCOUNT_PASSWORD_CHANGE, { check: changeBody, ...throttleGuesses(attemptAccount) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      return await answer(request, reply);
    } catch (error) {
      // Every hashing turn taken and the queue full: answered at once, and not counted as a guess.
      if (error instanceof HashingBusyError) return sendRefusal(request, reply, 429, HASHING_BUSY_RETRY_S, 'Too many password checks at once; try again in a moment.');
      throw error;
    }
  });
}
