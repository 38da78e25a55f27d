/**
 * A tiny validator for the browser, so visitor pages carry no zod (about 32 KiB gzip of their first
 * load). The zod schemas in core/contract and core/leads stay the server's truth; the browser checks the
 * same shapes with these few combinators, built from the same constants, and
 * test/unit/browser-checks.test.ts holds each check to its zod schema on a table of inputs.
 * Semantics follow zod's where a check stands in for one: objects are plain non-array objects,
 * integers are safe integers, numbers are finite.
 */

/** A type guard over untrusted data. */
export type Check<T> = (value: unknown) => value is T;

/** The type a {@link Check} accepts. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/** True for a non-null, non-array object (what zod's object and record accept). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Limits of {@link text}. */
export interface TextRules {
  min?: number;
  max?: number;
  pattern?: RegExp;
}

/** A string, optionally of `min` to `max` characters and matching `pattern`. */
export function text({ min = 0, max = Infinity, pattern }: TextRules = {}): Check<string> {
  return (value): value is string => typeof value === 'string' && value.length >= min && value.length <= max && (!pattern || pattern.test(value));
}

/** A finite number. */
export const isNumber: Check<number> = (value): value is number => typeof value === 'number' && Number.isFinite(value);

/** A safe integer from `min` to `max`. */
export function integer(min = -Infinity, max = Infinity): Check<number> {
  return (value): value is number => Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;
}

/** A boolean. */
export const isBoolean: Check<boolean> = (value): value is boolean => typeof value === 'boolean';

/** Exactly one of `values` (a literal or an enum). */
export function oneOf<const T extends readonly (string | number | boolean)[]>(...values: T): Check<T[number]> {
  return (value): value is T[number] => values.includes(value as T[number]);
}

/** Anything at all (a field whose value is not checked); in an {@link object}, the key must be there, as zod asks. */
export const isUnknown: Check<unknown> = (_value): _value is unknown => true;

/** `undefined` or what `check` accepts. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (value): value is T | undefined => value === undefined || check(value);
}

/** `null` or what `check` accepts. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value): value is T | null => value === null || check(value);
}

/** An array whose every item `check` accepts. */
export function arrayOf<T>(check: Check<T>): Check<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(check);
}


type Shape = Record<string, Check<unknown>>;
type ShapeType<S extends Shape> = { [K in keyof S]: Checked<S[K]> };

/**
 * A plain object whose listed keys pass their checks (a missing key reads as `undefined`, except
 * that an {@link isUnknown} key must be present, as in zod). Other keys are allowed, unless
 * `strict`, like zod's strictObject.
 */
export function object<S extends Shape>(shape: S, { strict = false } = {}): Check<ShapeType<S>> {
  const entries = Object.entries(shape);
  return (value): value is ShapeType<S> =>
    isRecord(value) &&
    entries.every(([key, check]) => (check === isUnknown ? Object.hasOwn(value, key) : check(value[key]))) &&
    (!strict || Object.keys(value).every((key) => Object.hasOwn(shape, key)));
}

/** `value` when `check` accepts it; else throws a TypeError naming `what` (zod's `parse`, for the browser). */
export function expectValid<T>(check: Check<T>, value: unknown, what: string): T {
  if (!check(value)) throw new TypeError(`not ${what}`);
  return value;
}
