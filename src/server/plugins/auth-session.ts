/**
 * The sign-in session (spec §1, §4 "Auth", §7): an encrypted cookie (@fastify/secure-session)
 * holding the signed-in user, and the routes that read, set and clear it.
 *
 * - `GET /api/_auth/session`: `{ loggedIn: true, user: { email, name } }` or `{ loggedIn: false }`
 *   (the client sends `Accept: text/json`; the answer is JSON whatever Accept says).
 * - `DELETE /api/_auth/session`: signs out (the cookie is cleared) and answers `{ loggedIn: false }`.
 * - `POST /api/_auth/session` with `{ email, name, password? }`: signs that user in, for tests
 *   and the control center. Allowed when NODE_ENV is not production, or when
 *   CONTROL_CENTER_PASSWORD is set and `password` equals it; otherwise 403. Bad input is 400.
 *
 * The cookie is HttpOnly, SameSite=Lax, path '/', and Secure when the request came over HTTPS
 * (directly, or per X-Forwarded-Proto since the app trusts its proxy).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_SESSION_PATH, SessionUserSchema, SignInBodySchema, type AuthSessionResponse, type SessionUser } from '../../core/contract/auth-session.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';
import { ConfigError, type Config } from '../config.ts';
import { decodeSessionKey, SESSION_KEY_BYTES, sessionEnvProblem } from '../env/session.ts';

/** Name of the session cookie. */
export const SESSION_COOKIE_NAME = 'cobrand_session';

/** How long a session lasts after its last change: the cookie's Max-Age and the encrypted timestamp's expiry. */
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/** File under DATA_DIR holding the generated key when SESSION_KEY is unset (development and test only). */
export const SESSION_KEY_FILE_NAME = 'session.key';

/** Largest accepted sign-in body, in bytes. */
const SIGN_IN_BODY_MAX_BYTES = 4096;

declare module '@fastify/secure-session' {
  interface SessionData {
    user: SessionUser;
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

function sessionAnswer(request: FastifyRequest): AuthSessionResponse {
  const user = SessionUserSchema.safeParse(request.session.get('user'));
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
    request.session.delete();
    return { loggedIn: false };
  });

  app.post(AUTH_SESSION_PATH, { bodyLimit: SIGN_IN_BODY_MAX_BYTES }, async (request, reply) => {
    const parsed = SignInBodySchema.safeParse(request.body);
    if (!parsed.success) return sendBadRequest(reply, 'Invalid sign-in', zodProblems(parsed.error));
    const { password, ...user } = parsed.data;
    const passwordMatches = vars.CONTROL_CENTER_PASSWORD !== undefined && password !== undefined && sameSecret(password, vars.CONTROL_CENTER_PASSWORD);
    if (env === 'production' && !passwordMatches) {
      const reason = vars.CONTROL_CENTER_PASSWORD === undefined ? 'sign-in is disabled in production (CONTROL_CENTER_PASSWORD is not set)' : 'wrong or missing password';
      return reply.code(403).send({ error: reason });
    }
    request.session.set('user', user);
    return { loggedIn: true, user } satisfies AuthSessionResponse;
  });
}

/**
 * Adds the encrypted session cookie to every request (`request.session`) and the
 * `/api/_auth/session` routes. Fails at start-up in production without SESSION_KEY.
 */
export const authSessionPlugin = fp(async function authSessionPlugin(app: FastifyInstance, options: { config: Config }) {
  await app.register(secureSession, {
    key: await resolveSessionKey(options.config),
    cookieName: SESSION_COOKIE_NAME,
    expiry: SESSION_TTL_SECONDS,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_TTL_SECONDS },
  });
  await app.register(authRoutes, options);
});
