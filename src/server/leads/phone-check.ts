/**
 * Real phone numbers on leads, checked on the server only: a buyer pays for a lead to call it, so
 * its numbers must be numbers someone can answer. The shared lead rule (core/leads/fields.ts)
 * checks the shape `(NNN) NNN-NNNN` in the browser and on the server alike; this adds what only
 * libphonenumber-js's numbering plan knows (an area code and exchange in service in the North
 * American Numbering Plan, not a toll-free or premium-rate line), which is kept out of the
 * visitor bundle (about 150 KB). The fictional 555-0100 to 555-0199 numbers (reserved for films
 * and tests) are refused in production only: the sandbox and the tests type them.
 */
import { parsePhoneNumberFromString, type NumberType } from 'libphonenumber-js';
import { LEAD_FIELD_RULES, type LeadFieldRules } from '../../core/leads/fields.ts';
import type { LeadLanguage, LocalizedText } from '../../core/leads/localized.ts';
import { LEAD_FIELDS_BY_PRODUCT, type LeadProduct } from '../../core/leads/product.ts';

/** What a person sees when a well-formed phone number is not one we can call. */
export const UNREACHABLE_PHONE_MESSAGE: LocalizedText = {
  en: 'Enter a US or Canadian phone number we can call you at.',
  es: 'Ingrese un número de teléfono de EE. UU. o Canadá al que podamos llamarle.',
};

/** The North American Numbering Plan's country calling code: the US, Canada and the Caribbean members share it. */
const NANP_CALLING_CODE = '1';

/** Kinds of numbers that reach no person: a lead's phone is the visitor's own line. */
const UNREACHABLE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN', 'VOICEMAIL']);

/** The fictional exchange and line range (NXX-555-0100 to 0199), which is never assigned to anyone. */
const FICTIONAL_EXCHANGE = '555';
const FICTIONAL_LINES = { first: 100, last: 199 } as const;

/** True when the 10 national digits are in the fictional 555-0100 to 555-0199 range (any area code). */
export function isFictionalNumber(nationalDigits: string): boolean {
  const line = Number(nationalDigits.slice(6));
  return nationalDigits.length === 10 && nationalDigits.slice(3, 6) === FICTIONAL_EXCHANGE && line >= FICTIONAL_LINES.first && line <= FICTIONAL_LINES.last;
}

/**
 * True when `text` is a phone number a lead may carry: a valid NANP number that is no toll-free or
 * premium-rate line, and in `production` not one of the fictional 555-01xx numbers.
 * @example
 * isCallablePhone('(201) 234-5678', { production: true }); // true
 * isCallablePhone('(555) 123-4567', { production: false }); // false: no area code 555
 * isCallablePhone('(201) 555-0123', { production: true }); // false: fictional
 * isCallablePhone('(201) 555-0123', { production: false }); // true: the sandbox's and the tests' numbers
 */
export function isCallablePhone(text: string, options: { production: boolean }): boolean {
  const parsed = parsePhoneNumberFromString(text, 'US');
  if (parsed === undefined || parsed.countryCallingCode !== NANP_CALLING_CODE || !parsed.isValid()) return false;
  const type = parsed.getType();
  if (type !== undefined && UNREACHABLE_TYPES.has(type)) return false;
  return !(options.production && isFictionalNumber(String(parsed.nationalNumber)));
}

/** The phone fields of a `product` lead: those the shared phone rule checks (driver1Phone, phone, …). */
function phoneFieldsOf(product: LeadProduct): string[] {
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  return Object.entries(rules).flatMap(([field, rule]) => (rule === LEAD_FIELD_RULES.phone ? [field] : []));
}

/**
 * One problem per phone field of `values` (a `product` lead's, already of the right shape) that
 * is not a number we can call, in `language`; none when all are.
 */
export function phoneProblems(product: LeadProduct, values: Readonly<Record<string, unknown>>, language: LeadLanguage, options: { production: boolean }): Array<{ field: string; message: string }> {
  return phoneFieldsOf(product).flatMap((field) => {
    const value = values[field];
    return typeof value === 'string' && !isCallablePhone(value, options) ? [{ field, message: UNREACHABLE_PHONE_MESSAGE[language] }] : [];
  });
}
