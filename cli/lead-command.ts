/** `cobrand lead map`: the definition; the work is in lead.ts, loaded when the command runs. */
import type { Command } from 'commander';
import * as z from 'zod';
import { LEAD_PRODUCTS } from '../src/core/leads/product.ts';
import { parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import { LEAD_PROVIDERS, type LeadMapOptions } from './lead-arguments.ts';

const providerArgument = z.enum(LEAD_PROVIDERS, {
  error: (issue) => `unknown provider '${String(issue.input)}' (known: ${LEAD_PROVIDERS.join(', ')})`,
});
const productArgument = z.enum(LEAD_PRODUCTS, {
  error: (issue) => `unknown product '${String(issue.input)}' (known: ${LEAD_PRODUCTS.join(', ')})`,
});

/**
 * Registers `lead map`.
 * @example
 * ```sh
 * cobrand lead map --provider lead-buyer --product auto --strict test-lead.json
 * ```
 * ```ts
 * registerLeadCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerLeadCommands(program: Command, io: CliIo): void {
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
    .action(async (file: string, options: LeadMapOptions, command: Command) => (await import('./lead.ts')).mapLead(io, file, options, command));
}
