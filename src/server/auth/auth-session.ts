/**
 * The sign-in session (spec §1, §4 "Auth", §7; control-center accounts): a session kept in the
 * store (store/sessions.ts) whose random id travels in an encrypted cookie
 * (@fastify/secure-session), and the routes that read, start and end it.
 *
 * - `GET /api/_auth/session`: `{ loggedIn: true, user: { email, name } }` or `{ loggedIn: false }`
 *   (the client sends `Accept: text/json`; the answer is JSON whatever Accept says).
 * - `DELETE /api/_auth/session`: signs out: the session is revoked in the store, so the cookie
 *   stops working on every node (a copy of it too), the cookie is cleared, and the answer is
 *   `{ loggedIn: false }`.
 * - `POST /api/_auth/session` with `{ email, password }` of a control-center account (store/users.ts,
 *   `cobrand users add`): JSON from scripts (answered with the session, or 403 and one generic
 *   message for any failure, 400 for a malformed body), or the sign-in page's form post (answered
 *   303: to the page it came for, or back to the sign-in page saying it failed, counted by the
 *   throttle all the same). A wrong email
 *   takes as long as a wrong password. Rate-limited per address (platform/http/limits.ts) and
 *   throttled per account (sign-in-throttle.ts), which also keeps a device cookie, sent to this
 *   path only, for the browsers that signed in.
 * - An account with its second factor on (totp-sign-in.ts) is not signed in by the right password:
 *   the cookie then holds a pending state for a few minutes (no session), JSON answers
 *   `{ loggedIn: false, secondFactor: 'totp' }` and the form post goes to `/sign-in?step=code`.
 *   `POST /api/_auth/session/code` with `{ code }` (JSON or the page's form) finishes the sign-in;
 *   a wrong code counts in the same throttle as a wrong password.
 *
 * Every request that needs a signed-in user asks {@link currentSession} (or uses
 * {@link requireSignedIn}): the cookie's session id and its account are looked up in the store
 * each time, so a revoked or expired session, or a disabled account, is over at once. A session
 * lives {@link SESSION_TTL_SECONDS} from sign-in. The cookie holds nothing but that id, and is
 * HttpOnly, SameSite=Lax, path '/', Secure in production whatever the proxy says, and elsewhere
 * Secure when the request came over HTTPS (directly, or per X-Forwarded-Proto from a proxy
 * TRUST_PROXY trusts). In production every cookie registered here is named `__Host-…`
 * (platform/http/cookie-names.ts), which those attributes allow.
 *
 * The same key also encrypts the no-JavaScript form cookie (funnels/form-session.ts), registered
 * here because @fastify/secure-session takes all its cookies in one registration.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type * as z from 'zod';
import { AUTH_SESSION_DELETE, AUTH_SESSION_GET, SessionUserSchema, type AuthSessionResponse, type SessionUser } from '../../core/contract/auth-session.ts';
import { AUTH_SESSION_SIGN_IN, SignInFormSchema, type SignInAnswerSchema } from '../../core/contract/sign-in.ts';
import { SIGN_IN_CODE_FAILURE_MESSAGE, SIGN_IN_FAILURE_MESSAGE, SIGN_IN_PATH, safeNextPath, signInHref } from '../../core/control-center/paths.ts';
import { AUTH_SESSION_CODE, SignInCodeFormSchema } from '../../core/contract/totp.ts';
import { HashingBusyError, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { acceptFormPosts, FORM_CONTENT_TYPE } from '../platform/http/form-body.ts';
import { routeEndpoint, schemaCheck, type RequestCheck } from '../platform/http/endpoint-route.ts';
import { ConfigError, type Config } from '../platform/config/config.ts';
import { decodeSessionKey, SESSION_KEY_BYTES, sessionEnvProblem } from './session-env.ts';
import { formSessionOptions } from '../funnels/form-session.ts';
import type { StoredSession } from '../platform/store/index.ts';
import { accountKey, countSignInFailure, deviceCookieOptions, rememberDevice, signInThrottle, throttleGuesses } from './sign-in-throttle.ts';
import { acceptSecondFactor, beginSecondFactor, endSecondFactor, owesSecondFactor, pendingAccountKey, pendingSecondFactor } from './totp-sign-in.ts';
import { totpSecretBox } from './totp-secret-box.ts';
import { sendRefusal } from '../platform/http/limits.ts';
import { BODY_LIMITS } from '../../core/contract/body-limits.ts';

/** How long a session lasts from sign-in: the stored session's expiry, the cookie's Max-Age and the encrypted timestamp's expiry. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** File under DATA_DIR holding the generated key when SESSION_KEY is unset (development and test only). */
export const SESSION_KEY_FILE_NAME = 'session.key';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The session id (store/sessions.ts); the user is in the store, not in the cookie. */
    sid: string;
    /** When the session was last used (ms since the epoch), for the inactivity timeout. */
    seen: number;
  }
}

/**
 * How often the last-used time is written back into the cookie while a session is in use: once a
 * minute is exact enough for a 30-minute timeout, and spares a Set-Cookie on every request.
 */
const SEEN_REFRESH_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The inactivity timeout of sign-in sessions in ms (SESSION_IDLE_MINUTES); set by {@link authSessionPlugin}. */
    sessionIdleMs: number;
  }
}

/**
 * The key for the session cookie: SESSION_KEY when set; otherwise (never in production) the key in
 * `${dataDir}/session.key`, generated with mode 0600 on first use so sessions survive restarts.
 * @throws ConfigError in production without SESSION_KEY, or Error when the key file is unreadable.
 */
export async function resolveSessionKey(config: Config): Promise<Buffer> {
  const problem = sessionEnvProblem(config.vars);
  if (problem !== undefined) throw new ConfigError([problem]);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the config schema (SESSION_ENV) accepts only a key decodeSessionKey decodes
  if (config.vars.SESSION_KEY !== undefined) return decodeSessionKey(config.vars.SESSION_KEY)!;
  return readOrCreateKeyFile(path.resolve(config.vars.DATA_DIR, SESSION_KEY_FILE_NAME));
}

async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together keep one key.
    await writeFile(file, randomBytes(SESSION_KEY_BYTES).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeSessionKey((await readFile(file, 'utf8')).trim());
  if (key === undefined) throw new Error(`${file} does not hold a session key (${SESSION_KEY_BYTES * 2} hex characters); delete it to generate a new one`);
  return key;
}

/**
 * The stored session `sid` while it is live (not revoked, not expired) and its account exists and
 * is enabled; undefined otherwise. Also how a brand host checks the session a preview is bound to.
 */
export async function liveSession(store: FastifyInstance['store'], sid: string): Promise<StoredSession | undefined> {
  const session = await store.getSession(sid);
  const account = session === undefined ? undefined : await store.getUser(session.user.email);
  return session !== undefined && account !== undefined && !account.disabled ? session : undefined;
}

const sessionLookups = new WeakMap<FastifyRequest, Promise<StoredSession | undefined>>();

/**
 * The live session of this request's cookie: looked up in the store (once per request), with its
 * account, so a revoked or expired session, or one whose account is disabled or gone, is
 * undefined. A cookie naming a session that is over is cleared.
 */
export function currentSession(request: FastifyRequest): Promise<StoredSession | undefined> {
  let lookup = sessionLookups.get(request);
  if (lookup === undefined) {
    const sid = request.session.get('sid');
    lookup = typeof sid !== 'string' ? Promise.resolve(undefined) : activeSession(request, sid);
    sessionLookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The live session `sid` of this request's cookie unless it has been idle longer than the
 * inactivity timeout, in which case it is revoked (on every node) and its cookie cleared. A session
 * in use has its last-used time renewed in the cookie, at most once a minute.
 */
async function activeSession(request: FastifyRequest, sid: string): Promise<StoredSession | undefined> {
  const now = Date.now();
  const seen = request.session.get('seen');
  const idleMs = request.server.sessionIdleMs;
  if (typeof seen !== 'number' || now - seen > idleMs) {
    await request.server.store.revokeSession(sid);
    request.session.delete();
    return undefined;
  }
  const session = await liveSession(request.server.store, sid);
  if (session === undefined) request.session.delete();
  else if (now - seen >= SEEN_REFRESH_MS) request.session.set('seen', now);
  return session;
}

/** The answer to a signed-out API or payload request (the API's error shape). */
export const SIGN_IN_REQUIRED = { error: 'Sign-in required', problems: [`sign in at ${SIGN_IN_PATH} first: this needs a control-center account`] };

/** A route hook for routes only a signed-in, enabled account may use: 401 {@link SIGN_IN_REQUIRED} otherwise. */
export async function requireSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  return (await currentSession(request)) === undefined ? reply.code(401).send(SIGN_IN_REQUIRED) : undefined;
}

/** Starts a session for `user` in the store and puts its id in the cookie; a session the cookie named before is revoked. */
export async function signIn(request: FastifyRequest, user: SessionUser): Promise<StoredSession> {
  const previous = request.session.get('sid');
  if (typeof previous === 'string') await request.server.store.revokeSession(previous);
  const session = await request.server.store.createSession({ user, ttlSeconds: SESSION_TTL_SECONDS });
  request.session.set('sid', session.id);
  request.session.set('seen', Date.now());
  sessionLookups.set(request, Promise.resolve(session));
  return session;
}

/** Revokes the cookie's session in the store (every node, every copy of the cookie) and clears the cookie. */
export async function signOut(request: FastifyRequest): Promise<void> {
  const sid = request.session.get('sid');
  if (typeof sid === 'string') await request.server.store.revokeSession(sid);
  request.session.delete();
  sessionLookups.set(request, Promise.resolve(undefined));
}

async function sessionAnswer(request: FastifyRequest): Promise<AuthSessionResponse> {
  const session = await currentSession(request);
  const user = SessionUserSchema.safeParse(session?.user);
  return user.success ? { loggedIn: true, user: user.data } : { loggedIn: false };
}

/** The account `email` and `password` sign in, or undefined; a missing account costs the time of a wrong password. */
async function checkCredentials(request: FastifyRequest, email: string, password: string): Promise<SessionUser | undefined> {
  const { store } = request.server;
  const hash = await store.getPasswordHash(email);
  if (hash === undefined) return verifyAgainstDecoy(password).then(() => undefined);
  if (!(await verifyPassword(password, hash))) return undefined;
  const account = await store.getUser(email);
  return account === undefined || account.disabled ? undefined : { email: account.email, name: account.name };
}

/** The answer to a failed JSON sign-in: the API's error shape, saying nothing about which part was wrong. */
const SIGN_IN_FAILURE = { error: SIGN_IN_FAILURE_MESSAGE, problems: [SIGN_IN_FAILURE_MESSAGE] };

/** True when the request is the sign-in page's plain form post rather than a script's JSON. */
function isFormPost(request: FastifyRequest): boolean {
  return request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase() === FORM_CONTENT_TYPE;
}

/** The fields of the sign-in page's form post, as sent. */
type SignInFormPost = Record<string, string>;

/**
 * A sign-in's body: a script's JSON is checked by the contract's schema (400 when malformed); the
 * sign-in page's form post passes as sent, since any failure of a form post, a malformed one
 * included, is answered by going back to the page.
 */
const signInBody: RequestCheck<z.output<typeof AUTH_SESSION_SIGN_IN.request> | SignInFormPost> = (input, request) =>
  isFormPost(request) ? { ok: true, value: input as SignInFormPost } : schemaCheck(AUTH_SESSION_SIGN_IN.request)(input, request);

async function authRoutes(app: FastifyInstance): Promise<void> {
  // The sign-in page posts a plain form (it works without JavaScript).
  acceptFormPosts(app, BODY_LIMITS.signIn);
  // A session answer is about one visitor: never cache it anywhere.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  routeEndpoint(app, AUTH_SESSION_GET, async (request) => sessionAnswer(request));

  routeEndpoint(app, AUTH_SESSION_DELETE, async (request): Promise<AuthSessionResponse> => {
    await signOut(request);
    return { loggedIn: false };
  });

  // An attempt is counted, and a held account refused, before the password is checked (sign-in-throttle.ts).
  routeEndpoint(app, AUTH_SESSION_SIGN_IN, { check: signInBody, ...signInThrottle }, async (request, reply) => {
    try {
      return await signInAnswer(request, reply);
    } catch (error) {
      // Every hashing turn taken and the queue full: answered at once, and not counted as a guess.
      if (error instanceof HashingBusyError) return sendRefusal(request, reply, 429, HASHING_BUSY_RETRY_S, 'Too many sign-ins at once; try again in a moment.');
      throw error;
    }
  });

  // The second step of an account with TOTP on; a wrong code counts in the account's budget like a wrong password.
  routeEndpoint(app, AUTH_SESSION_CODE, { check: signInCodeBody, ...throttleGuesses(pendingAccountKey) }, async (request, reply) => secondFactorAnswer(request, reply));
}

/** Retry-After of a sign-in refused because every password-hashing turn is taken. */
const HASHING_BUSY_RETRY_S = 1;

/** Signs in from a script's JSON or the sign-in page's form post, and answers each in its kind. */
async function signInAnswer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | SignInAnswer> {
  if (isFormPost(request)) {
    const form = SignInFormSchema.safeParse(request.body);
    const next = safeNextPath(form.success ? form.data.next : undefined);
    const user = form.success ? await checkCredentials(request, form.data.email, form.data.password) : undefined;
    if (user === undefined) {
      if (form.success) countSignInFailure(request);
      return reply.code(303).header('location', signInHref(next, true)).send();
    }
    if (await owesSecondFactor(request, user.email)) {
      beginSecondFactor(request, user);
      return reply.code(303).header('location', signInHref(next, false, true)).send();
    }
    await signIn(request, user);
    rememberDevice(request);
    await request.server.store.recordSignIn(user.email);
    return reply.code(303).header('location', next).send();
  }
  const { email, password } = request.body as z.output<typeof AUTH_SESSION_SIGN_IN.request>;
  const user = await checkCredentials(request, email, password);
  if (user === undefined) return reply.code(403).send(SIGN_IN_FAILURE);
  if (await owesSecondFactor(request, user.email)) {
    beginSecondFactor(request, user);
    return { loggedIn: false, secondFactor: 'totp' } satisfies SignInAnswer;
  }
  await signIn(request, user);
  rememberDevice(request);
  await request.server.store.recordSignIn(user.email);
  return { loggedIn: true, user } satisfies AuthSessionResponse;
}

/** A sign-in's answer: the session, or the note that the account's code is owed. */
type SignInAnswer = z.output<typeof SignInAnswerSchema>;

// ---- The second step: the code of an account with TOTP on (totp-sign-in.ts) ----

/** The answer to a refused code from a script: the API's error shape, saying nothing of why. */
const SIGN_IN_CODE_FAILURE = { error: SIGN_IN_CODE_FAILURE_MESSAGE, problems: [SIGN_IN_CODE_FAILURE_MESSAGE] };

/** A code step's body: a script's JSON is checked by the contract's schema; the page's form post passes as sent (any failure goes back to the page). */
const signInCodeBody: RequestCheck<z.output<typeof AUTH_SESSION_CODE.request> | SignInFormPost> = (input, request) =>
  isFormPost(request) ? { ok: true, value: input as SignInFormPost } : schemaCheck(AUTH_SESSION_CODE.request)(input, request);

/**
 * Finishes the sign-in the right password began, when the code is right: JSON answers the session
 * or 403; the page's form post answers 303 to where it was going, or back to the code step saying
 * it failed, or, when no code is owed any more (the wait ran out), back to the first step.
 */
async function secondFactorAnswer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | AuthSessionResponse> {
  const formPost = isFormPost(request);
  const form = formPost ? SignInCodeFormSchema.safeParse(request.body) : undefined;
  const next = safeNextPath(form?.success ? form.data.next : undefined);
  const code = formPost ? (form?.success ? form.data.code : undefined) : (request.body as z.output<typeof AUTH_SESSION_CODE.request>).code;
  const pending = pendingSecondFactor(request);
  if (pending === undefined) {
    endSecondFactor(request);
    return formPost ? reply.code(303).header('location', signInHref(next, true)).send() : reply.code(403).send(SIGN_IN_CODE_FAILURE);
  }
  const account = await request.server.store.getUser(pending.email);
  const accepted = code !== undefined && account !== undefined && !account.disabled && (await acceptSecondFactor(request, pending.email, code, { recovery: true }));
  if (!accepted) {
    countSignInFailure(request);
    return formPost ? reply.code(303).header('location', signInHref(next, true, true)).send() : reply.code(403).send(SIGN_IN_CODE_FAILURE);
  }
  endSecondFactor(request);
  await signIn(request, pending);
  rememberDevice(request, accountKey(pending.email));
  await request.server.store.recordSignIn(pending.email);
  return formPost ? reply.code(303).header('location', next).send() : ({ loggedIn: true, user: pending } satisfies AuthSessionResponse);
}

/**
 * Adds the encrypted cookies to every request (`request.session`, the sign-in session's id;
 * `request.formSession`, the no-JavaScript form values) and the `/api/_auth/session` routes.
 * Needs the store plugin first. Fails at start-up in production without SESSION_KEY.
 */
export const authSessionPlugin = fp(async function authSessionPlugin(app: FastifyInstance, options: { config: Config }) {
  const key = await resolveSessionKey(options.config);
  app.decorate('sessionIdleMs', options.config.vars.SESSION_IDLE_MINUTES * 60_000);
  // In production every visitor arrives over HTTPS (at the proxy at least): Secure, whatever
  // X-Forwarded-Proto says or whether a proxy is trusted at all.
  const secure = options.config.env === 'production' ? true : 'auto';
  await app.register(secureSession, [
    {
      sessionName: 'session',
      key,
      cookieName: app.cookieNames.session,
      expiry: SESSION_TTL_SECONDS,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS },
    },
    { key, ...formSessionOptions(secure, app.cookieNames.form) },
    { key, ...deviceCookieOptions(secure, app.cookieNames.device) },
  ]);
  app.decorate('totpSecrets', totpSecretBox(key));
  await app.register(authRoutes);
});
