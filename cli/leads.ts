/**
 * `cobrand leads list|show|retry` (registered in leads-command.ts; `export` is in
 * leads-export.ts, `consent` in leads-consent.ts): the stored leads, for operators, in the store the server
 * writes to (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL). Personal values stay masked
 * unless asked for: `show --reveal` and `export` write who took them to the lead access log
 * before a single value is printed.
 */
import type { Command } from 'commander';
import { maskLeadFields } from '../src/core/leads/mask.ts';
import { retryRefusal } from '../src/core/leads/statuses.ts';
import type { LeadRow, ListLeadsQuery, Store } from '../src/server/platform/store/index.ts';
import { withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { MAX_LIST_LIMIT, type LeadFilters } from './leads-arguments.ts';
import { leadLines } from './leads-text.ts';
import { formatTable } from './table.ts';

/** Access-log channels of the CLI: `show --reveal`, and `export`. */
export const LEAD_ACCESS_CHANNELS = { reveal: 'cli', export: 'cli-export' } as const;

/** Longest last error a `leads list` table cell shows (`leads show` has it whole). */
const LAST_ERROR_WIDTH = 60;

/** The store query for `filters`. */
export function leadQuery(filters: LeadFilters): Omit<ListLeadsQuery, 'limit'> {
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

/** `leads list`. */
export async function listLeads(io: CliIo, options: LeadFilters & { limit: number; json?: boolean }): Promise<void> {
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

/** `leads show`. */
export async function showLead(io: CliIo, id: string, options: { reveal?: boolean; json?: boolean }): Promise<void> {
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

/** `leads retry`. */
export async function retryLeads(io: CliIo, id: string | undefined, options: { failed?: boolean }, command: Command): Promise<void> {
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
    const refusal = retryRefusal(lead.status);
    if (refusal !== undefined) {
      io.stderr.write(`lead '${id}' ${refusal}, so it cannot be retried\n`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    const requeued = await store.requeueLeads({ id });
    await write(io.stdout, `requeued ${requeued} lead${requeued === 1 ? '' : 's'} (was ${lead.status})\n`);
    if (requeued === 0) io.setExitCode(EXIT_CODES.problems);
  });
}
