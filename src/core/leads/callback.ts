/**
 * The scheduled call-back (ui/funnel/CallbackForm.tsx, server/leads/callback.ts): outside working
 * hours a visitor chooses when the call centre calls them back. Every product's lead may carry
 * the chosen time, `callbackAt`, the start of the window (core/leads/callback-slots.ts) as an ISO
 * UTC instant; only the call-back request sets it, never a funnel's form.
 */
import { LEAD_FIELD_RULES } from './fields.ts';
import type { LeadProduct } from './product.ts';

/** The field naming when the visitor asked to be called back. */
export const CALLBACK_AT_FIELD = 'callbackAt';

/** The call-back fields every product's lead has, and their rules. */
export const CALLBACK_LEAD_FIELDS = {
  [CALLBACK_AT_FIELD]: LEAD_FIELD_RULES.instant,
} as const;

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
