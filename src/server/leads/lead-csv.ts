/**
 * Leads as CSV, the one format shared by `cobrand leads export --format csv` and the control
 * center's export from its leads screen. Flat: one column per lead fact, per consent-proof
 * fact (`consent.text`, ...) and per lead field of any product (`fields.zipcode`,
 * `fields.driver1FirstName`, ...), then `fields.other` (JSON of stored fields outside that
 * catalogue, normally empty).
 *
 * Why the field columns come from the field catalogue rather than from the leads exported:
 * the header is written before the first lead, so "every field name seen" would mean reading
 * the whole export twice or holding it in memory; the catalogue gives the same columns without
 * either, and the same column order in every export, which is what spreadsheets and imports want.
 *
 * Cells are safe to open in a spreadsheet: a value a visitor typed that starts like a formula
 * (`=HYPERLINK(…)`, `+1…`, `-…`, `@…`) is prefixed with a quote (OWASP "CSV injection"), so it is
 * shown as text and never evaluated.
 */
import { LEAD_FIELDS_BY_PRODUCT } from '../../core/leads/product.ts';
import type { ConsentProof, LeadRow } from '../platform/store/index.ts';

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
  duplicateOf: true,
  missingFields: true,
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
  privacyChoice: true,
  htmlSha256: true,
  buildId: true,
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

/** First characters that make a spreadsheet read a cell as a formula (tab and CR too: some strip them first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break, quotes doubled;
 * text starting like a formula gets a leading `'` first, so spreadsheets show it as text.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else text = JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
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
    // The missing fields as plain words (`vehicle1Year vehicle1Make`), an empty cell when none.
    ...LEAD_FACTS.map((fact) => (fact === 'missingFields' ? lead.missingFields.join(' ') : lead[fact])),
    ...CONSENT_FACTS.map((fact) => lead.consent?.[fact]),
    ...FIELD_NAMES.map((field) => lead.fields[field]),
    Object.keys(other).length > 0 ? other : undefined,
  ];
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}
