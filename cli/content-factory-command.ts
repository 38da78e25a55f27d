/**
 * `cobrand content-factory authors|run`: the definitions; the work is in content-factory.ts,
 * loaded when the command runs.
 */
import type { Command } from 'commander';
import * as z from 'zod';
import type { BrandId } from '../brands/ids.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { ARTICLE_TEMPLATES, CONTENT_FACTORY_LIMITS } from '../src/core/control-center/content-factory.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import type { RunOptions } from './content-factory-arguments.ts';

/** A branch with a content factory: any brand but the control center itself. */
const branchArgument = brandIdArgument.refine((id) => id !== CONTROL_CENTER_BRAND, { error: `'${CONTROL_CENTER_BRAND}' is the control center, not a branch` });
const wholeNumber = (max: number) => z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(1, 'must be 1 or more').max(max, `must be ${max} or less`);
const templateArgument = z.enum(ARTICLE_TEMPLATES, { error: `must be one of ${ARTICLE_TEMPLATES.join(', ')}` });

/**
 * Registers `content-factory authors` and `content-factory run`.
 * @example
 * ```sh
 * cobrand content-factory authors --brand ac
 * cobrand content-factory run --brand ac --author 3 --topic "OTC allowance" --count 4 --template how-to
 * ```
 * ```ts
 * registerContentFactoryCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerContentFactoryCommands(program: Command, io: CliIo): void {
  const group = program.command('content-factory').description("a branch's content factory (DATA_DIR or DATABASE_URL), as the control center's content-factory screens");
  group
    .command('authors')
    .description("lists a branch's authors (their ids are what `run --author` takes)")
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(branchArgument))
    .option('--json', 'one JSON object per line')
    .action(async (options: { brand: BrandId; json?: boolean }) => (await import('./content-factory.ts')).listAuthors(io, options));
  group
    .command('run')
    .description('asks the provider (CONTENT_FACTORY_URL) for article drafts and writes them in this process, with progress; drafts are never published')
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(branchArgument))
    .requiredOption('--author <id>', 'the author (cobrand content-factory authors --brand ID)', parseWith(wholeNumber(Number.MAX_SAFE_INTEGER)))
    .requiredOption('--topic <text>', 'a topic or keyword; repeat for more (the drafts use them in turn)', (value: string, previous: string[] = []) => [...previous, value])
    .option('--count <n>', `how many drafts (1 to ${CONTENT_FACTORY_LIMITS.runCount})`, parseWith(wholeNumber(CONTENT_FACTORY_LIMITS.runCount)), 1)
    .option('--template <name>', `${ARTICLE_TEMPLATES.join(', ')}`, parseWith(templateArgument), 'how-to')
    .option('--json', 'the run and its items as one JSON object')
    .action(async (options: RunOptions) => (await import('./content-factory.ts')).runContentFactory(io, options));
}
