/**
 * The rules of a call-back request (server/leads/callback.ts, ui/funnel/CallbackForm.tsx): which
 * fields only it sets, where it asks the phone, and how a typed phone is shaped.
 */
import { CALLBACK_AT_FIELD } from './callback.ts';
import type { LeadProduct } from './product.ts';

/**
 * The fields only the call-back request sets, per product: a funnel's own lead capture drops
 * them, so no capture schedules a call unchecked or gives Medicare a phone number without the
 * call-back form's consent.
 */
export const CALLBACK_ONLY_FIELDS: Readonly<Record<LeadProduct, readonly string[]>> = {
  medicare: ['phone', CALLBACK_AT_FIELD],
  auto: [CALLBACK_AT_FIELD],
  life: [CALLBACK_AT_FIELD],
  health: [CALLBACK_AT_FIELD],
};

/**
 * True when the call-back form asks the number to call: only where the funnel asked none (Medicare).
 * Auto, life and health asked it on their contact step, and their call-back is recorded on that lead.
 */
export function callbackAsksPhone(product: LeadProduct): boolean {
  return product === 'medicare';
}

/**
 * `(NNN) NNN-NNNN` from what a visitor typed into the call-back form's phone input (201.555.0123,
 * 1 201 555 0123), or the trimmed text as it was when it holds no US number's digits (the phone
 * rule then refuses it). The browser shapes it before sending and the server again for a plain
 * form post, so nobody is refused for typing dots.
 * @example
 * callbackPhoneShape('1-201-555-0123'); // '(201) 555-0123'
 */
export function callbackPhoneShape(text: string): string {
  const digits = text.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : text.trim();
}
