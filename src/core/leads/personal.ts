/**
 * Which lead fields are personal data: names, email, phone,
 * street address and date of birth. Their values live in the leads table only; events and the
 * tag manager's data layer keep the field names with the value replaced by {@link REDACTED}.
 */

/** What a personal value is replaced with outside the leads table. */
export const REDACTED = '[redacted]';

/**
 * Personal field names end in one of these, whatever comes before: `driver2FirstName`,
 * `driver1Dob`, `contactPhone`, and the bare `email`, `phone`, `firstName` of the life and
 * health contact steps. A suffix rule covers every driver and every product in one place.
 */
const PERSONAL_SUFFIXES = ['firstname', 'lastname', 'email', 'phone', 'address', 'address2', 'dob', 'dateofbirth'] as const;

/** True when `field` holds personal data. */
export function isPersonalField(field: string): boolean {
  const name = field.toLowerCase();
  return PERSONAL_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * A copy of `values` safe to track: every key kept, personal values that are present replaced
 * by {@link REDACTED} (an absent or empty personal value stays as it was, so "skipped" can still
 * be told apart from "answered").
 */
export function redactPersonalFields(values: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    safe[field] = isPersonalField(field) && value !== undefined && value !== null && value !== '' ? REDACTED : value;
  }
  return safe;
}
