/** Argument checks shared by the store's query modules: a bad argument fails before any SQL runs. */
import { ISO_UTC } from './records.ts';

/** Throws a TypeError unless `value` is `toISOString()` output, which text ordering relies on. */
export function assertIsoTime(what: string, value: string): void {
  if (!ISO_UTC.test(value)) throw new TypeError(`${what} must be a UTC ISO time from toISOString(), got '${value}'`);
}

/** Throws a RangeError naming the parameter unless `value` is a positive integer. */
export function assertPositiveInteger(name: string, value: number, shown: unknown = value): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${JSON.stringify(shown)}`);
}
