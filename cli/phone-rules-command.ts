/** `cobrand phone-rules list|test`: the definitions; the work is in phone-rules.ts, loaded when a command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { AfidSchema, CalendarDaySchema } from '../src/core/phone-rules/identifiers.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/** A brand whose pages show a phone number: any brand but the control center itself. */
const ruleBrandArgument = brandIdArgument.refine((id) => id !== CONTROL_CENTER_BRAND, { error: `'${CONTROL_CENTER_BRAND}' is the control center, not a branch with phone rules` });

/**
 * Registers `phone-rules list|test`.
 * @example
 * ```sh
 * cobrand phone-rules list --brand ac
 * cobrand phone-rules test --brand ac --afid 12345 --route quiz-otc --on 2026-12-01
 * ```
 * ```ts
 * registerPhoneRulesCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerPhoneRulesCommands(program: Command, io: CliIo): void {
  const rules = program.command('phone-rules').description("a branch's phone rules (DATA_DIR or DATABASE_URL): the number shown to visitors who came with an afid");
  rules
    .command('list')
    .description("a branch's phone rules, by afid: id, afid, number, routes, dates, last changed by and when")
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(ruleBrandArgument))
    .option('--json', 'print a JSON array of {id, afid, number, routes, startsOn, endsOn, createdAt, createdBy, updatedAt, updatedBy}')
    .action(async (options: { brand: BrandId; json?: boolean }) => (await import('./phone-rules.ts')).listPhoneRules(io, options));
  rules
    .command('test')
    .description('the number a visitor with this afid would see, and why: the phone rule that applies, or the brand default')
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(ruleBrandArgument))
    .requiredOption('--afid <id>', 'the afid URL parameter the visitor came with', parseWith(AfidSchema))
    .option('--route <name>', 'the route shown (cobrand routes list --brand ID); without it only rules for every route apply')
    .option('--on <date>', 'the day, YYYY-MM-DD in Los Angeles (default: today)', parseWith(CalendarDaySchema))
    .action(async (options: { brand: BrandId; afid: string; route?: string; on?: string }) => (await import('./phone-rules.ts')).testPhoneRule(io, options));
}
