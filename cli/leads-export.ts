/**
 * `cobrand leads export` (registered in leads-command.ts) and its line formats. NDJSON is each
 * stored lead as one JSON line. CSV is flat: one column per lead fact, per consent-proof fact (`consent.text`, ...) and per
 * lead field of any product (`fields.zipcode`, `fields.driver1FirstName`, ...), then
 * `fields.other` (JSON of stored fields outside that catalogue, normally empty).
 *
 * Why the field columns come from the field catalogue rather than from the leads exported:
 * the header is written before the first lead, so "every field name seen" would mean reading
 * the whole export twice or holding it in memory; the catalogue gives the same columns without
 * either, and the same column order in every export, which is what spreadsheets and imports want.
 */
import { LEAD_FIELDS_BY_PRODUCT } from '../src/core/leads/product.ts';
import type { ConsentProof, LeadRow } from '../src/server/store/index.ts';
import { isOutputClosed, withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import type { ExportFormat } from './leads-arguments.ts';
import type { LeadFilters } from './leads-command.ts';
import { LEAD_ACCESS_CHANNELS, leadQuery } from './leads.ts';
import { startProgress } from './progress.ts';

/** Leads an export reads, logs and writes at a time. */
const EXPORT_BATCH = 100;

/** The lead facts, in column order; typed as a record so a new LeadRow fact is a compile error here until it has a column. */
const LEAD_FACT_COLUMNS: Record<Exclude<keyof LeadRow, 'fields' | 'consent'>, true> = {
  id: true,
  createdAt: true,
  updatedAt: true,
  brandId: true,
  route: true,
  funnel: true,
  product: true,
  language: true,
  anonymousId: true,
  sessionId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  queuedAt: true,
  lastError: true,
  buyerLeadId: true,
  buyerPrice: true,
  buyerResponse: true,
  deliveredAt: true,
};

/** The consent-proof facts, in column order (same compile-time check). */
const CONSENT_COLUMNS: Record<keyof ConsentProof, true> = {
  text: true,
  version: true,
  buttonLabel: true,
  pageUrl: true,
  consentedAt: true,
  ip: true,
  userAgent: true,
  trustedFormCertUrl: true,
  leadidToken: true,
};

const LEAD_FACTS = Object.keys(LEAD_FACT_COLUMNS) as (keyof typeof LEAD_FACT_COLUMNS)[];
const CONSENT_FACTS = Object.keys(CONSENT_COLUMNS) as (keyof ConsentProof)[];

/** Every lead field name of every product, each once, in the products' own order. */
const FIELD_NAMES: readonly string[] = [...new Set(Object.values(LEAD_FIELDS_BY_PRODUCT).flatMap((rules) => Object.keys(rules)))];
const KNOWN_FIELDS = new Set(FIELD_NAMES);

/** The name of the column holding stored fields outside the catalogue. */
export const OTHER_FIELDS_COLUMN = 'fields.other';

/** The CSV header's column names. */
export const CSV_COLUMNS: readonly string[] = [
  ...LEAD_FACTS,
  ...CONSENT_FACTS.map((fact) => `consent.${fact}`),
  ...FIELD_NAMES.map((field) => `fields.${field}`),
  OTHER_FIELDS_COLUMN,
];

/** One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled. */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV rows end with CRLF, as RFC 4180 says. */
const CSV_LINE_END = '\r\n';

/** The CSV header line. */
export function csvHeader(): string {
  return CSV_COLUMNS.map(csvCell).join(',') + CSV_LINE_END;
}

/** One lead as a CSV line, cells in {@link CSV_COLUMNS} order. */
export function csvLine(lead: LeadRow): string {
  const other = Object.fromEntries(Object.entries(lead.fields).filter(([field]) => !KNOWN_FIELDS.has(field)));
  const cells = [
    ...LEAD_FACTS.map((fact) => lead[fact]),
    ...CONSENT_FACTS.map((fact) => lead.consent?.[fact]),
    ...FIELD_NAMES.map((field) => lead.fields[field]),
    Object.keys(other).length > 0 ? other : undefined,
  ];
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

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
