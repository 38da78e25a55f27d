/** Select and radio choices (spec §5, §8: "A select item must not have an empty-string value"). */
import type { FieldOption } from './types.ts';

/** The error a select item with an empty-string value raises, to the letter of spec §8. */
export const EMPTY_OPTION_VALUE_ERROR = 'must have a value that is not an empty string';

/**
 * Throws when `value` is the empty string. An empty value is what "nothing chosen" looks like, so
 * an item carrying it could never be told apart from no answer; a bad definition fails loudly.
 */
export function assertOptionValue(value: string): void {
  if (value === '') throw new Error(EMPTY_OPTION_VALUE_ERROR);
}

/** Builds one choice; throws {@link EMPTY_OPTION_VALUE_ERROR} for an empty-string value. */
export function selectOption(value: string, label: string): FieldOption {
  assertOptionValue(value);
  return { value, label };
}
