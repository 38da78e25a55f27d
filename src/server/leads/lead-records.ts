/**
 * Leads and their access log as table rows (snake_case, JSON values as text) and back
 * (the camelCase records of lead-store.ts).
 */
import { createHash } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { leadContact } from '../../core/leads/contact-keys.ts';
import { LEAD_STATUSES, type ConsentProof, type LeadAccess, type LeadRow, type LeadStatus, type NewLead } from './lead-store.ts';
import { toJsonText } from '../platform/store/records.ts';
import { assertIsoTime } from '../platform/store/arguments.ts';
import type { LeadAccessLogTable, LeadsTable } from '../platform/store/schema.ts';

/** True when `value` is one of {@link LEAD_STATUSES}. */
export function isLeadStatus(value: string): value is LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(value);
}

/** sha256 (hex) of a normalised contact: what the store keeps to find a duplicate, never the contact itself. */
function contactKey(value: string | undefined): string | null {
  return value === undefined ? null : createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Maps a new lead to its row, checking what the database cannot. A `captured` lead enters the
 * outbox due at once (next attempt and queue time = creation); any other status never does.
 * The row carries the lead's contact keys; createLead may still turn it into a duplicate
 * ({@link asDuplicate}).
 */
export function toLeadsRow(lead: NewLead, now: string): LeadsTable {
  const createdAt = lead.createdAt ?? now;
  assertIsoTime(`lead ${lead.id} createdAt`, createdAt);
  if (!isLeadStatus(lead.status) || (lead.status as string) === 'duplicate') throw new TypeError(`lead ${lead.id}: status '${String(lead.status)}' cannot be given to a new lead`);
  const missing = lead.missingFields ?? [];
  if ((lead.status === 'incomplete') !== missing.length > 0) throw new TypeError(`lead ${lead.id}: an incomplete lead, and only one, names its missing fields`);
  const inOutbox = lead.status === 'captured';
  const contact = leadContact(lead.product, lead.fields);
  return {
    id: lead.id,
    brand_id: lead.brandId,
    route: lead.route,
    funnel: lead.funnel,
    product: lead.product,
    language: lead.language,
    anonymous_id: lead.anonymousId,
    session_id: lead.sessionId,
    fields: toJsonText(`lead ${lead.id} fields`, lead.fields),
    consent: lead.consent === null ? null : toJsonText(`lead ${lead.id} consent`, lead.consent),
    status: lead.status,
    attempts: 0,
    next_attempt_at: inOutbox ? createdAt : null,
    queued_at: inOutbox ? createdAt : null,
    last_error: null,
    buyer_lead_id: null,
    buyer_price: null,
    buyer_response: null,
    created_at: createdAt,
    updated_at: createdAt,
    delivered_at: null,
    phone_key: contactKey(contact.phone),
    email_key: contactKey(contact.email),
    duplicate_of: null,
    missing_fields: missing.length > 0 ? toJsonText(`lead ${lead.id} missing fields`, missing) : null,
  };
}

/** `row` as a duplicate of lead `firstId`: out of the outbox for good. */
export function asDuplicate(row: LeadsTable, firstId: string): LeadsTable {
  return { ...row, status: 'duplicate', duplicate_of: firstId, next_attempt_at: null, queued_at: null };
}

/** Maps a table row back to a lead. */
export function fromLeadsRow(row: Selectable<LeadsTable>): LeadRow {
  return {
    id: row.id,
    brandId: row.brand_id,
    route: row.route,
    funnel: row.funnel,
    product: row.product,
    language: row.language,
    anonymousId: row.anonymous_id,
    sessionId: row.session_id,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    consent: row.consent === null ? null : (JSON.parse(row.consent) as ConsentProof),
    // Only toLeadsRow and the delivery updates write this column, always with a known status.
    status: row.status as LeadStatus,
    // PostgreSQL hands back integer columns as numbers, SQLite too; Number() guards a bigint driver setting.
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    queuedAt: row.queued_at,
    lastError: row.last_error,
    buyerLeadId: row.buyer_lead_id,
    buyerPrice: row.buyer_price === null ? null : Number(row.buyer_price),
    buyerResponse: row.buyer_response,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
    duplicateOf: row.duplicate_of,
    missingFields: row.missing_fields === null ? [] : (JSON.parse(row.missing_fields) as string[]),
  };
}

/** Maps an access to its row. */
export function toLeadAccessRow(access: LeadAccess, now: string): Insertable<LeadAccessLogTable> {
  const at = access.at ?? now;
  assertIsoTime(`lead ${access.leadId} access time`, at);
  return { lead_id: access.leadId, actor: access.actor, channel: access.channel, at };
}

/** Maps an access-log row back to an access. */
export function fromLeadAccessRow(row: Selectable<LeadAccessLogTable>): Required<LeadAccess> {
  return { leadId: row.lead_id, actor: row.actor, channel: row.channel, at: row.at };
}
