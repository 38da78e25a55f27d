/**
 * The control center's place in the route table (spec §2 "Control center (brand ccc only)"):
 * its brand and its sign-in page's path and query parameters. Apart from the rest of the control
 * center's rules (core/control-center/paths.ts) because the route table, the document and the app
 * shell, which every visitor page loads, need these few names and nothing else of it:
 * visitor pages do not grow by a byte for the control center.
 */

import { href } from './route-patterns.ts';

/** The brand that is the control center. */
export const CONTROL_CENTER_BRAND = 'ccc';

/** The sign-in page: the only control-center page a signed-out person can open. */
export const SIGN_IN_PATH = href('cc-sign-in');

/** The sign-in page's query parameter naming where to go after signing in. */
export const SIGN_IN_NEXT_PARAM = 'next';

/** The sign-in page's query parameter saying the last attempt failed (no detail: one generic message). */
export const SIGN_IN_FAILED_PARAM = 'failed';

/**
 * The sign-in page's query parameter naming its step: `code` asks for the second factor (an
 * authenticator app's code) of an account whose password was right. Absent: email and password.
 */
export const SIGN_IN_STEP_PARAM = 'step';

/** The value of {@link SIGN_IN_STEP_PARAM} on the second-factor step. */
export const SIGN_IN_CODE_STEP = 'code';

/**
 * The account screen's query parameter saying how a no-JavaScript password change went: an
 * outcome code (core/contract/account-password.ts), never text, so an address cannot put words on the page.
 */
export const PASSWORD_CHANGE_PARAM = 'password';
