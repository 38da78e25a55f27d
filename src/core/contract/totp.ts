/**
 * The optional second factor of control-center accounts: a time-based one-time code (TOTP,
 * RFC 6238) from an authenticator app. The sign-in's second step (public, like the first), and
 * the signed-in account's own enrolment: start, confirm with a code, turn off.
 */
import * as z from 'zod';
import { SignInPasswordSchema } from '../control-center/accounts.ts';
import { AuthSessionResponseSchema } from './auth-session.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { defineEndpoint, NothingSchema } from './endpoint.ts';
import { AUTH_SESSION_CODE_PATH } from './paths.ts';

/** Digits of a TOTP code. */
export const TOTP_DIGITS = 6;

/** A TOTP code: six digits; spaces (as apps show "123 456") are dropped. */
export const TotpCodeSchema = z
  .string()
  .max(32, 'the code is too long')
  .transform((text) => text.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), `the code is ${TOTP_DIGITS} digits`));

/**
 * What the sign-in's second step takes: a TOTP code, or one of the account's recovery codes.
 * Only the shape is checked; which it is and whether it is right is the server's business.
 */
export const SecondFactorCodeSchema = z.string().trim().min(1, 'the code is empty').max(32, 'the code is too long');

/** The second step's body: the code (the account is the one whose password was just right, held in the session cookie). */
export const SignInCodeBodySchema = z.object({ code: SecondFactorCodeSchema });

/** The second step's form post: the code, and where to go afterwards. */
export const SignInCodeFormSchema = SignInCodeBodySchema.extend({ next: z.string().max(2048).optional() });

/** POST the second factor after the right password; answers like the sign-in (403 and one message for any failure). */
export const AUTH_SESSION_CODE = defineEndpoint({
  name: 'auth-session-code',
  method: 'POST',
  path: AUTH_SESSION_CODE_PATH,
  request: SignInCodeBodySchema,
  response: AuthSessionResponseSchema,
  bodyLimit: BODY_LIMITS.signIn,
  access: 'public',
  limitGroup: 'signIn',
  invalid: 'Invalid sign-in code',
});

/** Where the signed-in account's second factor is managed. */
const TOTP_PATH = '/api/cc/account/totp';

/** An account's second factor: off, started but not confirmed, or on (since when, and how many recovery codes are left). */
export const TotpStateSchema = z.object({
  state: z.enum(['off', 'pending', 'on']),
  enabledAt: z.string().optional(),
  recoveryCodesLeft: z.number().int().nonnegative().optional(),
});

/** An account's second factor, as the API gives it. */
export type TotpStateAnswer = z.output<typeof TotpStateSchema>;

export const CC_TOTP_GET = defineEndpoint({
  name: 'cc-totp-get',
  method: 'GET',
  path: TOTP_PATH,
  request: NothingSchema,
  response: TotpStateSchema,
  access: 'staff',
  limitGroup: 'session',
});

/**
 * Starts (or starts again) enrolment: a new secret, kept unconfirmed until a code made from it is
 * entered. The answer is the only time the secret leaves the server: as text, as an otpauth://
 * URI and as that URI's QR code (SVG markup made on the server). 409 when TOTP is on already.
 */
export const CC_TOTP_START = defineEndpoint({
  name: 'cc-totp-start',
  method: 'POST',
  path: `${TOTP_PATH}/enrolment`,
  request: z.strictObject({}, { error: 'Starting enrolment takes an empty JSON object' }),
  response: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'session',
  invalid: 'Invalid enrolment',
});

/** Confirms enrolment with a code from the app; answers the recovery codes, shown this once. 400 for a wrong code. */
export const CC_TOTP_CONFIRM = defineEndpoint({
  name: 'cc-totp-confirm',
  method: 'POST',
  path: `${TOTP_PATH}/confirm`,
  request: z.strictObject({ code: TotpCodeSchema }),
  response: z.object({ state: TotpStateSchema, recoveryCodes: z.array(z.string()) }),
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'signIn',
  invalid: 'Invalid code',
  audit: { kind: 'user', actions: ['totp-enable'] },
});

/**
 * Turns the second factor off: proven by the account's current password or a current code
 * (so a session left open is not enough). 403 when neither is right, counted as a failed sign-in.
 */
export const CC_TOTP_DISABLE = defineEndpoint({
  name: 'cc-totp-disable',
  method: 'POST',
  path: `${TOTP_PATH}/disable`,
  request: z
    .strictObject({ password: SignInPasswordSchema.optional(), code: TotpCodeSchema.optional() })
    .refine((body) => body.password !== undefined || body.code !== undefined, 'give the current password or a current code'),
  response: TotpStateSchema,
  bodyLimit: BODY_LIMITS.controlCenterAction,
  access: 'staff',
  limitGroup: 'signIn',
  invalid: 'Invalid request to turn off the second factor',
  audit: { kind: 'user', actions: ['totp-disable'] },
});
