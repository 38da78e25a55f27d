/**
 * What a phone rule is, shared by the control-center form, the API and
 * the CLI: the affiliate id it is for, the US number it shows, and optionally the routes and the
 * calendar days it is limited to. One schema, so the form refuses exactly what the API refuses.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import * as z from 'zod';
import { AfidSchema, CalendarDaySchema } from './identifiers.ts';

/** Most routes one rule may be limited to. */
export const PHONE_RULE_MAX_ROUTES = 100;

/**
 * A phone number as staff type it ('(888) 555-0142', '888-555-0142', '+1 888 555 0142'),
 * validated as a US number by libphonenumber-js and kept as its 10 national digits, the form the
 * brands' default numbers have (phones-env.ts) and the one every display form is derived from.
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
