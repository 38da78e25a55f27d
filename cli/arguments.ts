/**
 * CLI argument parsing through zod (DESIGN.md: every external input is a zod schema). Commander
 * calls the parser for each option value; a refusal becomes commander's "argument '...' is
 * invalid" usage error, which names the bad value and exits with EXIT_CODES.usage.
 */
import { InvalidArgumentError } from 'commander';
import * as z from 'zod';
import { BRAND_IDS, type BrandId } from '../brands/ids.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { ROUTE_PATTERNS, type RouteName } from '../src/core/router/route-patterns.ts';

/** A brand id given on the command line; the message lists the ids that would have worked. */
export const brandIdArgument: z.ZodType<BrandId> = z.enum(BRAND_IDS, {
  error: (issue) => `unknown brand '${String(issue.input)}' (known brands: ${BRAND_IDS.join(', ')})`,
});

/** A site brand: any brand but the control center, whose pages are staff tools, not a site's. */
export const siteBrandArgument: z.ZodType<BrandId> = brandIdArgument.refine((id) => id !== CONTROL_CENTER_BRAND, { error: `'${CONTROL_CENTER_BRAND}' is the control center, not a site brand` });

/** A route name of the route table (route-patterns.ts, which holds names and paths only, so `--help` stays light). */
export const routeNameArgument: z.ZodType<RouteName> = z.enum(Object.keys(ROUTE_PATTERNS) as [RouteName, ...RouteName[]], {
  error: (issue) => `unknown route '${String(issue.input)}' (cobrand routes list)`,
});

/** An ISO 8601 time with its offset or Z (`2026-11-25T18:00:00Z`). */
export const timeArgument: z.ZodType<Date> = z.iso
  .datetime({ offset: true, error: (issue) => `'${String(issue.input)}' is not an ISO 8601 time such as 2026-11-25T18:00:00Z` })
  .transform((text) => new Date(text));

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
