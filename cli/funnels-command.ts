/** `cobrand funnels report`: the definition; the work is in funnels.ts, loaded when the command runs. */
import type { Command } from 'commander';
import * as z from 'zod';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import { DEFAULT_REPORT_SINCE, type FunnelReportOptions } from './funnels-arguments.ts';
import { sinceArgument } from './leads-arguments.ts';

/** --route: a route name as routes.ts spells it; whether it runs a funnel is checked against the brand. */
const routeNameArgument = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'must be a route name such as quiz-otc');

/**
 * Registers `funnels report`.
 * @example
 * ```sh
 * cobrand funnels report --brand ac --route quiz-otc --since 30d
 * ```
 * ```ts
 * registerFunnelsCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerFunnelsCommands(program: Command, io: CliIo): void {
  const funnels = program.command('funnels').description('funnel analytics from the store (DATA_DIR or DATABASE_URL)');
  funnels
    .command('report')
    .description('per funnel step: visitors who saw it, who submitted it and the drop-off, by device type and paid flag, then the leads')
    .requiredOption('--brand <id>', 'the brand', parseWith(brandIdArgument))
    .requiredOption('--route <name>', 'the funnel page’s route name (cobrand routes list names them)', parseWith(routeNameArgument))
    .option('--since <when>', `from when: a duration back from now (7d, 12h, 30m) or an ISO date; default ${DEFAULT_REPORT_SINCE}`, parseWith(sinceArgument))
    .option('--json', 'print the report as the control center’s API answers it: {brandId, route, path, funnel, since, until, steps, segments, leads}')
    .action(async (options: FunnelReportOptions) => (await import('./funnels.ts')).funnelReport(io, options));
}
