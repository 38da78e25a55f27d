/**
 * The store's queries, written once in Kysely and run unchanged on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';
import { assertIsoTime, assertPositiveInteger } from './arguments.ts';
import { createGroupCommit } from './group-commit.ts';
import type { StoreDialect } from './dialect.ts';
import { createConsentDocumentQueries } from '../../leads/consent-document-store.ts';
import { createLeadQueries } from '../../leads/lead-queries.ts';
import { createPrivacyChoiceQueries } from '../../privacy/privacy-choice-store.ts';
import { createSessionQueries } from '../../auth/session-store.ts';
import { createTotpQueries } from '../../auth/totp-store.ts';
import { createUserQueries } from '../../auth/user-store.ts';
import { createAuditLogQueries } from '../../control-center/audit/audit-log-store.ts';
import { createTrafficStatsQueries } from '../../control-center/branches/traffic-stats-store.ts';
import { createFunnelStatsQueries } from '../../control-center/funnels/funnel-stats-store.ts';
import { createImageQueries } from '../../control-center/images/image-store.ts';
import { createContentQueries } from '../../pages/content-store.ts';
import { createContentEpochQueries } from '../../pages/content-epoch-store.ts';
import { createExperimentQueries } from '../../experiments/experiment-store.ts';
import { createPhoneRuleQueries } from '../../control-center/phone-rules/phone-rule-store.ts';
import { createContentFactoryQueries } from '../../control-center/content-factory/content-factory-store.ts';
import { DEFAULT_EXCHANGES_LISTED, type EventStat, type ListEventsQuery, type ListExchangesQuery, type Store } from './store.ts';
import { fromEventsRow, fromExchangesRow, toEventsRow, toJsonText, type NewEvent } from './records.ts';
import type { Database, EventsTable } from './schema.ts';
import type { EventWriter } from '../../events/event-writer.ts';

/** Most insertEvents calls sharing one transaction. */
const MAX_CALLS_PER_COMMIT = 500;

/** Events deleted per statement by purgeEvents: a few tens of milliseconds of the write lock each. */
const EVENT_PURGE_BATCH = 5000;

/** What one insertEvents call reports. */
interface InsertCount {
  inserted: number;
  duplicates: number;
}

/**
 * Builds the {@link Store} over an already-migrated Kysely database.
 * Event inserts go through group commit; other writes are single auto-committed statements.
 */
export function createKyselyStore(db: Kysely<Database>, dialect: StoreDialect, writeEvents: EventWriter): Store {
  let closed = false;
  const eventCommits = createGroupCommit<readonly EventsTable[], InsertCount>({
    maxBatch: MAX_CALLS_PER_COMMIT,
    commit: (calls) => commitEvents(writeEvents, calls),
  });

  const eventCounts = { stored: 0, duplicates: 0 };

  function assertOpen(): void {
    if (closed) throw new Error(`${dialect} store is closed`);
  }

  const content = createContentQueries(db, assertOpen);
  const experiments = createExperimentQueries(db, assertOpen);

  return {
    dialect,
    // Leads, their outbox and retention live in their own module (lead-queries.ts).
    ...createLeadQueries(db, dialect, assertOpen),
    // The consent steps' HTML the leads' proofs name by hash (consent-document-store.ts).
    ...createConsentDocumentQueries(db, assertOpen),
    // Sign-in sessions (session-store.ts).
    ...createSessionQueries(db, assertOpen),
    // Privacy opt-outs (privacy-choice-store.ts).
    ...createPrivacyChoiceQueries(db, assertOpen),
    // Control-center accounts (user-store.ts) and the audit log of their changes (audit-log-store.ts).
    ...createUserQueries(db, assertOpen),
    // Their optional second factor (totp-store.ts).
    ...createTotpQueries(db, assertOpen),
    ...createAuditLogQueries(db, assertOpen),
    // Visitors, step submissions and leads per branch (traffic-stats-store.ts).
    ...createTrafficStatsQueries(db, dialect, assertOpen),
    // Per-step funnel drop-off over the event facets (funnel-stats-store.ts).
    ...createFunnelStatsQueries(db, assertOpen),
    // Uploaded images and their files (image-store.ts).
    ...createImageQueries(db, assertOpen),
    // Versioned pages and articles staff edit (content-store.ts).
    ...content,
    // A/B tests and the visitors who entered them (experiment-store.ts).
    ...experiments,
    // What every page reads of both, kept per content epoch (content-epoch-store.ts).
    ...createContentEpochQueries(db, assertOpen, { ...content, ...experiments }),
    // Affiliates' phone numbers (phone-rule-store.ts).
    ...createPhoneRuleQueries(db, assertOpen),
    // Content-factory authors, runs and the queue of their items (content-factory-store.ts).
    ...createContentFactoryQueries(db, dialect, assertOpen),

    async insertEvents(events: NewEvent[]) {
      assertOpen();
      // Map (and so validate) before queueing: a bad event fails only its own caller,
      // never the other requests sharing its transaction.
      const rows = events.map(toEventsRow);
      if (rows.length === 0) return { inserted: 0, duplicates: 0 };
      const counted = await eventCommits.enqueue(rows);
      eventCounts.stored += counted.inserted;
      eventCounts.duplicates += counted.duplicates;
      return counted;
    },

    async listEvents(query: ListEventsQuery) {
      assertOpen();
      assertPositiveInteger('listEvents limit', query.limit);
      let select = db.selectFrom('events').selectAll();
      if (query.brandId !== undefined) select = select.where('brand_id', '=', query.brandId);
      if (query.event !== undefined) select = select.where('event', '=', query.event);
      if (query.afterReceivedAt !== undefined) select = select.where('received_at', '>', query.afterReceivedAt);
      const rows = await select.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
      return rows.map(fromEventsRow);
    },

    async purgeEvents(before: string) {
      assertOpen();
      assertIsoTime('purgeEvents before', before);
      let deleted = 0;
      for (;;) {
        // A batch at a time: one DELETE of months of events would hold the write lock for as long
        // as it ran, while visitors' events wait to be stored.
        const batch = db.selectFrom('events').select('id').where('received_at', '<', before).limit(EVENT_PURGE_BATCH);
        const result = await db.deleteFrom('events').where('id', 'in', batch).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < EVENT_PURGE_BATCH) return deleted;
      }
    },

    async eventStats() {
      assertOpen();
      // received_at is always toISOString() output, so its first 10 characters are the UTC date.
      const day = sql<string>`substr(received_at, 1, 10)`;
      const rows = await db
        .selectFrom('events')
        .select((eb) => ['brand_id', 'event', day.as('day'), eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy(['brand_id', 'event', day])
        .orderBy('day', 'desc')
        .orderBy('brand_id')
        .orderBy('event')
        .execute();
      // PostgreSQL returns count(*) as a bigint string.
      return rows.map((row): EventStat => ({ brandId: row.brand_id, event: row.event, day: row.day, count: Number(row.count) }));
    },

    async setUserState(anonymousId: string, state: unknown) {
      assertOpen();
      const row = { anonymous_id: anonymousId, state: toJsonText(`user state of ${anonymousId}`, state), updated_at: new Date().toISOString() };
      await db
        .insertInto('user_states')
        .values(row)
        .onConflict((conflict) => conflict.column('anonymous_id').doUpdateSet({ state: row.state, updated_at: row.updated_at }))
        .execute();
    },

    async getUserState(anonymousId: string) {
      assertOpen();
      const row = await db.selectFrom('user_states').select('state').where('anonymous_id', '=', anonymousId).executeTakeFirst();
      return row === undefined ? undefined : (JSON.parse(row.state) as unknown);
    },

    async recordExchange(exchange) {
      assertOpen();
      const row = await db
        .insertInto('upstream_exchanges')
        .values({
          kind: exchange.kind,
          brand_id: exchange.brandId,
          url: exchange.url,
          request: toJsonText('exchange request', exchange.request),
          status: exchange.status,
          response: exchange.response,
          error: exchange.error,
          latency_ms: exchange.latencyMs,
          created_at: exchange.createdAt ?? new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromExchangesRow(row);
    },

    async listExchanges(query: ListExchangesQuery) {
      assertOpen();
      let select = db.selectFrom('upstream_exchanges').selectAll();
      if (query.id !== undefined) {
        const id = typeof query.id === 'number' ? query.id : /^\d+$/.test(query.id) ? Number(query.id) : Number.NaN;
        assertPositiveInteger('exchange id', id, query.id);
        select = select.where('id', '=', id);
      }
      if (query.kind !== undefined) select = select.where('kind', '=', query.kind);
      const last = query.last ?? DEFAULT_EXCHANGES_LISTED;
      assertPositiveInteger('listExchanges last', last);
      const rows = await select.orderBy('id', 'desc').limit(last).execute();
      return rows.map(fromExchangesRow);
    },

    async ping() {
      assertOpen();
      await sql`select 1`.execute(db);
    },

    stats() {
      const { commits, items } = eventCommits.stats();
      return { eventCommits: commits, eventInsertCalls: items, eventsStored: eventCounts.stored, eventDuplicates: eventCounts.duplicates, eventBatchSizes: eventCommits.batchSizes() };
    },

    async close() {
      if (closed) return;
      closed = true;
      // Answer every queued write before the connection goes away.
      await eventCommits.drain();
      await writeEvents.close();
      await db.destroy();
    },
  };
}

/**
 * Writes every call's rows in one transaction and reports, per call, how many rows were new.
 * A repeated id, whether already stored, repeated within one call or sent by two calls in the
 * same batch, is written once: the first occurrence in queue order counts as inserted.
 */
async function commitEvents(writeEvents: EventWriter, calls: readonly (readonly EventsTable[])[]): Promise<InsertCount[]> {
  const seen = new Set<string>();
  const unique: EventsTable[] = [];
  for (const rows of calls) {
    for (const row of rows) {
      if (!seen.has(row.id)) {
        seen.add(row.id);
        unique.push(row);
      }
    }
  }
  // One transaction of prepared multi-row INSERTs (event-writer.ts).
  const written = await writeEvents.write(unique);
  // Hand each written id to its first occurrence; everything else is a duplicate.
  return calls.map((rows) => {
    let inserted = 0;
    for (const row of rows) {
      if (written.delete(row.id)) inserted += 1;
    }
    return { inserted, duplicates: rows.length - inserted };
  });
}
