/**
 * In the browser, zod must never compile parsers with `new Function`: even its probe for that
 * (caught when refused) is reported as a Content-Security-Policy violation, since the pages'
 * policy rightly has no 'unsafe-eval'. The interpreted parsers are fast enough for the few
 * payloads a page checks. The server keeps zod's compiled parsers (no CSP applies there).
 *
 * Imported first by contract/endpoint.ts, the module every contract
 * schema builds on: when code splitting puts the contract in a chunk shared with lazily loaded
 * control-center code, that chunk is evaluated before the entry's own modules, and zod decides
 * at schema construction whether it may compile.
 */
import * as z from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });
