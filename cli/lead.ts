/**
 * `cobrand lead map` (registered in lead-command.ts): read a lead JSON with the lead schemas and print it as a provider
 * receives it (spec §7 lead mappings): the ad marketplace's get-phone `data`, or the second lead
 * buyer's payload. Leniently by default, as a stored lead is read (spec §5: "every lead field is
 * optional; an invalid stored value is silently treated as absent"): each dropped field is a
 * warning on stderr and the rest is mapped. With --strict, problems print one per line and exit 1.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { mapLeadForLeadBuyer } from '../src/core/lead-buyer/mapping.ts';
import type { LeadFieldRules } from '../src/core/leads/fields.ts';
import { LEAD_FIELDS_BY_PRODUCT, type LeadFor, type LeadProduct } from '../src/core/leads/product.ts';
import { readStoredLead } from '../src/core/leads/stored.ts';
import { validateLeadFields } from '../src/core/leads/validate.ts';
import { mapLeadForMarketplace } from '../src/core/marketplace/lead-mapping.ts';
import { print, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import type { LeadMapOptions } from './lead-arguments.ts';

/** The file's text, or stdin's for `-`; an unreadable file is a usage error naming it. */
async function readInput(io: CliIo, command: Command, file: string): Promise<string> {
  try {
    return file === '-' ? await io.readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    command.error(`error: cannot read lead file '${file}' (${reason})`, { exitCode: EXIT_CODES.usage });
  }
}

/** One lead field the lenient reading left out, and why (never the value: it may be personal). */
export interface DroppedField {
  field: string;
  reason: string;
}

/**
 * `values` read as a stored lead is (readStoredLead): the valid fields, and each field of the
 * product that was given but dropped. Keys that are no field of the product are not listed:
 * the strict reading ignores them too (a form bucket holds other forms' fields).
 */
export function readLeniently<P extends LeadProduct>(product: P, values: Record<string, unknown>): { lead: LeadFor<P>; dropped: DroppedField[] } {
  const lead = readStoredLead(product, values);
  const rules: LeadFieldRules = LEAD_FIELDS_BY_PRODUCT[product];
  const dropped = Object.keys(values)
    .filter((field) => Object.hasOwn(rules, field) && !Object.hasOwn(lead, field))
    .map((field) => ({ field, reason: values[field] === '' ? 'empty' : (rules[field]?.message('en') ?? 'invalid') }));
  return { lead, dropped };
}

/** The lead in `values`: strictly (problems → exit 1) or leniently (dropped fields → warnings); undefined after reporting. */
function readLead(io: CliIo, product: LeadProduct, values: unknown, strict: boolean): LeadFor<LeadProduct> | undefined {
  const isObject = typeof values === 'object' && values !== null && !Array.isArray(values);
  // Leniency is per field; something that is not an object of fields at all is still a mistake.
  if (strict || !isObject) {
    const validation = validateLeadFields(product, values);
    if (validation.ok) return validation.lead;
    for (const problem of validation.problems) print(io.stdout, `${problem.field || '(lead)'}: ${problem.message}`);
    io.setExitCode(EXIT_CODES.problems);
    return undefined;
  }
  const { lead, dropped } = readLeniently(product, values as Record<string, unknown>);
  for (const { field, reason } of dropped) print(io.stderr, `warning: dropped ${field}: ${reason}`);
  return lead;
}

/** `lead map`. */
export async function mapLead(io: CliIo, file: string, options: LeadMapOptions, command: Command): Promise<void> {
  const text = await readInput(io, command, file);
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    print(io.stdout, `${file === '-' ? 'stdin' : file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    io.setExitCode(EXIT_CODES.problems);
    return;
  }
  const lead = readLead(io, options.product, values, options.strict === true);
  if (lead === undefined) return;
  let mapped: unknown;
  try {
    mapped = options.provider === 'marketplace' ? mapLeadForMarketplace(options.product, lead) : mapLeadForLeadBuyer(options.product, lead);
  } catch (error) {
    // A product the provider has no schema for (spec §8: the lead buyer takes auto leads only): the mapping's own message says so.
    print(io.stderr, `error: ${error instanceof Error ? error.message : String(error)}`);
    io.setExitCode(EXIT_CODES.problems);
    return;
  }
  print(io.stdout, JSON.stringify(mapped, null, 2));
}
