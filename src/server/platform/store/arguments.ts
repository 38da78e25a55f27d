/** Argument checks shared by the store's query modules: a bad argument fails before any SQL runs. */

/** Throws a RangeError naming the parameter unless `value` is a positive integer. */
export function assertPositiveInteger(name: string, value: number, shown: unknown = value): void {
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer, got ${JSON.stringify(shown)}`);
}
