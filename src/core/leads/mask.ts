/**
 * Masking personal lead values for operator screens (`cobrand leads show` without --reveal):
 * enough is left to tell leads apart on the phone ("the one ending 4567"), never enough to
 * contact the visitor. The mask has a fixed length, so it does not even give away how long
 * the value was.
 */
import { isPersonalField } from './personal.ts';

/** What stands for the hidden part of a value. */
export const MASK = '***';

/** `jane.doe@example.com` → `j***@e***.com`: first letters of the mailbox and domain, and the top-level domain. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return `${email.charAt(0)}${MASK}`;
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const topLevel = dot > 0 ? domain.slice(dot) : '';
  return `${email.charAt(0)}${MASK}@${domain.charAt(0)}${MASK}${topLevel}`;
}

/** `(305) 555-4567` → `(***) ***-4567`: the last four digits only, as on a card statement. */
function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  // Fewer than 7 digits is no phone number: showing four of them would show most of it.
  return digits.length >= 7 ? `(${MASK}) ${MASK}-${digits.slice(-4)}` : `(${MASK}) ${MASK}-****`;
}

/**
 * `value` masked for display when `field` is personal (see isPersonalField), else unchanged.
 * Emails and phones keep a recognisable hint; dates of birth are hidden whole (a first digit
 * narrows the age); names and addresses keep their first character (`J***`). An empty or absent
 * value stays as it is, so "not given" still reads as such.
 */
export function maskLeadValue(field: string, value: unknown): unknown {
  if (!isPersonalField(field) || value === undefined || value === null || value === '') return value;
  if (typeof value !== 'string') return MASK;
  const name = field.toLowerCase();
  if (name.endsWith('email')) return maskEmail(value);
  if (name.endsWith('phone')) return maskPhone(value);
  if (name.endsWith('dob') || name.endsWith('dateofbirth')) return MASK;
  return `${value.charAt(0)}${MASK}`;
}

/** A copy of a lead's fields with every personal value masked by {@link maskLeadValue}. */
export function maskLeadFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, maskLeadValue(field, value)]));
}
