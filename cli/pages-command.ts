/** `cobrand pages publish`: the definition; the work is in pages.ts, loaded when the command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { parseWith, siteBrandArgument } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/**
 * Registers `pages publish`.
 * @example
 * ```sh
 * cobrand pages publish --brand ac --route quiz-otc --from changes.json
 * ```
 * ```ts
 * registerPagesCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerPagesCommands(program: Command, io: CliIo): void {
  const pages = program.command('pages').description("a branch's pages (DATA_DIR or DATABASE_URL), as the control center's pages screen");
  pages
    .command('publish')
    .description('changes page fields from a JSON file (title, description, headline, subheadline, body, image, benefits, indexable, destination) as a new version of the newest one, and publishes it at once')
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(siteBrandArgument))
    .requiredOption('--route <name>', 'the route name (cobrand routes list --brand ID)')
    .requiredOption('--from <file>', "a JSON object of the fields to change ('-': standard input)")
    .action(async (options: { brand: BrandId; route: string; from: string }) => (await import('./pages.ts')).publishPage(io, options));
}
