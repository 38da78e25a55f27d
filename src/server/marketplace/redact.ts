/**
 * PII redaction for recorded upstream exchanges: the store keeps what was sent upstream so it can
 * be inspected and replayed, but never a visitor's name, email, phone, address, date of birth
 * or IP address.
 */

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Keys holding PII in the bodies we send upstream: the marketplace's demand-check and get-phone
 * payloads (ip, contact, email, phone, address, address2, drivers[].name, drivers[].birth_date)
 * and the lead buyer's auto lead (drivers[].first_name, last_name, email, dob, address,
 * primary_phone).
 */
export const PII_KEYS: ReadonlySet<string> = new Set([
  'ip',
  'contact',
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'primary_phone',
  'address',
  'address2',
  'dob',
  'birth_date',
]);

/**
 * Query parameters that carry PII when a funnel link pre-fills the form (spec §3 "Captured query
 * parameters"); they can still be in the page URL a payload sends when it is built before the
 * address bar is cleaned.
 */
export const PII_QUERY_PARAMETERS: ReadonlySet<string> = new Set(['firstname', 'lastname', 'phone', 'dateofbirth', 'email', 'address']);

/**
 * A deep copy of `value` with every {@link PII_KEYS} value (at any depth, inside lists too)
 * replaced by {@link REDACTED}, and {@link PII_QUERY_PARAMETERS} values blanked inside any `url`
 * key. Absent keys stay absent, so the recorded shape shows which fields were sent.
 */
export function redactPii(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactPii);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => {
      if (PII_KEYS.has(key) && entry !== undefined && entry !== null) return [key, REDACTED];
      if (key === 'url' && typeof entry === 'string') return [key, redactUrlQuery(entry)];
      return [key, redactPii(entry)];
    }),
  );
}

/** `url` with its PII query parameters' values redacted; text that is not a URL is kept as it is. */
function redactUrlQuery(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  let changed = false;
  for (const name of [...parsed.searchParams.keys()]) {
    if (!PII_QUERY_PARAMETERS.has(name.toLowerCase())) continue;
    parsed.searchParams.set(name, REDACTED);
    changed = true;
  }
  // Only reserialise when something changed, so an untouched URL is recorded byte for byte.
  return changed ? parsed.toString() : url;
}
