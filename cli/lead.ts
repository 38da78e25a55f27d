/**
 * `cobrand lead map`: read a lead JSON with the lead schemas and print it as a provider
 * receives it (spec §7 lead mappings): the ad marketplace's get-phone `data`, or the second lead
 * buyer's payload. Leniently by default, as a stored lead is read (spec §5: "every lead field is
 * optional; an invalid stored value is silently treated as absent"): each dropped field is a
 * warning on stderr and the rest is mapped. With --strict, problems print one per line and exit 1.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import * as z from 'zod';
import { mapLeadForLeadBuyer } from '../src/core/lead-buyer/mapping.ts';
import type { LeadFieldRules } from '../src/core/leads/lead-schema.ts';
import { LEAD_FIELDS_BY_PRODUCT, LEAD_PRODUCTS, type LeadFor, type LeadProduct } from '../src/core/leads/product.ts';
import { readStoredLead } from '../src/core/leads/stored.ts';
import { validateLeadFields } from '../src/core/leads/validate.ts';
import { mapLeadForMarketplace } from '../src/core/marketplace/lead-mapping.ts';
import { parseWith } from './arguments.ts';
import { EXIT_CODES } from './exit-codes.ts';

/** The providers a lead can be mapped for. */
export const LEAD_PROVIDERS = ['marketplace', 'lead-buyer'] as const;

/** A provider a lead can be mapped for. */
export type LeadProvider = (typeof LEAD_PROVIDERS)[number];

const providerArgument = z.enum(LEAD_PROVIDERS, {
  error: (issue) => `unknown provider '${String(issue.input)}' (known: ${LEAD_PROVIDERS.join(', ')})`,
});
const productArgument = z.enum(LEAD_PRODUCTS, {
  error: (issue) => `unknown product '${String(issue.input)}' (known: ${LEAD_PRODUCTS.join(', ')})`,
});

/** The file's text, or stdin's for `-`; an unreadable file is a usage error naming it. */
function readInput(command: Command, file: string): string {
  try {
    return readFileSync(file === '-' ? 0 : file, 'utf8');
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
function readLead(product: LeadProduct, values: unknown, strict: boolean): LeadFor<LeadProduct> | undefined {
  const isObject = typeof values === 'object' && values !== null && !Array.isArray(values);
  // Leniency is per field; something that is not an object of fields at all is still a mistake.
  if (strict || !isObject) {
    const validation = validateLeadFields(product, values);
    if (validation.ok) return validation.lead;
    for (const problem of validation.problems) console.log(`${problem.field || '(lead)'}: ${problem.message}`);
    process.exitCode = EXIT_CODES.problems;
    return undefined;
  }
  const { lead, dropped } = readLeniently(product, values as Record<string, unknown>);
  for (const { field, reason } of dropped) console.error(`warning: dropped ${field}: ${reason}`);
  return lead;
}

function mapLead(file: string, options: { provider: LeadProvider; product: LeadProduct; strict?: boolean }, command: Command): void {
  const text = readInput(command, file);
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    console.log(`${file === '-' ? 'stdin' : file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    process.exitCode = EXIT_CODES.problems;
    return;
  }
  const lead = readLead(options.product, values, options.strict === true);
  if (lead === undefined) return;
  let mapped: unknown;
  try {
    mapped = options.provider === 'marketplace' ? mapLeadForMarketplace(options.product, lead) : mapLeadForLeadBuyer(options.product, lead);
  } catch (error) {
    // A product the provider has no schema for (spec §8: the lead buyer takes auto leads only): the mapping's own message says so.
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = EXIT_CODES.problems;
    return;
  }
  console.log(JSON.stringify(mapped, null, 2));
}

/** Registers `lead map`. */
export function registerLeadCommands(program: Command): void {
  const lead = program.command('lead').description('check leads and see them as the providers receive them');
  lead
    .command('map')
    .description(
      'read a lead JSON file (- for stdin) as a stored lead is read, invalid fields dropped with a warning each, and print it mapped for a provider; ' +
        'with --strict any invalid field exits 1 instead',
    )
    .argument('<file>', 'the lead as JSON: an object of lead fields (zipcode, driver1FirstName, ...), or - for stdin')
    .requiredOption('--provider <name>', `who receives it: ${LEAD_PROVIDERS.join(' or ')}`, parseWith(providerArgument))
    .requiredOption('--product <name>', `the lead's product: ${LEAD_PRODUCTS.join(', ')}`, parseWith(productArgument))
    .option('--strict', 'refuse the lead (exit 1, one line per problem) when any field is invalid, as a form submission is')
    .action(mapLead);
}
