/** `cobrand routes list|validate`: the definitions; the work is in routes.ts, loaded when a command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/**
 * Registers `routes list` and `routes validate`.
 * @example
 * ```sh
 * cobrand routes list --brand tqg
 * cobrand routes validate
 * ```
 * ```ts
 * registerRoutesCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerRoutesCommands(program: Command, io: CliIo): void {
  const routes = program.command('routes').description('inspect and audit the route table (routes.ts)');
  routes
    .command('list')
    .description('list routes: name, path, brands, language')
    .option('--brand <id>', 'only the routes this brand serves', parseWith(brandIdArgument))
    .option('--json', 'print a JSON array of {name, path, brands, language, smid, xsmid}')
    .action(async (options: { brand?: BrandId; json?: boolean }) => (await import('./routes.ts')).listRoutes(io, options));
  routes
    .command('validate')
    .description('check the route table: brands, ambiguous paths, campaign codes, funnels, middleware, patterns')
    .action(async () => (await import('./routes.ts')).validateRoutes(io));
}
