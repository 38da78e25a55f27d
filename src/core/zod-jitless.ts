/**
 * Imported first by the entry: zod compiles object parsers with `new Function` unless told not
 * to, and even its probe for that (caught when refused) is reported as a Content-Security-Policy
 * violation, since the pages' policy rightly has no 'unsafe-eval'. The interpreted parsers are
 * fast enough for the few payloads a page checks.
 */
import * as z from 'zod';

z.config({ jitless: true });
