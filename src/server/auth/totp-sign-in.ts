/**
 * The second step of signing in to an account with TOTP on: after the right password the
 * encrypted session cookie holds a short-lived pending state (who, until when), which is not a
 * signed-in session: no route reads it but the code step. The code step then accepts a current
 * code (its own 30-second step or one either side, each step once) or an unused recovery code.
 * The HTTP side is in auth-session.ts, beside the first step.
 */
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../core/contract/auth-session.ts';
import { TOTP_DIGITS } from '../../core/contract/totp.ts';
import { accountKey, countSignInUnfinished } from './sign-in-throttle.ts';
import { matchingTimeStep, recoveryCodeHash } from './totp.ts';

/** How long the code step waits after the right password: enough to open an app, short enough to leave nothing lying about. */
export const SECOND_FACTOR_PENDING_MS = 5 * 60_000;

/** The account whose password was right and whose code is owed. */
interface PendingSecondFactor {
  email: string;
  name: string;
  /** Until when (ms since the epoch) the code is taken. */
  until: number;
}

declare module '@fastify/secure-session' {
  interface SessionData {
    /** Set between the right password and the code of an account with TOTP on; never a signed-in session. */
    totpPending: PendingSecondFactor;
  }
}

/** True when `email`'s account has a confirmed second factor, so its password alone does not sign in. */
export async function owesSecondFactor(request: FastifyRequest, email: string): Promise<boolean> {
  return (await request.server.store.getTotp(email))?.confirmedAt !== undefined;
}

/** Notes in the cookie that `user`'s password was right and their code is owed; the sign-in throttle neither counts nor clears the attempt. */
export function beginSecondFactor(request: FastifyRequest, user: SessionUser): void {
  request.session.set('totpPending', { email: user.email, name: user.name, until: Date.now() + SECOND_FACTOR_PENDING_MS });
  countSignInUnfinished(request);
}

/** The account whose code this request's cookie owes, while the wait has not run out. */
export function pendingSecondFactor(request: FastifyRequest): SessionUser | undefined {
  const pending = request.session.get('totpPending');
  if (typeof pending !== 'object' || pending === null || typeof pending.email !== 'string' || typeof pending.name !== 'string') return undefined;
  return typeof pending.until === 'number' && Date.now() <= pending.until ? { email: pending.email, name: pending.name } : undefined;
}

/** Forgets the owed code (signed in, or starting again). */
export function endSecondFactor(request: FastifyRequest): void {
  request.session.set('totpPending', undefined);
}

/** The throttle's account of a code step: the one whose code is owed. */
export function pendingAccountKey(request: FastifyRequest): string | undefined {
  const user = pendingSecondFactor(request);
  return user === undefined ? undefined : accountKey(user.email);
}

/**
 * True when `code` is `email`'s current TOTP code, not used before (it is then used), or one of
 * its unused recovery codes (then used up). False for anything else, an account without a
 * confirmed second factor, and a secret the session key cannot open (the key was changed).
 */
export async function acceptSecondFactor(request: FastifyRequest, email: string, code: string, options: { recovery: boolean }): Promise<boolean> {
  const { store } = request.server;
  const stored = await store.getTotp(email);
  if (stored?.confirmedAt === undefined) return false;
  const compact = code.replace(/\s+/g, '');
  // Six digits are a TOTP code; anything else can only be a recovery code (ten letters and digits).
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) {
    const secret = request.server.totpSecrets.open(email, stored.secretCipher);
    if (secret === undefined) {
      request.log.error('second factor: a stored TOTP secret does not open with this session key (was SESSION_KEY changed?); reset it with `cobrand users totp EMAIL --reset`');
      return false;
    }
    const step = matchingTimeStep(secret, compact, Date.now());
    return step !== undefined && (await store.acceptTotpStep(email, step));
  }
  return options.recovery && (await store.useRecoveryCode(email, recoveryCodeHash(code)));
}
