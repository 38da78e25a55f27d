import * as z from 'zod';

/** Bytes of the session encryption key (libsodium secretbox, as @fastify/secure-session uses). */
export const SESSION_KEY_BYTES = 32;

const HEX_KEY = new RegExp(`^[0-9a-fA-F]{${SESSION_KEY_BYTES * 2}}$`);
const BASE64_KEY = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes a session key written as 64 hex characters or as base64 of 32 bytes.
 * Returns undefined when the text is neither (hex is tried first: 64 hex digits are also valid base64).
 */
export function decodeSessionKey(text: string): Buffer | undefined {
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (!BASE64_KEY.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === SESSION_KEY_BYTES ? bytes : undefined;
}

/**
 * Environment variables of the sign-in session (src/server/auth/auth-session.ts).
 *
 * - `SESSION_KEY`: the key that encrypts and signs the session cookie, 64 hex characters or base64
 *   of 32 bytes (e.g. `openssl rand -hex 32`). Required in production; in development and test an
 *   unset key is generated once and kept in `${DATA_DIR}/session.key` (mode 0600).
 *
 * - `SESSION_IDLE_MINUTES`: how long a signed-in session lasts without a request before it is over
 *   (default 30, from 1 to 1440); the session ends 24 hours after sign-in however busy it is.
 *
 * Who may sign in is the accounts table (user-store.ts, `cobrand users add`), not a variable.
 */
export const SESSION_ENV = {
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_KEY: z
    .string()
    .refine((text) => decodeSessionKey(text) !== undefined, `must be ${SESSION_KEY_BYTES * 2} hex characters or base64 of ${SESSION_KEY_BYTES} bytes`)
    .optional(),
};

/**
 * The problem with the session variables for a given NODE_ENV, or undefined. Checked when the
 * server starts (not in loadConfig) because only the server needs a key: the CLI loads the same
 * config in production without one.
 */
export function sessionEnvProblem(vars: { NODE_ENV: string; SESSION_KEY?: string | undefined }): string | undefined {
  if (vars.NODE_ENV === 'production' && vars.SESSION_KEY === undefined) {
    return `SESSION_KEY: required in production (${SESSION_KEY_BYTES * 2} hex characters or base64 of ${SESSION_KEY_BYTES} bytes, e.g. from \`openssl rand -hex 32\`)`;
  }
  return undefined;
}
