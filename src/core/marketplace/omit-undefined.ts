/**
 * `value` without its undefined-valued keys, so a mapped lead or payload holds only what is
 * known (and compares equal to a literal without those keys). Only use it on types whose
 * possibly-undefined keys are optional, which is what makes the returned `T` true.
 */
export function omitUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
