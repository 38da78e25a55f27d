/**
 * The store's records as the rest of the server sees them (camelCase, JSON values parsed),
 * and their mapping to and from table rows (snake_case, JSON values as text).
 */
import type { Selectable } from 'kysely';
import { eventFacets } from '../../events/event-facets.ts';
import type { EventsTable, UpstreamExchangesTable } from './schema.ts';
import { truncatedIp } from '../../events/truncated-ip.ts';

/** A tracked event, as stored and as listed. */
export interface EventRow {
  /** The client's unique event id. */
  id: string;
  type: 'track';
  /** The event name. */
  event: string;
  brandId: string;
  sessionId: string;
  anonymousId: string;
  /** The client's ISO time, as sent. */
  timestamp: string;
  /** The server's receive time: must be `Date.prototype.toISOString()` output (UTC). */
  receivedAt: string;
  ip: string | null;
  /** Any JSON-serialisable value. */
  properties: unknown;
}

/** An event to insert: the same shape as a listed one. */
export type NewEvent = EventRow;

/** The upstream services whose calls are recorded. */
export const EXCHANGE_KINDS = ['demand-check', 'get-phone', 'lead-quote', 'ads'] as const;

/** Which upstream call an exchange records. */
export type ExchangeKind = (typeof EXCHANGE_KINDS)[number];

/** One recorded upstream call. */
export interface ExchangeRow {
  /** Auto-incrementing; the CLI names an exchange by it. */
  id: number;
  kind: ExchangeKind;
  brandId: string;
  url: string;
  /** The request body, PII already redacted by the caller. */
  request: unknown;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  response: string | null;
  error: string | null;
  latencyMs: number;
  /** Server ISO time. */
  createdAt: string;
}

/** An upstream call to record; `createdAt` defaults to now. */
export type NewExchange = Omit<ExchangeRow, 'id' | 'createdAt'> & { createdAt?: string };

/** The exact shape `toISOString()` produces, which ordering and daily stats rely on. */
export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Serialises a JSON value to text, failing clearly on values JSON cannot hold
 * (undefined, functions, symbols, BigInt, cycles).
 */
export function toJsonText(what: string, value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`${what} is not JSON-serialisable: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable (got ${typeof value})`);
  return text;
}

/** Maps an event to its table row, checking what the database cannot. */
export function toEventsRow(event: NewEvent): EventsTable {
  if (!ISO_UTC.test(event.receivedAt)) {
    throw new TypeError(`event ${event.id}: receivedAt must be a UTC ISO time from toISOString(), got '${event.receivedAt}'`);
  }
  return {
    id: event.id,
    type: event.type,
    event: event.event,
    brand_id: event.brandId,
    session_id: event.sessionId,
    anonymous_id: event.anonymousId,
    timestamp: event.timestamp,
    received_at: event.receivedAt,
    // Only the network: the events table names no household or phone (events/truncated-ip.ts).
    ip: truncatedIp(event.ip),
    properties: toJsonText(`event ${event.id} properties`, event.properties),
    ...eventFacets(event.event, event.properties),
  };
}

/** Maps a table row back to an event. */
export function fromEventsRow(row: Selectable<EventsTable>): EventRow {
  return {
    id: row.id,
    type: row.type,
    event: row.event,
    brandId: row.brand_id,
    sessionId: row.session_id,
    anonymousId: row.anonymous_id,
    timestamp: row.timestamp,
    receivedAt: row.received_at,
    ip: row.ip,
    properties: JSON.parse(row.properties) as unknown,
  };
}

/** Maps a table row back to an exchange. */
export function fromExchangesRow(row: Selectable<UpstreamExchangesTable>): ExchangeRow {
  return {
    id: row.id,
    kind: row.kind,
    brandId: row.brand_id,
    url: row.url,
    request: JSON.parse(row.request) as unknown,
    status: row.status,
    response: row.response,
    error: row.error,
    latencyMs: row.latency_ms,
    createdAt: row.created_at,
  };
}
