/**
 * A signed-in staff member changes their own password: the current password, the new one (the
 * rules every account's password follows, NewPasswordSchema) and the new one again. JSON from the
 * account screen's script, or the same fields as a plain form post when the page runs without
 * JavaScript (answered 303 back to the screen with {@link PASSWORD_CHANGE_PARAM}).
 */
import * as z from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NewPasswordSchema, SignInPasswordSchema } from '../control-center/accounts.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint } from './endpoint.ts';

/** The path of the password change. */
export const ACCOUNT_PASSWORD_PATH = '/api/cc/account/password';

/** The message when the confirmation differs from the new password. */
const CONFIRMATION_DIFFERS = 'the confirmation does not match the new password';

/** The message when the new password is the current one. */
const SAME_PASSWORD = 'the new password is the same as the current one';

/** The body of a password change; problems name their field (`newPassword: …`). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: SignInPasswordSchema,
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().max(1024),
  })
  .superRefine((body, context) => {
    if (body.confirmPassword !== body.newPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: CONFIRMATION_DIFFERS });
    if (body.newPassword === body.currentPassword) context.addIssue({ code: 'custom', path: ['newPassword'], message: SAME_PASSWORD });
  });

/** A password change's body. */
export type PasswordChange = z.output<typeof PasswordChangeSchema>;

/** The answer to a password change: the account's other sessions ended, and this browser's session renewed. */
export const PasswordChangeAnswerSchema = z.object({ changed: z.literal(true), otherSessionsEnded: z.number().int().nonnegative() });

/** The message of a wrong current password (answered 403, and counted by the sign-in throttle). */
export const WRONG_CURRENT_PASSWORD = 'the current password is wrong';

// The account screen's query parameter carrying an outcome code: spelled with the route table's names.
export { PASSWORD_CHANGE_PARAM } from '../router/control-center-route.ts';

/** What each outcome of a no-JavaScript password change shows. */
export const PASSWORD_CHANGE_OUTCOMES = Object.freeze({
  changed: 'Your password was changed. Every other session of your account has ended.',
  'wrong-current': `Not changed: ${WRONG_CURRENT_PASSWORD}.`,
  invalid: `Not changed: the new password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, differ from the current one, and match its confirmation.`,
});

/** An outcome code of {@link PASSWORD_CHANGE_OUTCOMES}. */
export type PasswordChangeOutcome = keyof typeof PASSWORD_CHANGE_OUTCOMES;

export const ACCOUNT_PASSWORD_CHANGE = defineEndpoint({
  name: 'account-password-change',
  method: 'POST',
  path: ACCOUNT_PASSWORD_PATH,
  request: PasswordChangeSchema,
  response: PasswordChangeAnswerSchema,
  bodyLimit: BODY_LIMITS.signIn,
  access: 'staff',
  limitGroup: 'signIn',
  invalid: 'Invalid password change',
  audit: { kind: 'user', actions: ['change-password'] },
});
