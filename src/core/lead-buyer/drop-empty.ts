/**
 * `value` with empty values removed, depth first (spec §7: "Empty values and empty lists are
 * dropped"). Empty means undefined, null, '', an empty array, or an object left with no keys,
 * so a list of empty objects drops too. false and 0 are answers, not emptiness, and stay.
 * Returns undefined when `value` itself is empty.
 *
 * Typed as returning `T` because it only removes keys and list items: only use it on types
 * whose object members are all optional.
 */
export function dropEmpty<T>(value: T): T | undefined {
  return dropEmptyValue(value) as T | undefined;
}

function dropEmptyValue(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    const items = value.map(dropEmptyValue).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .map(([key, entry]) => [key, dropEmptyValue(entry)] as const)
      .filter(([, entry]) => entry !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return value;
}
