/** `cobrand brands coverage`: the definition; the work is in brands.ts, loaded when the command runs. */
import type { Command } from 'commander';
import type { CliIo } from './cli-io.ts';

/**
 * Registers `brands coverage`.
 * @example
 * ```sh
 * cobrand brands coverage --json
 * ```
 * ```ts
 * registerBrandsCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerBrandsCommands(program: Command, io: CliIo): void {
  const brands = program.command('brands').description('inspect the brands (brands/)');
  brands
    .command('coverage')
    .description('route counts per brand, by product and by language, most routes first')
    .option('--json', 'print a JSON array of {brand, name, total, byProduct, byLanguage}')
    .action(async (options: { json?: boolean }) => (await import('./brands.ts')).printCoverage(io, options));
}
