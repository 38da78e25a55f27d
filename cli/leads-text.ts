/** How `cobrand leads show` and `cobrand leads consent` print a lead for a person to read. */
import type { ConsentProof, LeadRow } from '../src/server/platform/store/index.ts';

/** A value as one cell of text: '-' for nothing, JSON for what is not a string, number or boolean. */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `label  value` lines, labels padded to the widest, indented by `indent`. */
function labelled(rows: readonly (readonly [string, unknown])[], indent = ''): string[] {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  // Multi-line values (the disclosure text, a buyer's body) continue under the value column.
  const continuation = `\n${indent}${' '.repeat(width + 2)}`;
  return rows.map(([label, value]) => `${indent}${label.padEnd(width)}  ${displayValue(value).replace(/\r?\n/g, continuation)}`);
}

/** A browser's opt-out of selling and sharing personal data, as one line: its recorded time, the GPC signal, or both. */
function privacyChoiceLine(choice: NonNullable<ConsentProof['privacyChoice']>): string {
  const facts = [choice.optedOutAt ? `opted out ${choice.optedOutAt}` : null, choice.gpc ? 'browser sends Global Privacy Control' : null];
  return facts.filter(Boolean).join('; ');
}

/** The consent proof, one fact a line (TrustedForm and Jornaya only when the lead has them). */
export function consentLines(consent: ConsentProof, indent = ''): string[] {
  return labelled(
    [
      ['consented at', consent.consentedAt],
      ['button label', consent.buttonLabel],
      ['page url', consent.pageUrl],
      ['ip', consent.ip],
      ['user agent', consent.userAgent],
      ['version', consent.version],
      ['build', consent.buildId],
      ['html sha256', consent.htmlSha256],
      ...(consent.trustedFormCertUrl === undefined ? [] : [['trustedform cert', consent.trustedFormCertUrl] as const]),
      ...(consent.leadidToken === undefined ? [] : [['jornaya leadid', consent.leadidToken] as const]),
      ...(consent.privacyChoice === undefined ? [] : [['privacy choice', privacyChoiceLine(consent.privacyChoice)] as const]),
      ['text', consent.text],
    ],
    indent,
  );
}

/** Why a duplicate or incomplete lead is never delivered: the first lead, or the fields the buyer needs. */
function notForSaleLines(lead: LeadRow): (readonly [string, unknown])[] {
  if (lead.status === 'duplicate') return [['duplicate of', lead.duplicateOf]];
  if (lead.status === 'incomplete') return [['missing', lead.missingFields.join(', ')]];
  return [];
}

/**
 * Every stored fact of a lead, in sections: the lead, its delivery state, its fields (as given:
 * the caller masks them or not) and its consent proof.
 */
export function leadLines(lead: LeadRow, fieldsNote: string): string[] {
  const fields = Object.entries(lead.fields).sort(([a], [b]) => a.localeCompare(b));
  return [
    ...labelled([
      ['lead', lead.id],
      ['created', lead.createdAt],
      ['updated', lead.updatedAt],
      ['brand', lead.brandId],
      ['route', lead.route],
      ['funnel', lead.funnel],
      ['product', lead.product],
      ['language', lead.language],
      ['anonymous id', lead.anonymousId],
      ['session id', lead.sessionId],
    ]),
    '',
    'delivery',
    ...labelled(
      [
        ['status', lead.status],
        ...notForSaleLines(lead),
        ['attempts', lead.attempts],
        ['queued', lead.queuedAt],
        ['next attempt', lead.nextAttemptAt],
        ['last error', lead.lastError],
        ['delivered', lead.deliveredAt],
        ['buyer lead id', lead.buyerLeadId],
        ['buyer price', lead.buyerPrice],
        ['buyer response', lead.buyerResponse],
      ],
      '  ',
    ),
    '',
    `fields (${fieldsNote})`,
    ...(fields.length === 0 ? ['  none'] : labelled(fields, '  ')),
    '',
    'consent',
    ...(lead.consent === null ? ['  none (the funnel collected no phone or email)'] : consentLines(lead.consent, '  ')),
  ];
}
