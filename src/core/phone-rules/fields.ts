/**
 * What a phone rule is (issue 13 "Phone rules"), shared by the control-center form, the API and
 * the CLI: the affiliate id it is for, the US number it shows, and optionally the routes and the
 * calendar days it is limited to. One schema, so the form refuses exactly what the API refuses.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as z from 'zod';

/** Longest afid a rule can be for, in characters. */
export const AFID_MAX_LENGTH = 64;

/**
 * An affiliate id as it arrives in the URL parameter `afid`: letters, digits, `.`, `_` and `-`.
 * Anything else is no afid a rule can name (and is never put in a cookie).
 */
export const AFID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Most routes one rule may be limited to. */
export const PHONE_RULE_MAX_ROUTES = 100;

/** The afid of a rule. */
export const AfidSchema = z
  .string({ error: 'the afid is missing' })
  .trim()
  .min(1, 'the afid is empty')
  .max(AFID_MAX_LENGTH, `the afid is longer than ${AFID_MAX_LENGTH} characters`)
  .regex(AFID_PATTERN, 'the afid may hold only letters, digits, ".", "_" and "-"');

/**
 * A phone number as staff type it ('(888) 555-0142', '888-555-0142', '+1 888 555 0142'),
 * validated as a US number by libphonenumber-js and kept as its 10 national digits, the form the
 * brands' default numbers have (env/phones.ts) and the one every display form is derived from.
 */
export const UsPhoneNumberSchema = z
  .string({ error: 'the number is missing' })
  .trim()
  .min(1, 'the number is empty')
  .max(32, 'the number is longer than 32 characters')
  .transform((text, context) => {
    const parsed = parsePhoneNumberFromString(text, 'US');
    if (parsed === undefined || !parsed.isValid() || parsed.country !== 'US') {
      context.addIssue({ code: 'custom', message: `'${text}' is not a valid US phone number` });
      return z.NEVER;
    }
    return String(parsed.nationalNumber);
  });

/** A calendar day, YYYY-MM-DD, that exists. */
export const CalendarDaySchema = z.iso.date({ error: 'not a date (YYYY-MM-DD)' });

/** A route name (the check that the branch has it is the caller's: it needs the route table). */
export const RouteNameSchema = z.string().trim().min(1, 'a route name is empty').max(100, 'a route name is longer than 100 characters');

/**
 * A rule's editable fields. `routes` empty: every route of the branch. `startsOn` and `endsOn`
 * are inclusive calendar days in Los Angeles time (the call centre's, as for working hours);
 * null: open on that side.
 */
export const PhoneRuleFieldsSchema = z
  .strictObject({
    afid: AfidSchema,
    number: UsPhoneNumberSchema,
    routes: z
      .array(RouteNameSchema)
      .max(PHONE_RULE_MAX_ROUTES, `a rule is limited to at most ${PHONE_RULE_MAX_ROUTES} routes`)
      .default([])
      .transform((routes) => [...new Set(routes)]),
    startsOn: CalendarDaySchema.nullable().default(null),
    endsOn: CalendarDaySchema.nullable().default(null),
  })
  .refine((rule) => rule.startsOn === null || rule.endsOn === null || rule.startsOn <= rule.endsOn, {
    message: 'the end date is before the start date',
    path: ['endsOn'],
  });

/** The fields as sent (form, API body, CLI). */
export type PhoneRuleInput = z.input<typeof PhoneRuleFieldsSchema>;

/** The fields once valid: the number as 10 digits, routes without repeats. */
export type PhoneRuleFields = z.output<typeof PhoneRuleFieldsSchema>;
