/**
 * The afid and the calendar days of a phone rule: the parts of a rule the CLI parses
 * as it starts and the pages match against, kept apart from fields.ts so that neither loads
 * libphonenumber-js (about 150 KB) for them.
 */
import * as z from 'zod';

/** Longest afid a rule can be for, in characters. */
export const AFID_MAX_LENGTH = 64;

/**
 * An affiliate id as it arrives in the URL parameter `afid`: letters, digits, `.`, `_` and `-`.
 * Anything else is no afid a rule can name (and is never put in a cookie).
 */
export const AFID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The afid of a rule. */
export const AfidSchema = z
  .string({ error: 'the afid is missing' })
  .trim()
  .min(1, 'the afid is empty')
  .max(AFID_MAX_LENGTH, `the afid is longer than ${AFID_MAX_LENGTH} characters`)
  .regex(AFID_PATTERN, 'the afid may hold only letters, digits, ".", "_" and "-"');

/** A calendar day, YYYY-MM-DD, that exists. */
export const CalendarDaySchema = z.iso.date({ error: 'not a date (YYYY-MM-DD)' });
