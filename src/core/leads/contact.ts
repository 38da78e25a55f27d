/**
 * The contact fields of the life and health leads: the visitor's own name, email and phone.
 * The names are the bare `firstName`, `lastName`, `email`, `phone` on purpose: personal.ts
 * redacts by name suffix, so these are kept out of events and the data layer with no extra rule,
 * and both products share them, so a visitor's details given in one funnel pre-fill the other.
 */
import { LEAD_FIELD_RULES } from './fields.ts';

/** The contact fields and their rules (the spec's name, email and phone rules, §5). */
export const CONTACT_LEAD_FIELDS = {
  firstName: LEAD_FIELD_RULES.nameOrAddress,
  lastName: LEAD_FIELD_RULES.nameOrAddress,
  email: LEAD_FIELD_RULES.email,
  phone: LEAD_FIELD_RULES.phone,
} as const;
