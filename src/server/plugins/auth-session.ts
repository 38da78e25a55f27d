/**
 * The sign-in session (spec §1, §4 "Auth", §7): a session kept in the store (store/sessions.ts)
 * whose random id travels in an encrypted cookie (@fastify/secure-session), and the routes that
 * read, start and end it.
 *
 * - `GET /api/_auth/session`: `{ loggedIn: true, user: { email, name } }` or `{ loggedIn: false }`
 *   (the client sends `Accept: text/json`; the answer is JSON whatever Accept says).
 * - `DELETE /api/_auth/session`: signs out: the session is revoked in the store, so the cookie
 *   stops working on every node (a copy of it too), the cookie is cleared, and the answer is
 *   `{ loggedIn: false }`.
 * - `POST /api/_auth/session` with `{ email, name, password? }`: signs that user in, for tests
 *   and the control center. Allowed when NODE_ENV is not production, or when
 *   CONTROL_CENTER_PASSWORD is set and `password` equals it; otherwise 403. Bad input is 400.
 *
 * Every request that needs a signed-in user asks {@link currentSession} (or uses
 * {@link requireSignedIn}): the cookie's session id is looked up in the store each time, so a
 * revoked or expired session is over at once. A session lives {@link SESSION_TTL_SECONDS} from
 * sign-in. The cookie holds nothing but that id, and is HttpOnly, SameSite=Lax, path '/', Secure
 * in production whatever the proxy says, and elsewhere Secure when the request came over HTTPS
 * (directly, or per X-Forwarded-Proto from a proxy TRUST_PROXY trusts).
 *
 * The same key also encrypts the no-JavaScript form cookie (funnels/form-session.ts), registered
 * here because @fastify/secure-session takes all its cookies in one registration.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_SESSION_PATH, AUTH_SESSION_SIGN_IN, SessionUserSchema, SignInBodySchema, type AuthSessionResponse, type SessionUser } from '../../core/contract/auth-session.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';
import { ConfigError, type Config } from '../config.ts';
import { decodeSessionKey, SESSION_KEY_BYTES, sessionEnvProblem } from '../env/session.ts';
import { formSessionOptions } from '../funnels/form-session.ts';
import type { StoredSession } from '../store/index.ts';
import { signInLockout } from './limits.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE_NAME = 'cobrand_session';

/** How long a session lasts from sign-in: the stored session's expiry, the cookie's Max-Age and the encrypted timestamp's expiry. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** File under DATA_DIR holding the generated key when SESSION_KEY is unset (development and test only). */
export const SESSION_KEY_FILE_NAME = 'session.key';

declare module '@fastify/secure-session' {
  interface SessionData {
    /** The session id (store/sessions.ts); the user is in the store, not in the cookie. */
    sid: string;
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

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison time says nothing about the secret.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const sessionLookups = new WeakMap<FastifyRequest, Promise<StoredSession | undefined>>();

/**
 * The live session of this request's cookie: looked up in the store (once per request), so a
 * revoked or expired session is undefined. A cookie naming a session that is over is cleared.
 */
export function currentSession(request: FastifyRequest): Promise<StoredSession | undefined> {
  let lookup = sessionLookups.get(request);
  if (lookup === undefined) {
    const sid = request.session.get('sid');
    lookup =
      typeof sid !== 'string'
        ? Promise.resolve(undefined)
        : request.server.store.getSession(sid).then((session) => {
            if (session === undefined) request.session.delete();
            return session;
          });
    sessionLookups.set(request, lookup);
  }
  return lookup;
}

/** A preHandler for routes only a signed-in user may use: 401 `{ error }` otherwise. */
export async function requireSignedIn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if ((await currentSession(request)) === undefined) await reply.code(401).send({ error: 'sign-in required' });
}

/** Starts a session for `user` in the store and puts its id in the cookie; a session the cookie named before is revoked. */
export async function signIn(request: FastifyRequest, user: SessionUser): Promise<StoredSession> {
  const previous = request.session.get('sid');
  if (typeof previous === 'string') await request.server.store.revokeSession(previous);
  const session = await request.server.store.createSession({ user, ttlSeconds: SESSION_TTL_SECONDS });
  request.session.set('sid', session.id);
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

async function authRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { env, vars } = options.config;
  answerBadRequestsAsJson(app);
  // A session answer is about one visitor: never cache it anywhere.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(AUTH_SESSION_PATH, async (request) => sessionAnswer(request));

  app.delete(AUTH_SESSION_PATH, async (request): Promise<AuthSessionResponse> => {
    await signOut(request);
    return { loggedIn: false };
  });

  // Issue 10: a locked account is refused before the password is checked; failures are counted (limits.ts).
  app.post(AUTH_SESSION_PATH, { bodyLimit: AUTH_SESSION_SIGN_IN.bodyLimit, ...signInLockout }, async (request, reply) => {
    const parsed = SignInBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBadRequest(reply, 'Invalid sign-in', zodProblems(parsed.error));
    const { password, ...user } = parsed.data;
    const passwordMatches = vars.CONTROL_CENTER_PASSWORD !== undefined && password !== undefined && sameSecret(password, vars.CONTROL_CENTER_PASSWORD);
    if (env === 'production' && !passwordMatches) {
      const reason = vars.CONTROL_CENTER_PASSWORD === undefined ? 'sign-in is disabled in production (CONTROL_CENTER_PASSWORD is not set)' : 'wrong or missing password';
      return reply.code(403).send({ error: reason });
    }
    await signIn(request, user);
    return { loggedIn: true, user } satisfies AuthSessionResponse;
  });
}

/**
 * Adds the encrypted cookies to every request (`request.session`, the sign-in session's id;
 * `request.formSession`, the no-JavaScript form values) and the `/api/_auth/session` routes.
 * Needs the store plugin first. Fails at start-up in production without SESSION_KEY.
 */
export const authSessionPlugin = fp(async function authSessionPlugin(app: FastifyInstance, options: { config: Config }) {
  const key = await resolveSessionKey(options.config);
  // In production every visitor arrives over HTTPS (at the proxy at least): Secure, whatever
  // X-Forwarded-Proto says or whether a proxy is trusted at all.
  const secure = options.config.env === 'production' ? true : 'auto';
  await app.register(secureSession, [
    {
      sessionName: 'session',
      key,
      cookieName: SESSION_COOKIE_NAME,
      expiry: SESSION_TTL_SECONDS,
      cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS },
    },
    { key, ...formSessionOptions(secure) },
  ]);
  await app.register(authRoutes, options);
});
