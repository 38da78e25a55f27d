/** What lead validation answers, with or without zod (validate.ts, check.ts). */
import type { LocalizedText } from './localized.ts';

/** One invalid field: its name (as in the lead, e.g. `driver2Dob`) and what a valid value looks like. */
export interface LeadProblem {
  /** The lead field; `''` when the values as a whole are not an object of fields. */
  field: string;
  message: string;
}

/** The outcome of validating a lead's fields. */
export type LeadValidation<L> = { ok: true; lead: L } | { ok: false; problems: LeadProblem[] };

/** The problem when the values as a whole are not an object of fields. */
export const NOT_AN_OBJECT: LocalizedText = {
  en: 'Send the lead as an object of fields.',
  es: 'Envíe el lead como un objeto de campos.',
};
