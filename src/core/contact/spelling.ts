/**
 * The one spelling of an email address and of a phone number, wherever two spellings must count
 * as one: staff accounts and their sign-in budget (an email), and a lead's contact keys, which
 * decide whether a new lead repeats one already sold (core/leads/contact-keys.ts).
 */

/**
 * An email as one spelling: Unicode NFKC (so full-width letters and compatibility forms read as
 * the plain ones), then trimmed of every kind of space (tab, NBSP, U+3000, a byte-order mark),
 * then lower-cased. Two spellings that a person would read as one address are one.
 *
 * @example
 * normaliseEmail('\uFEFF Staff@Example.COM\u3000'); // a byte-order mark, a space and an ideographic space: 'staff@example.com'
 * normaliseEmail('\uFF53\uFF54\uFF41\uFF46\uFF46@example.com'); // full-width letters: 'staff@example.com'
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * A US phone number in E.164 (`+13055550100`), or undefined when it is not one. The sites take
 * US numbers only (core/leads/fields.ts PHONE_PATTERN): ten digits, or eleven written with the
 * country code 1 in front; punctuation and spaces are ignored.
 *
 * @example
 * normalisePhone('(305) 555-0100'); // '+13055550100'
 * normalisePhone('1 305 555 0100'); // '+13055550100'
 * normalisePhone('555-0100'); // undefined
 */
export function normalisePhone(phone: string): string | undefined {
  const digits = phone.normalize('NFKC').replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  return digits.length === 11 && digits.startsWith('1') ? `+${digits}` : undefined;
}
