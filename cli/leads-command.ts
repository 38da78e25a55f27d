/** `cobrand leads list|show|consent|export|retry`: the definitions; the work is in leads.ts, leads-consent.ts and leads-export.ts, loaded when a command runs. */
import type { Command } from 'commander';
import { LEAD_STATUSES } from '../src/core/leads/statuses.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';
import type { ConsentOptions } from './leads-consent.ts';
import { DEFAULT_DIST } from './prerender-command.ts';
import {
  DEFAULT_LIST_LIMIT,
  EXPORT_FORMATS,
  formatArgument,
  listLimitArgument,
  MAX_LIST_LIMIT,
  SINCE_DESCRIPTION,
  sinceArgument,
  statusArgument,
  type ExportFormat,
  type LeadFilters,
} from './leads-arguments.ts';

/** Adds --brand, --status and --since. */
function withFilters(command: Command): Command {
  return command
    .option('--brand <id>', 'only this brand’s leads', parseWith(brandIdArgument))
    .option('--status <status>', `only leads with this status: ${LEAD_STATUSES.join(', ')}`, parseWith(statusArgument))
    .option('--since <when>', SINCE_DESCRIPTION, parseWith(sinceArgument));
}

/**
 * Registers `leads list|show|consent|export|retry`.
 * @example
 * ```sh
 * cobrand leads list --brand tqg --status failed --since 7d
 * cobrand leads export --format csv --brand tqg --since 2026-03-01 > leads.csv
 * ```
 * ```ts
 * registerLeadsCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerLeadsCommands(program: Command, io: CliIo): void {
  const leads = program.command('leads').description('read, export and retry stored leads (DATA_DIR or DATABASE_URL); personal values masked unless revealed');
  withFilters(leads.command('list').description(`the newest leads (default ${DEFAULT_LIST_LIMIT}), newest first`))
    .option('--limit <n>', `how many leads, 1 to ${MAX_LIST_LIMIT}`, parseWith(listLimitArgument), DEFAULT_LIST_LIMIT)
    .option('--json', 'print a JSON array of the stored leads, personal values masked')
    .action(async (options: LeadFilters & { limit: number; json?: boolean }) => (await import('./leads.ts')).listLeads(io, options));
  leads
    .command('show')
    .description('every stored fact of one lead: fields, consent proof, delivery state; personal values masked unless --reveal')
    .argument('<id>', 'the lead id')
    .option('--reveal', 'show personal values unmasked; the access is written to the lead access log first')
    .option('--json', 'print the stored lead as JSON')
    .action(async (id: string, options: { reveal?: boolean; json?: boolean }) => (await import('./leads.ts')).showLead(io, id, options));
  leads
    .command('consent')
    .description(
      "the lead's consent proof: disclosure text and version, button, page, time, IP, user agent, TrustedForm, Jornaya, the build and sha256 " +
        "of the consent step's HTML as served, and whether the current build renders that step the same",
    )
    .argument('<id>', 'the lead id')
    .option('--json', 'print the consent proof as JSON, with the re-render as `rerender`')
    .option('--html', "print the consent step's HTML as stored, byte for byte (its sha256 is the proof's)")
    .option('--dist <dir>', 'the client build whose id names the current build (npm run build)', DEFAULT_DIST)
    .action(async (id: string, options: ConsentOptions, command: Command) => (await import('./leads-consent.ts')).showConsent(io, id, options, command));
  withFilters(
    leads
      .command('export')
      .description(
        'every matching lead, oldest first, to stdout with ALL personal values (each exported lead is written to the access log); ' +
          'progress and a summary on stderr',
      )
      .requiredOption('--format <format>', `${EXPORT_FORMATS.join(' or ')}`, parseWith(formatArgument)),
  ).action(async (options: LeadFilters & { format: ExportFormat }) => (await import('./leads-export.ts')).exportLeads(io, options));
  leads
    .command('retry')
    .description('put a lead, or every failed lead, back in the outbox, due now (call-routed leads cannot be retried)')
    .argument('[id]', 'the lead id')
    .option('--failed', 'every lead with status failed')
    .action(async (id: string | undefined, options: { failed?: boolean }, command: Command) => (await import('./leads.ts')).retryLeads(io, id, options, command));
}
