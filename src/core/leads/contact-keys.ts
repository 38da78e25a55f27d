/**
 * Who a lead is from, as the duplicate rule compares it: the visitor's own phone and email in
 * one spelling each (core/contact/spelling.ts), so `(305) 555-0100` and `305.555.0100`, or
 * `Ana@Example.com ` and `ana@example.com`, are the same person. The server stores a hash of
 * each beside the lead and finds an earlier lead of the same product by it
 * (server/leads/lead-queries.ts).
 */
import { normaliseEmail, normalisePhone } from '../contact/spelling.ts';

/**
 * How long a contact, once offered to a buyer, is not offered again for the same product: a new
 * lead from the same phone or email within this window is a `duplicate` of the first.
 */
export const DUPLICATE_WINDOW_DAYS = 30;

/** {@link DUPLICATE_WINDOW_DAYS} in milliseconds. */
export const DUPLICATE_WINDOW_MS = DUPLICATE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/**
 * The fields holding the visitor's own phone and email, per product. The auto funnel asks the
 * visitor's details as the first driver's (nobody is asked another driver's phone or email);
 * life and health ask them bare. Medicare leads hold a phone only when booked as a call-back.
 */
const CONTACT_FIELDS: Readonly<Record<string, { phone: string; email: string }>> = {
  medicare: { phone: 'phone', email: 'email' },
  auto: { phone: 'driver1Phone', email: 'driver1Email' },
  life: { phone: 'phone', email: 'email' },
  health: { phone: 'phone', email: 'email' },
};

/** A lead's contact in one spelling: E.164 phone, normalised email; each absent when the lead has none. */
export interface LeadContact {
  phone?: string;
  email?: string;
}

/**
 * The visitor's phone (E.164) and email (normalised) in a lead of `product`.
 *
 * @example
 * leadContact('life', { phone: '(305) 555-0100', email: ' Ana@Example.com' });
 * // { phone: '+13055550100', email: 'ana@example.com' }
 */
export function leadContact(product: string, fields: Readonly<Record<string, unknown>>): LeadContact {
  const names = CONTACT_FIELDS[product];
  if (names === undefined) return {};
  const phoneText = fields[names.phone];
  const emailText = fields[names.email];
  const phone = typeof phoneText === 'string' ? normalisePhone(phoneText) : undefined;
  const email = typeof emailText === 'string' && emailText.trim() !== '' ? normaliseEmail(emailText) : undefined;
  return { ...(phone === undefined ? {} : { phone }), ...(email === undefined ? {} : { email }) };
}
