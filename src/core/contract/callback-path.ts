/**
 * The call-back endpoint's path, zod-free, in a module of its own rather than in paths.ts: only
 * the lazily loaded call-back form imports it in the browser, and sharing paths.ts with that chunk
 * would split paths.ts out of the funnel page's first-load chunk into one more file.
 */

/** POST: book a call-back outside working hours (JSON, or the end screen's plain form). */
export const LEADS_CALLBACK_PATH = '/api/leads/callback';
