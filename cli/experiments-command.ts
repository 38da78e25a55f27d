/** `cobrand experiments results`: the definition; the work is in experiments.ts, loaded when the command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { ExperimentKeySchema } from '../src/core/experiments/experiment.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/** A brand that runs experiments: any brand but the control center itself. */
const branchArgument = brandIdArgument.refine((id) => id !== CONTROL_CENTER_BRAND, { error: `'${CONTROL_CENTER_BRAND}' is the control center, not a branch with experiments` });

/**
 * Registers `experiments results`.
 * @example
 * ```sh
 * cobrand experiments results headline --brand ac
 * ```
 * ```ts
 * registerExperimentsCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerExperimentsCommands(program: Command, io: CliIo): void {
  const experiments = program.command('experiments').description("a branch's A/B tests (DATA_DIR or DATABASE_URL), as the control center's experiments screen");
  experiments
    .command('results')
    .description('per variant: visitors, step submissions per step, leads, conversion rate with its 95% interval, chance to beat the control, and the sample-ratio-mismatch check')
    .argument('<key>', 'the experiment key', parseWith(ExperimentKeySchema))
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(branchArgument))
    .option('--json', 'print JSON')
    .action(async (key: string, options: { brand: BrandId; json?: boolean }) => (await import('./experiments.ts')).printResults(io, key, options));
}
