/**
 * The signed-in account's own second factor (contract: core/contract/totp.ts), an area of the
 * control-center API (control-center/api.ts): its state; starting enrolment (a new secret, shown
 * once as text, otpauth:// URI and server-made QR SVG, kept encrypted and unconfirmed); confirming
 * it with a code from the app (which turns it on and answers the recovery codes, shown once);
 * turning it off with the current password or a current code. Turning on and off is written to
 * the audit log under the account (item kind `user`). Only the account itself manages its factor
 * here; an operator removes a lost one with `cobrand users totp EMAIL --reset`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CC_TOTP_CONFIRM, CC_TOTP_DISABLE, CC_TOTP_GET, CC_TOTP_START } from '../../core/contract/totp.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import { sendRefusal } from '../platform/http/limits.ts';
import { auditChange } from '../control-center/audit/endpoint-audit.ts';
import { staffOf } from '../control-center/staff.ts';
import { currentSession } from './auth-session.ts';
import { HashingBusyError, verifyPassword } from './passwords.ts';
import { accountKey, throttleGuesses } from './sign-in-throttle.ts';
import { acceptSecondFactor } from './totp-sign-in.ts';
import { totpStateOf } from './totp-store.ts';
import { matchingTimeStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpQrSvg, totpUri } from './totp.ts';

/** A refusal in the API's error shape. */
function refuse(reply: FastifyReply, status: number, error: string, problem: string): FastifyReply {
  return reply.code(status).send({ error, problems: [problem] });
}

/** Turning the factor off is a guess at the account's password or code: counted in its sign-in budget. */
const disableThrottle = throttleGuesses(async (request: FastifyRequest) => {
  const session = await currentSession(request);
  return session === undefined ? undefined : accountKey(session.user.email);
});

/** Retry-After when every password-hashing turn is taken. */
const HASHING_BUSY_RETRY_S = 1;

/** Registers the account's second-factor routes (an area of the control-center API). */
export async function totpRoutes(app: FastifyInstance): Promise<void> {
  // A secret and recovery codes travel in these answers: never kept by any cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  routeEndpoint(app, CC_TOTP_GET, async (request) => totpStateOf(app.store, (await staffOf(request)).email));

  routeEndpoint(app, CC_TOTP_START, async (request, reply) => {
    const { email } = await staffOf(request);
    const secret = newTotpSecret();
    if (!(await app.store.startTotp(email, app.totpSecrets.seal(email, secret)))) {
      return refuse(reply, 409, 'Second factor already on', 'turn the second factor off before enrolling another authenticator');
    }
    const uri = totpUri(secret, email);
    return { secret, uri, qrSvg: await totpQrSvg(uri) };
  });

  routeEndpoint(app, CC_TOTP_CONFIRM, async (request, reply) => {
    const { email } = await staffOf(request);
    const stored = await app.store.getTotp(email);
    if (stored === undefined || stored.confirmedAt !== undefined) {
      return refuse(reply, 409, 'No enrolment under way', stored === undefined ? 'start enrolment first' : 'the second factor is on already');
    }
    const secret = app.totpSecrets.open(email, stored.secretCipher);
    const step = secret === undefined ? undefined : matchingTimeStep(secret, request.body.code, Date.now());
    if (step === undefined) return refuse(reply, 400, 'Wrong code', 'that code does not match the new secret: enter the code the app shows now');
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await app.store.confirmTotp(email, { secretCipher: stored.secretCipher, step, recoveryHashes: recoveryCodes.map(recoveryCodeHash) });
    if (!confirmed) return refuse(reply, 409, 'Enrolment changed', 'enrolment was started again meanwhile: scan the newest code');
    await auditChange(request, CC_TOTP_CONFIRM, { branch: null, itemId: email, action: 'totp-enable', before: { totp: 'pending' }, after: { totp: 'on' } });
    return { state: await totpStateOf(app.store, email), recoveryCodes };
  });

  routeEndpoint(app, CC_TOTP_DISABLE, disableThrottle, async (request, reply) => {
    const { email } = await staffOf(request);
    const before = await totpStateOf(app.store, email);
    if (before.state === 'off') return refuse(reply, 409, 'Second factor off', 'the second factor is not on');
    const { password, code } = request.body;
    let proven: boolean;
    try {
      proven = await provesAccount(request, email, { password, code }, before.state === 'on');
    } catch (error) {
      if (error instanceof HashingBusyError) return sendRefusal(request, reply, 429, HASHING_BUSY_RETRY_S, 'Too many password checks at once; try again in a moment.');
      throw error;
    }
    if (!proven) return refuse(reply, 403, 'Not confirmed', 'that password or code is not right');
    await app.store.removeTotp(email);
    await auditChange(request, CC_TOTP_DISABLE, { branch: null, itemId: email, action: 'totp-disable', before: { totp: before.state }, after: { totp: 'off' } });
    return totpStateOf(app.store, email);
  });
}

/** True when the current password, or a current code of a confirmed factor (used up then), is given. */
async function provesAccount(request: FastifyRequest, email: string, proof: { password?: string | undefined; code?: string | undefined }, confirmed: boolean): Promise<boolean> {
  if (proof.code !== undefined && confirmed && (await acceptSecondFactor(request, email, proof.code, { recovery: false }))) return true;
  if (proof.password === undefined) return false;
  const hash = await request.server.store.getPasswordHash(email);
  return hash !== undefined && (await verifyPassword(proof.password, hash));
}
