/**
 * The scheduled call-back (ui/funnel/CallbackForm.tsx, server/leads/callback.ts): outside working
 * hours a visitor chooses when the call centre calls them back. Every product's lead may carry
 * the chosen time, `callbackAt`, the start of the window (core/leads/callback-slots.ts) as an ISO
 * UTC instant; only the call-back request sets it, never a funnel's form (callback-rules.ts).
 * Only the fields here, which every lead's rules import: the rules of the call-back itself are
 * apart, so they stay out of the funnel page's first load.
 */
import { LEAD_FIELD_RULES } from './fields.ts';

/** The field naming when the visitor asked to be called back. */
export const CALLBACK_AT_FIELD = 'callbackAt';

/** The call-back fields every product's lead has, and their rules. */
export const CALLBACK_LEAD_FIELDS = {
  [CALLBACK_AT_FIELD]: LEAD_FIELD_RULES.instant,
} as const;

