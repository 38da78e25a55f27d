/**
 * `cobrand leads`: the stored leads (issue 8 "CLI for operators"), in the store the server
 * writes to (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL). Personal values stay masked
 * unless asked for: `show --reveal` and `export` write who took them to the lead access log
 * before a single value is printed.
 */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { maskLeadFields } from '../src/core/leads/mask.ts';
import { LEAD_STATUSES, type LeadRow, type LeadStatus, type ListLeadsQuery, type Store } from '../src/server/store/index.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import { processIo, withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
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
} from './leads-arguments.ts';
import { csvHeader, csvLine, ndjsonLine } from './leads-export.ts';
import { consentLines, leadLines } from './leads-text.ts';
import { formatTable } from './table.ts';

/** Access-log channels of the CLI: `show --reveal`, and `export`. */
export const LEAD_ACCESS_CHANNELS = { reveal: 'cli', export: 'cli-export' } as const;

/** Leads an export reads, logs and writes at a time. */
const EXPORT_BATCH = 100;

/** Longest last error a `leads list` table cell shows (`leads show` has it whole). */
const LAST_ERROR_WIDTH = 60;

interface Filters {
  brand?: BrandId;
  status?: LeadStatus;
  since?: string;
}

function leadQuery(filters: Filters): Omit<ListLeadsQuery, 'limit'> {
  return {
    ...(filters.brand === undefined ? {} : { brandId: filters.brand }),
    ...(filters.status === undefined ? {} : { status: filters.status }),
    ...(filters.since === undefined ? {} : { since: filters.since }),
  };
}

/** `lead` with its personal values masked: what every command prints unless told to reveal. */
function masked(lead: LeadRow): LeadRow {
  return { ...lead, fields: maskLeadFields(lead.fields) };
}

function oneLine(text: string | null, width: number): string {
  if (text === null) return '';
  const line = text.replace(/\s+/g, ' ');
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** The lead `id`, or undefined after saying there is none (exit 1). */
async function findLead(io: CliIo, store: Store, id: string): Promise<LeadRow | undefined> {
  const lead = await store.getLead(id);
  if (lead === undefined) {
    io.stderr.write(`no lead with id '${id}'\n`);
    io.setExitCode(EXIT_CODES.problems);
  }
  return lead;
}

async function listLeads(io: CliIo, options: Filters & { limit: number; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const leads = await store.listLeads({ ...leadQuery(options), limit: options.limit });
    if (options.json) {
      // A list is for finding leads, not reading them: personal values stay masked (use show --reveal).
      await write(io.stdout, `${JSON.stringify(leads.map(masked), null, 2)}\n`);
      return;
    }
    if (leads.length === 0) {
      await write(io.stdout, 'no leads\n');
      return;
    }
    const rows = leads.map((lead) => [lead.id, lead.createdAt, lead.brandId, lead.route, lead.product, lead.status, String(lead.attempts), oneLine(lead.lastError, LAST_ERROR_WIDTH)]);
    await write(io.stdout, `${formatTable(['ID', 'CREATED', 'BRAND', 'ROUTE', 'PRODUCT', 'STATUS', 'ATTEMPTS', 'LAST ERROR'], rows)}\n`);
    // Said on stderr so the table stays clean for grep and friends.
    if (leads.length === options.limit) io.stderr.write(`(the newest ${options.limit} only: raise --limit, up to ${MAX_LIST_LIMIT}, or use leads export)\n`);
  });
}

async function showLead(io: CliIo, id: string, options: { reveal?: boolean; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const lead = await findLead(io, store, id);
    if (lead === undefined) return;
    const actor = io.actor();
    // The access is on record before the first personal value is printed, so a crash between
    // the two can only leave a logged access that showed nothing, never the reverse.
    if (options.reveal) await store.recordLeadAccess({ leadId: lead.id, actor, channel: LEAD_ACCESS_CHANNELS.reveal });
    const shown = options.reveal ? lead : masked(lead);
    if (options.json) {
      await write(io.stdout, `${JSON.stringify(shown, null, 2)}\n`);
      return;
    }
    const note = options.reveal ? `revealed to ${actor}, access logged` : 'personal values masked; --reveal shows them and logs the access';
    await write(io.stdout, `${leadLines(shown, note).join('\n')}\n`);
  });
}

async function showConsent(io: CliIo, id: string, options: { json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const lead = await findLead(io, store, id);
    if (lead === undefined) return;
    if (lead.consent === null) {
      io.stderr.write(`lead '${id}' has no consent proof (its funnel collected no phone or email)\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    await write(io.stdout, options.json ? `${JSON.stringify(lead.consent, null, 2)}\n` : `${consentLines(lead.consent).join('\n')}\n`);
  });
}

async function exportLeads(io: CliIo, options: Filters & { format: ExportFormat }): Promise<void> {
  await withStore(io, async (store) => {
    const encode = options.format === 'csv' ? csvLine : ndjsonLine;
    const progress = io.stderr.isTTY === true;
    const actor = io.actor();
    let exported = 0;
    let batch: LeadRow[] = [];
    // A reader that stops early (`| head`) closes the pipe: stop there instead of crashing on EPIPE.
    let outputError: Error | undefined;
    const onOutputError = (error: Error) => {
      outputError ??= error;
    };
    io.stdout.on('error', onOutputError);
    const flush = async () => {
      // An export takes personal data out of the store: each lead's access is logged before its line is written.
      await Promise.all(batch.map((lead) => store.recordLeadAccess({ leadId: lead.id, actor, channel: LEAD_ACCESS_CHANNELS.export })));
      await write(io.stdout, batch.map(encode).join(''));
      exported += batch.length;
      batch = [];
      // Progress only for a person watching; a log file or pipe gets just the summary line.
      if (progress) io.stderr.write(`\rexported ${exported} leads…`);
    };
    try {
      if (options.format === 'csv') await write(io.stdout, csvHeader());
      for await (const lead of store.iterateLeads(leadQuery(options))) {
        if (outputError !== undefined) break;
        batch.push(lead);
        if (batch.length >= EXPORT_BATCH) await flush();
      }
      if (batch.length > 0 && outputError === undefined) await flush();
    } catch (error) {
      if (outputError === undefined) throw error;
    } finally {
      io.stdout.off('error', onOutputError);
    }
    const clear = progress ? '\r\x1b[K' : '';
    if (outputError !== undefined) {
      io.stderr.write(`${clear}export stopped after ${exported} leads: the output was closed (${(outputError as NodeJS.ErrnoException).code ?? outputError.message})\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    io.stderr.write(`${clear}exported ${exported} lead${exported === 1 ? '' : 's'} as ${options.format}\n`);
  });
}

async function retryLeads(io: CliIo, id: string | undefined, options: { failed?: boolean }, command: Command): Promise<void> {
  if ((id === undefined) === (options.failed !== true)) {
    command.error('error: give one lead id, or --failed for every failed lead (not both)', { exitCode: EXIT_CODES.usage });
  }
  await withStore(io, async (store) => {
    if (id === undefined) {
      const requeued = await store.requeueLeads({ status: 'failed' });
      await write(io.stdout, `requeued ${requeued} failed lead${requeued === 1 ? '' : 's'}\n`);
      return;
    }
    const lead = await findLead(io, store, id);
    if (lead === undefined) return;
    if (lead.status === 'call-routed') {
      io.stderr.write(`lead '${id}' is call-routed: its visitor was connected by phone, there is nothing to deliver, so it cannot be retried\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    const requeued = await store.requeueLeads({ id });
    await write(io.stdout, `requeued ${requeued} lead${requeued === 1 ? '' : 's'} (was ${lead.status})\n`);
    if (requeued === 0) io.setExitCode(EXIT_CODES.problems);
  });
}

/** Adds --brand, --status and --since. */
function withFilters(command: Command): Command {
  return command
    .option('--brand <id>', 'only this brand’s leads', parseWith(brandIdArgument))
    .option('--status <status>', `only leads with this status: ${LEAD_STATUSES.join(', ')}`, parseWith(statusArgument))
    .option('--since <when>', SINCE_DESCRIPTION, parseWith(sinceArgument));
}

/** Registers `leads list|show|consent|export|retry`; `io` is for tests (default: this process and the environment's store). */
export function registerLeadsCommands(program: Command, io: CliIo = processIo()): void {
  const leads = program.command('leads').description('read, export and retry stored leads (DATA_DIR or DATABASE_URL); personal values masked unless revealed');
  withFilters(leads.command('list').description(`the newest leads (default ${DEFAULT_LIST_LIMIT}), newest first`))
    .option('--limit <n>', `how many leads, 1 to ${MAX_LIST_LIMIT}`, parseWith(listLimitArgument), DEFAULT_LIST_LIMIT)
    .option('--json', 'print a JSON array of the stored leads, personal values masked')
    .action((options: Filters & { limit: number; json?: boolean }) => listLeads(io, options));
  leads
    .command('show')
    .description('every stored fact of one lead: fields, consent proof, delivery state; personal values masked unless --reveal')
    .argument('<id>', 'the lead id')
    .option('--reveal', 'show personal values unmasked; the access is written to the lead access log first')
    .option('--json', 'print the stored lead as JSON')
    .action((id: string, options: { reveal?: boolean; json?: boolean }) => showLead(io, id, options));
  leads
    .command('consent')
    .description("the lead's consent proof: disclosure text and version, button, page, time, IP, user agent, TrustedForm, Jornaya")
    .argument('<id>', 'the lead id')
    .option('--json', 'print the consent proof as JSON')
    .action((id: string, options: { json?: boolean }) => showConsent(io, id, options));
  withFilters(
    leads
      .command('export')
      .description('every matching lead, oldest first, to stdout with ALL personal values (each exported lead is written to the access log); summary on stderr')
      .requiredOption('--format <format>', `${EXPORT_FORMATS.join(' or ')}`, parseWith(formatArgument)),
  ).action((options: Filters & { format: ExportFormat }) => exportLeads(io, options));
  leads
    .command('retry')
    .description('put a lead, or every failed lead, back in the outbox, due now (call-routed leads cannot be retried)')
    .argument('[id]', 'the lead id')
    .option('--failed', 'every lead with status failed')
    .action((id: string | undefined, options: { failed?: boolean }, command: Command) => retryLeads(io, id, options, command));
}
