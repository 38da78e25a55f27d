/**
 * `cobrand lead map`: validate a lead JSON with the lead schemas and print it as a provider
 * receives it (spec §7 lead mappings): the ad marketplace's get-phone `data`, or the second lead
 * buyer's payload. Problems print one per line and exit 1.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import * as z from 'zod';
import { mapLeadForLeadBuyer } from '../src/core/lead-buyer/mapping.ts';
import { LEAD_PRODUCTS, type LeadProduct } from '../src/core/leads/product.ts';
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

function mapLead(file: string, options: { provider: LeadProvider; product: LeadProduct }, command: Command): void {
  const text = readInput(command, file);
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch (error) {
    console.log(`${file === '-' ? 'stdin' : file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
    process.exitCode = EXIT_CODES.problems;
    return;
  }
  const validation = validateLeadFields(options.product, values);
  if (!validation.ok) {
    for (const problem of validation.problems) console.log(`${problem.field || '(lead)'}: ${problem.message}`);
    process.exitCode = EXIT_CODES.problems;
    return;
  }
  let mapped: unknown;
  try {
    mapped = options.provider === 'marketplace' ? mapLeadForMarketplace(options.product, validation.lead) : mapLeadForLeadBuyer(options.product, validation.lead);
  } catch (error) {
    // The lead buyer has no Medicare schema (spec §8): the mapping's own message says so.
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
    .description('validate a lead JSON file (- for stdin) and print it mapped for a provider; problems exit 1')
    .argument('<file>', 'the lead as JSON: an object of lead fields (zipcode, driver1FirstName, ...), or - for stdin')
    .requiredOption('--provider <name>', `who receives it: ${LEAD_PROVIDERS.join(' or ')}`, parseWith(providerArgument))
    .requiredOption('--product <name>', `the lead's product: ${LEAD_PRODUCTS.join(' or ')}`, parseWith(productArgument))
    .action(mapLead);
}
