/**
 * CLI argument parsing through zod (DESIGN.md: every external input is a zod schema). Commander
 * calls the parser for each option value; a refusal becomes commander's "argument '...' is
 * invalid" usage error, which names the bad value and exits with EXIT_CODES.usage.
 */
import { InvalidArgumentError } from 'commander';
import * as z from 'zod';
import { BRAND_IDS, type BrandId } from '../brands/ids.ts';

/** A brand id given on the command line; the message lists the ids that would have worked. */
export const brandIdArgument: z.ZodType<BrandId> = z.enum(BRAND_IDS, {
  error: (issue) => `unknown brand '${String(issue.input)}' (known brands: ${BRAND_IDS.join(', ')})`,
});

/** A commander option parser; `values` lists every value it accepts when they are a fixed set (shell completion offers them). */
export type OptionParser<T> = ((value: string) => T) & { readonly values?: readonly string[] };

/**
 * Turns a zod schema into a commander option parser; every zod issue goes into the usage error.
 * An enum's values are kept on the parser for `cobrand completion`.
 */
export function parseWith<T>(schema: z.ZodType<T>): OptionParser<T> {
  const parse = (value: string): T => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    throw new InvalidArgumentError(result.error.issues.map((issue) => issue.message).join('; '));
  };
  return schema instanceof z.ZodEnum ? Object.assign(parse, { values: schema.options.map(String) }) : parse;
}
