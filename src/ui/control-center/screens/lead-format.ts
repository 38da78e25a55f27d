/** How the leads screens write times and statuses. */

/** `2026-03-02T10:00:00.000Z` → `2026-03-02 10:00 UTC`: the server's times, unambiguous for staff in any zone. */
export function utcTime(iso: string | null): string {
  return iso === null ? '—' : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A value of a lead field as text: booleans as yes/no, an empty value as a dash. */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
