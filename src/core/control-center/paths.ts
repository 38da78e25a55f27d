/**
 * Where the control center lives and how its sign-in sends people back. Shared by the
 * server's access check and the sign-in page; the route table's names are in
 * core/router/control-center-route.ts (re-exported here for control-center code).
 */

export { CONTROL_CENTER_BRAND, SIGN_IN_CODE_STEP, SIGN_IN_FAILED_PARAM, SIGN_IN_NEXT_PARAM, SIGN_IN_PATH, SIGN_IN_STEP_PARAM } from '../router/control-center-route.ts';
import { SIGN_IN_CODE_STEP, SIGN_IN_FAILED_PARAM, SIGN_IN_NEXT_PARAM, SIGN_IN_PATH, SIGN_IN_STEP_PARAM } from '../router/control-center-route.ts';

/** The one message for any failed sign-in: it never says whether the email or the password was wrong. */
export const SIGN_IN_FAILURE_MESSAGE = 'That email and password do not match an account that may sign in.';

/** The message for a refused second-factor code: wrong, used already, or the sign-in took too long. */
export const SIGN_IN_CODE_FAILURE_MESSAGE = 'That code was not accepted. Enter the current code from your authenticator app, or a recovery code.';

/**
 * `next` when it is a path on this site (a single leading slash, no scheme, no `//` or `/\`
 * that a browser would read as another host), else '/'. Stops the sign-in page from being an
 * open redirect. The path comes back percent-encoded as a URL would carry it (`/€` as
 * `/%E2%82%AC`), so it can always be sent in a Location header.
 *
 * @example
 * safeNextPath('/pages?q=1'); // '/pages?q=1'
 * safeNextPath('//evil.example/'); // '/'
 * safeNextPath('/€'); // '/%E2%82%AC'
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2048) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // No control characters: browsers drop tabs and newlines from URLs, which turns `/\t/x` into `//x`.
  for (const character of next) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return '/';
  }
  let url: URL;
  try {
    url = new URL(next, SAME_SITE_BASE);
  } catch {
    return '/';
  }
  if (url.origin !== SAME_SITE_BASE) return '/';
  const path = url.pathname + url.search + url.hash;
  return path.length > 2048 ? '/' : path;
}

/** A stand-in origin to read a path against: whatever resolves elsewhere is not a path of this site. */
const SAME_SITE_BASE = 'http://same-site.invalid';

/** The sign-in page's address that comes back to `next` (a local path) afterwards; `codeStep` asks for the second factor. */
export function signInHref(next: string, failed = false, codeStep = false): string {
  const query = new URLSearchParams();
  if (next !== '/') query.set(SIGN_IN_NEXT_PARAM, safeNextPath(next));
  if (codeStep) query.set(SIGN_IN_STEP_PARAM, SIGN_IN_CODE_STEP);
  if (failed) query.set(SIGN_IN_FAILED_PARAM, '1');
  const text = query.toString();
  return text ? `${SIGN_IN_PATH}?${text}` : SIGN_IN_PATH;
}
