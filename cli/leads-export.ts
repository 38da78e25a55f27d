/**
 * `cobrand leads export` (registered in leads-command.ts) and its line formats. NDJSON is each
 * stored lead as one JSON line. CSV is src/server/leads/lead-csv.ts, the format the control
 * center's export shares (formula-safe cells, the field catalogue's columns).
 */
import { csvHeader, csvLine } from '../src/server/leads/lead-csv.ts';
import type { LeadRow } from '../src/server/platform/store/index.ts';
import { isOutputClosed, withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import type { ExportFormat, LeadFilters } from './leads-arguments.ts';
import { LEAD_ACCESS_CHANNELS, leadQuery } from './leads.ts';
import { startProgress } from './progress.ts';

/** Leads an export reads, logs and writes at a time. */
const EXPORT_BATCH = 100;

/** One lead as an NDJSON line: the stored row, as is. */
export function ndjsonLine(lead: LeadRow): string {
  return `${JSON.stringify(lead)}\n`;
}

/**
 * `leads export`: every matching lead, oldest first, each one's access logged before its line is
 * written. Progress on stderr (a bar for a person, nothing for a pipe), then a summary line. A
 * reader that stops early (`| head`) ends the export with exit 1 and says how far it got: unlike a
 * listing, a cut-off export is a result worth knowing about (`| gzip > file` that failed).
 */
export async function exportLeads(io: CliIo, options: LeadFilters & { format: ExportFormat }): Promise<void> {
  await withStore(io, async (store) => {
    const encode = options.format === 'csv' ? csvLine : ndjsonLine;
    const actor = io.actor();
    const progress = startProgress(io.stderr, { label: 'exporting', unit: 'leads' });
    let exported = 0;
    let batch: LeadRow[] = [];
    const flush = async () => {
      // An export takes personal data out of the store: each lead's access is logged before its line is written.
      await Promise.all(batch.map((lead) => store.recordLeadAccess({ leadId: lead.id, actor, channel: LEAD_ACCESS_CHANNELS.export })));
      await write(io.stdout, batch.map(encode).join(''));
      exported += batch.length;
      batch = [];
      progress.update(exported);
    };
    try {
      if (options.format === 'csv') await write(io.stdout, csvHeader());
      for await (const lead of store.iterateLeads(leadQuery(options))) {
        batch.push(lead);
        if (batch.length >= EXPORT_BATCH) await flush();
      }
      if (batch.length > 0) await flush();
    } catch (error) {
      if (!isOutputClosed(error)) {
        progress.finish();
        throw error;
      }
      progress.finish(`export stopped after ${exported} leads: the output was closed (${(error as { code: string }).code})`);
      io.setExitCode(EXIT_CODES.problems);
      return;
    }
    progress.finish(`exported ${exported} lead${exported === 1 ? '' : 's'} as ${options.format}`);
  });
}
