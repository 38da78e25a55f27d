/**
 * The sign-in throttle: how many password guesses an account gets, and from where.
 *
 * - **One account, one budget.** Attempts are counted per account, named by its email in the one
 *   spelling `normaliseEmail` gives (case, spaces of every kind, full-width letters and a
 *   byte-order mark make no new account), hashed so no address is stored in the counters.
 * - **Counted before the hash.** An attempt takes its place in the count before its password is
 *   checked, so forty guesses sent at once are forty attempts, not forty reads of a stale count.
 * - **Slows down, never locks out.** The first {@link SIGN_IN_THROTTLE}.freeFailures failures cost
 *   nothing. After them one attempt runs at a time, and holds the account for the wait its own
 *   failure would earn, twice the one before, from `baseDelayMs` up to `maxDelayMs`; whatever
 *   arrives meanwhile is refused (429 with `Retry-After`). A guesser gets a handful of guesses an
 *   hour, while a person who mistyped twice never notices.
 * - **Known devices keep their own budget.** A browser that signed in to the account before
 *   carries a device cookie for it (encrypted, for that account only); its attempts are counted
 *   apart from everyone else's, so a stranger's guesses slow the strangers down, not the staff
 *   member at their usual desk.
 * - **Every secret of the account counts.** The second factor's code (after the right password),
 *   and the password or code that turns the second factor off, are guesses in the same budget; a
 *   right password whose code is still owed neither counts nor clears anything.
 * - A success clears the count; the per-address rate limit (platform/http/limits.ts, group
 *   `signIn`) holds a guesser who changes the email each time.
 *
 * The counts live where the rate limits keep theirs (Redis when REDIS_URL is set, so every node
 * shares them). If they cannot be read, sign-in answers 503: the protection never silently
 * switches off.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../../core/control-center/accounts.ts';
import { sendRefusal } from '../platform/http/limits.ts';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/**
 * The throttle's numbers. `windowMs` is how long failures are remembered from the first; the wait
 * after failure n (n > freeFailures) is `baseDelayMs * 2^(n - freeFailures - 1)`, at most
 * `maxDelayMs`: 1 s after the 6th, 16 s after the 10th, the cap from the 16th.
 */
export const SIGN_IN_THROTTLE = Object.freeze({ freeFailures: 5, baseDelayMs: SECOND_MS, maxDelayMs: 15 * MINUTE_MS, windowMs: 60 * MINUTE_MS });

/** Retry-After of a sign-in refused because the attempt counts cannot be read. */
const COUNTS_UNAVAILABLE_RETRY_S = 30;

/** The request property @fastify/secure-session decodes the device cookie into. */
export const DEVICE_SESSION_NAME = 'knownDevice';

/** How long a device stays known after its last sign-in: a year, as staff sign in from the same desk for months. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    /** The decrypted device cookie (empty when absent or tampered with). */
    knownDevice: import('@fastify/secure-session').Session<{ device: unknown; account: unknown }>;
  }
}

/**
 * The device cookie's @fastify/secure-session options, but the key and its name (`cookieName`, the
 * app's `cookieNames.device`): which account this browser last signed in to, and its own id.
 * Path=/, which a `__Host-` cookie must have: a path never kept a cookie from a page of the same
 * host (RFC 6265 §8.5), and this one is encrypted, HttpOnly and SameSite=Strict, so being sent
 * beyond the sign-in route shows nothing to anyone.
 */
export function deviceCookieOptions(secure: true | 'auto', cookieName: string) {
  return {
    sessionName: DEVICE_SESSION_NAME,
    cookieName,
    expiry: DEVICE_COOKIE_MAX_AGE_SECONDS,
    cookie: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS },
  };
}

/** The wait after the `failures`-th failure of one subject; 0 within the free ones. */
export function delayAfter(failures: number): number {
  const over = failures - SIGN_IN_THROTTLE.freeFailures;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.baseDelayMs * 2 ** (over - 1));
}

/** The key an account's attempts are counted under: its email's one spelling, hashed; undefined for an empty email. */
export function accountKey(email: string): string | undefined {
  const spelling = normaliseEmail(email);
  return spelling === '' ? undefined : createHash('sha256').update(`email:${spelling}`).digest('hex').slice(0, 32);
}

/** The account a sign-in body names, hashed from its one spelling; undefined without an email. */
export function accountKeyOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { email } = body as { email?: unknown };
  return typeof email === 'string' ? accountKey(email) : undefined;
}

/** Whose budget an attempt is counted in: the known device's own, or the account's shared one. */
function subjectOf(request: FastifyRequest, account: string): string {
  const device = request.knownDevice?.get('device');
  const known = typeof device === 'string' && request.knownDevice.get('account') === account;
  return known ? `device:${device}:${account}` : `account:${account}`;
}

/** An attempt under way: its subject, and whether it took the subject's hold. */
interface Attempt {
  subject: string;
  holding: boolean;
  /** True once the outcome is known and settled, so it is never settled twice. */
  settled: boolean;
}

const attempts = new WeakMap<FastifyRequest, Attempt>();

/** Failed sign-ins answered other than 403 (the sign-in page's form post answers 303). */
const failedSignIns = new WeakSet<FastifyRequest>();

/** Counts this request as a failed sign-in whatever its status (for answers that are not a 403). */
export function countSignInFailure(request: FastifyRequest): void {
  failedSignIns.add(request);
}

/** Sign-ins that neither failed nor finished: the right password of an account that still owes its second factor. */
const unfinishedSignIns = new WeakSet<FastifyRequest>();

/**
 * Takes this request's attempt back whatever its status: a right password whose account still
 * owes its code. Not a failure, but not a success either: the count must not be cleared before
 * the code is right, or a guesser who has the password could guess codes for ever.
 */
export function countSignInUnfinished(request: FastifyRequest): void {
  unfinishedSignIns.add(request);
}

const countKey = (subject: string) => `sign-in-failures:${subject}`;
const holdKey = (subject: string) => `sign-in-hold:${subject}`;

/** Which account a guess is about, as {@link accountKey} names it; undefined: not counted. */
export type GuessedAccount = (request: FastifyRequest) => string | undefined | Promise<string | undefined>;

/**
 * Route hooks of a route that checks a secret of an account (spread into its options), counting
 * its guesses in the account's one budget: the sign-in, its second step (a code), and turning the
 * second factor off. Before the handler, the attempt is counted and, past the free failures, must
 * take the subject's hold (only one guess per wait; the others are refused 429 with
 * `Retry-After`). After it, a failure (403, or {@link countSignInFailure}) stays counted, an
 * unfinished sign-in ({@link countSignInUnfinished}) is taken back, a 2xx clears the count, and
 * anything else takes the attempt back. Without counts (the limits plugin off) they do nothing.
 */
export function throttleGuesses(accountOf: GuessedAccount) {
  return {
    // Without counts (limits off) the account is not even looked up.
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => (request.server.signInAttempts ? throttlePreHandler(request, reply, await accountOf(request)) : undefined),
    onSend: throttleOnSend,
  };
}

/** The sign-in route's hooks ({@link throttleGuesses}): the account is the email the body names. */
export const signInThrottle = throttleGuesses((request) => accountKeyOf(request.body));

async function throttlePreHandler(request: FastifyRequest, reply: FastifyReply, account: string | undefined) {
  const counts = request.server.signInAttempts;
  if (!counts || account === undefined) return;
  const subject = subjectOf(request, account);
  let holding = false;
  try {
    const earlier = (await counts.add(countKey(subject), SIGN_IN_THROTTLE.windowMs)) - 1;
    if (earlier >= SIGN_IN_THROTTLE.freeFailures) {
      // Past the free failures one attempt runs at a time, and holds the account for the wait its own failure would earn.
      const hold = await counts.hold(holdKey(subject), delayAfter(earlier + 1));
      if (!hold.acquired) {
        await counts.subtract(countKey(subject));
        const refusals = request.server.rateLimitRefusals;
        if (refusals) refusals.signInThrottle = (refusals.signInThrottle ?? 0) + 1;
        const seconds = Math.max(1, Math.ceil(hold.ttlMs / SECOND_MS));
        return sendRefusal(request, reply, 429, seconds, `Too many failed sign-ins for this account; try again in ${seconds} seconds.`);
      }
      holding = true;
    }
  } catch (error) {
    request.log.error({ err: error }, 'sign-in throttle: attempt counts unavailable; sign-in refused');
    return sendRefusal(request, reply, 503, COUNTS_UNAVAILABLE_RETRY_S, 'Sign-in is unavailable for a moment.');
  }
  attempts.set(request, { subject, holding, settled: false });
}

async function throttleOnSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const counts = request.server.signInAttempts;
  const attempt = attempts.get(request);
  if (!counts || attempt === undefined || attempt.settled) return payload;
  attempt.settled = true;
  try {
    if (reply.statusCode === 403 || failedSignIns.has(request)) {
      request.log.warn({ signInFailure: true }, 'sign-in throttle: failed sign-in counted');
    } else if (reply.statusCode >= 200 && reply.statusCode < 400 && !unfinishedSignIns.has(request)) {
      await counts.clear(countKey(attempt.subject), holdKey(attempt.subject));
    } else {
      // Neither a success nor a failure (the hashing queue was full, an error): not a guess.
      await counts.subtract(countKey(attempt.subject));
      if (attempt.holding) await counts.clear(holdKey(attempt.subject));
    }
  } catch (error) {
    request.log.error({ err: error }, 'sign-in throttle: could not settle the attempt count');
  }
  return payload;
}

/**
 * Marks this browser as a known device of the account it just signed in to (a fresh id for a
 * device new to that account; the same id, its cookie renewed, for one it knew). Called by the
 * sign-in handler on success, before the answer's cookies are written; `account` as
 * {@link accountKey} names it (by default the one the body's email names).
 */
export function rememberDevice(request: FastifyRequest, account = accountKeyOf(request.body)): void {
  const device = request.knownDevice;
  if (account === undefined || device === undefined) return;
  const known = device.get('account') === account ? device.get('device') : undefined;
  device.set('device', typeof known === 'string' ? known : randomBytes(16).toString('base64url'));
  device.set('account', account);
}
