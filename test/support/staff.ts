/**
 * Control-center accounts for tests: one created straight in a test app's store, and
 * the session cookie its sign-in gives, as a browser would send it back.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { AUTH_SESSION_PATH } from '../../src/core/contract/auth-session.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { COOKIE_BASE_NAMES } from '../../src/core/http/cookie-names.ts';
import { hostCookieName } from '../../src/core/http/host-cookie.ts';

/** The control center's host in tests. */
export const CONTROL_CENTER_HOST = 'ccc.localhost';

/** A staff account. */
export interface StaffAccount {
  email: string;
  name: string;
  password: string;
}

/** The account tests sign in with unless they need another. */
export const STAFF: StaffAccount = { email: 'staff@example.com', name: 'Staff Member', password: 'correct horse battery staple' };

/** Creates `account` in `app`'s store (as `cobrand users add` does). */
export async function addStaff(app: FastifyInstance, account: StaffAccount = STAFF): Promise<void> {
  const created = await app.store.createUser({ email: account.email, name: account.name, passwordHash: await hashPassword(account.password) });
  assert.ok(created, `account ${account.email} already existed`);
}

/** The `name=value` part of the session cookie a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  // Plain, or `__Host-` on a production-mode app.
  const names = [COOKIE_BASE_NAMES.session, hostCookieName(COOKIE_BASE_NAMES.session, true)];
  const line = (Array.isArray(header) ? header : [header]).find((value) => names.some((name) => value?.startsWith(`${name}=`)));
  assert.ok(line, `no ${COOKIE_BASE_NAMES.session} cookie set; status ${response.statusCode}: ${response.body}`);
  return line.split(';')[0]!;
}

/** Signs `account` in through the API (JSON) and returns its session cookie. */
export async function signedInCookie(app: FastifyInstance, account: StaffAccount = STAFF): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: AUTH_SESSION_PATH,
    headers: { host: CONTROL_CENTER_HOST, 'content-type': 'application/json' },
    payload: JSON.stringify({ email: account.email, password: account.password }),
  });
  assert.equal(response.statusCode, 200, response.body);
  return sessionCookieOf(response);
}
