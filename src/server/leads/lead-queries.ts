/**
 * The store's lead queries (the {@link LeadStore} half of the store): lead records, the delivery
 * outbox, retention and the access log. Written once in Kysely; the dialect branches are how
 * the outbox is claimed (see claimDueLeads) and how a capture is serialised per contact (see
 * createLead).
 */
import { sql, type Kysely, type Updateable } from 'kysely';
import { CALLBACK_AT_FIELD } from '../../core/leads/callback.ts';
import { DUPLICATE_WINDOW_MS } from '../../core/leads/contact-keys.ts';
import { OFFERED_STATUSES, RETRYABLE_STATUSES } from '../../core/leads/statuses.ts';
import { assertPositiveInteger } from '../platform/store/arguments.ts';
import type { StoreDialect } from '../platform/store/dialect.ts';
import { assertIsoTime } from '../platform/store/arguments.ts';
import { asDuplicate, fromLeadAccessRow, fromLeadsRow, toLeadAccessRow, toLeadsRow } from './lead-records.ts';
import type { DeliveryOutcome, LeadRow, LeadStore, ListLeadsQuery } from './lead-store.ts';
import type { Database, LeadsTable } from '../platform/store/schema.ts';

/** Tries of scheduleLeadCallback's compare-and-set before it gives up: only a storm of writes to one lead exhausts them. */
const CALLBACK_WRITE_ATTEMPTS = 5;

/** How many leads listLeads returns when the query names no limit. */
export const DEFAULT_LEADS_LISTED = 100;

/** Rows per page read by iterateLeads: large enough for few round trips, small enough to stream. */
const ITERATE_PAGE_SIZE = 500;

/**
 * Builds the lead methods over an already-migrated database. `assertOpen` is the owning store's
 * closed check, so every method fails the same way once the store is closed.
 */
export function createLeadQueries(db: Kysely<Database>, dialect: StoreDialect, assertOpen: () => void): LeadStore {
  async function selectPage(query: Omit<ListLeadsQuery, 'limit'>, order: 'asc' | 'desc', limit: number, after?: { createdAt: string; id: string }) {
    let select = db.selectFrom('leads').selectAll();
    if (query.brandId !== undefined) select = select.where('brand_id', '=', query.brandId);
    if (query.status !== undefined) select = select.where('status', '=', query.status);
    if (query.funnel !== undefined) select = select.where('funnel', '=', query.funnel);
    if (query.since !== undefined) select = select.where('created_at', '>=', query.since);
    if (query.until !== undefined) select = select.where('created_at', '<', query.until);
    const before = query.olderThan;
    if (before !== undefined) {
      select = select.where((eb) =>
        eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]),
      );
    }
    if (after !== undefined) {
      // Keyset paging: (created_at, id) strictly after the last row seen, so pages never overlap
      // or skip even while leads are being added.
      select = select.where((eb) =>
        eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]),
      );
    }
    const rows = await select.orderBy('created_at', order).orderBy('id', order).limit(limit).execute();
    return rows.map(fromLeadsRow);
  }

  /**
   * Claims on PostgreSQL: one transaction selects the due leads FOR UPDATE SKIP LOCKED and moves
   * their next attempt to the lease's end before committing.
   */
  async function claimOnPostgres(now: string, limit: number, leaseUntil: string, products: readonly string[] | undefined): Promise<LeadRow[]> {
    return db.transaction().execute(async (trx) => {
      // SKIP LOCKED: leads another worker is claiming right now are passed over, not waited for,
      // so several processes drain one outbox without ever holding the same lead.
      const due = await trx
        .selectFrom('leads')
        .select('id')
        .where('status', '=', 'captured')
        .where('next_attempt_at', '<=', now)
        .$if(products !== undefined, (query) => query.where('product', 'in', products ?? []))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      const rows = await trx
        .updateTable('leads')
        .set({ next_attempt_at: leaseUntil })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returningAll()
        .execute();
      return rows.map(fromLeadsRow);
    });
  }

  /**
   * The same claim as one statement (SQLite): a write statement takes SQLite's single write lock
   * before it reads, so the select and the update see one state, and another process (the CLI
   * requeueing) waits on busy_timeout instead of failing with a stale read snapshot, as a
   * deferred read-then-write transaction could.
   */
  async function claimOnSqlite(now: string, limit: number, leaseUntil: string, products: readonly string[] | undefined): Promise<LeadRow[]> {
    const due = db
      .selectFrom('leads')
      .select('id')
      .where('status', '=', 'captured')
      .where('next_attempt_at', '<=', now)
      .$if(products !== undefined, (query) => query.where('product', 'in', products ?? []))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit);
    const rows = await db.updateTable('leads').set({ next_attempt_at: leaseUntil }).where('id', 'in', due).returningAll().execute();
    return rows.map(fromLeadsRow);
  }

  /**
   * The earliest lead of `row`'s product with its phone or its email key, offered to its buyer
   * (OFFERED_STATUSES) within the duplicate window before `row`: a query for its id. One branch
   * per key, each an equality on (product, key) and a range on created_at, so each is a look-up
   * in its index (leads_product_phone_key, leads_product_email_key), never a scan of the leads.
   */
  function firstOfferedQuery(executor: Kysely<Database>, row: LeadsTable) {
    const since = new Date(Date.parse(row.created_at) - DUPLICATE_WINDOW_MS).toISOString();
    const byKey = (column: 'phone_key' | 'email_key', key: string) =>
      executor
        .selectFrom('leads')
        .select(['id', 'created_at'])
        .where('product', '=', row.product)
        .where(column, '=', key)
        .where('created_at', '>=', since)
        .where('status', 'in', OFFERED_STATUSES)
        .where('id', '!=', row.id);
    const branches = [
      ...(row.phone_key === null ? [] : [byKey('phone_key', row.phone_key)]),
      ...(row.email_key === null ? [] : [byKey('email_key', row.email_key)]),
    ];
    const [first, ...rest] = branches;
    if (first === undefined) throw new Error(`lead ${row.id} has no contact key to look up`);
    const offered = rest.reduce((union, branch) => union.unionAll(branch), first);
    return executor.selectFrom(offered.as('offered')).select('offered.id').orderBy('offered.created_at').orderBy('offered.id').limit(1);
  }

  /** Inserts `row` unless its id is stored; the inserted row, or undefined when the id was there. */
  async function insertUnlessStored(executor: Kysely<Database>, row: LeadsTable) {
    return executor
      .insertInto('leads')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * PostgreSQL: one transaction that first takes an advisory lock per contact key (sorted, so two
   * captures sharing both keys cannot deadlock), so every other capture of the same contact and
   * product waits until this one committed, then looks for the first lead and inserts.
   */
  async function insertCheckedOnPostgres(row: LeadsTable) {
    return db.transaction().execute(async (trx) => {
      const keys = [row.phone_key, row.email_key].filter((key) => key !== null).map((key) => `lead-contact:${row.product}:${key}`);
      for (const key of keys.sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      const first = await firstOfferedQuery(trx, row).executeTakeFirst();
      return insertUnlessStored(trx, first === undefined ? row : asDuplicate(row, first.id));
    });
  }

  /**
   * SQLite: the look-up and the insert as one statement (INSERT ... SELECT), which takes SQLite's
   * single write lock before it reads, across processes too. Not a transaction of two: better-sqlite3
   * waits for a lock synchronously, so a second connection in the same process waiting at BEGIN
   * would block the event loop the first one needs to reach its COMMIT.
   */
  async function insertCheckedOnSqlite(row: LeadsTable) {
    const first = firstOfferedQuery(db, row);
    const columns = Object.keys(row) as (keyof LeadsTable)[];
    // The four columns asDuplicate sets depend on whether a first lead was found; the rest are row's values.
    const valueOf = (column: keyof LeadsTable) => {
      switch (column) {
        case 'status':
          return sql`case when (${first}) is null then ${row.status} else ${'duplicate'} end`;
        case 'duplicate_of':
          return sql`(${first})`;
        case 'next_attempt_at':
        case 'queued_at':
          return sql`case when (${first}) is null then ${row[column]} end`;
        default:
          return sql`${row[column]}`;
      }
    };
    return db
      .insertInto('leads')
      .columns(columns)
      .expression(
        db
          .selectNoFrom(columns.map((column) => valueOf(column).as(column)))
          .where((eb) => eb.not(eb.exists(eb.selectFrom('leads').select('id').where('id', '=', row.id)))),
      )
      .returningAll()
      .executeTakeFirst();
  }

  return {
    async createLead(lead) {
      assertOpen();
      const row = toLeadsRow(lead, new Date().toISOString());
      // Only a lead bound for a buyer can repeat a sale; the look-up and the insert are atomic, so
      // a concurrent capture of the same contact sees this lead, or waits for it.
      const checked = row.status === 'captured' && (row.phone_key !== null || row.email_key !== null);
      const inserted = !checked ? await insertUnlessStored(db, row) : dialect === 'postgres' ? await insertCheckedOnPostgres(row) : await insertCheckedOnSqlite(row);
      if (inserted !== undefined) return { lead: fromLeadsRow(inserted), created: true };
      // The id exists (a retried request): answer with what is stored, unchanged.
      const existing = await db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirst();
      if (existing === undefined) throw new Error(`lead ${lead.id} conflicted on insert but is not stored (deleted meanwhile?)`);
      return { lead: fromLeadsRow(existing), created: false };
    },

    async getLead(id) {
      assertOpen();
      const row = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : fromLeadsRow(row);
    },

    async latestVisitorLead({ brandId, funnel, anonymousId, since }) {
      assertOpen();
      assertIsoTime('latestVisitorLead since', since);
      const row = await db
        .selectFrom('leads')
        .selectAll()
        .where('brand_id', '=', brandId)
        .where('funnel', '=', funnel)
        .where('anonymous_id', '=', anonymousId)
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : fromLeadsRow(row);
    },

    async scheduleLeadCallback(id, callbackAt, at = new Date().toISOString()) {
      assertOpen();
      assertIsoTime('scheduleLeadCallback callbackAt', callbackAt);
      assertIsoTime('scheduleLeadCallback at', at);
      // Compare-and-set on the fields' text instead of a transaction: the same statement on both
      // databases, no lock held between the read and the write (SQLite's single writer), and a
      // concurrent change of the fields (another call-back) makes this try again on the new text.
      for (let attempt = 0; attempt < CALLBACK_WRITE_ATTEMPTS; attempt++) {
        const row = await db.selectFrom('leads').select('fields').where('id', '=', id).executeTakeFirst();
        if (row === undefined) return undefined;
        const fields = { ...(JSON.parse(row.fields) as Record<string, unknown>), [CALLBACK_AT_FIELD]: callbackAt };
        const updated = await db
          .updateTable('leads')
          .set({ fields: JSON.stringify(fields), updated_at: at })
          .where('id', '=', id)
          .where('fields', '=', row.fields)
          .returningAll()
          .executeTakeFirst();
        if (updated !== undefined) return fromLeadsRow(updated);
      }
      throw new Error(`lead ${id}: its fields kept changing while a call-back was recorded`);
    },

    async listLeads(query) {
      assertOpen();
      const limit = query.limit ?? DEFAULT_LEADS_LISTED;
      assertPositiveInteger('listLeads limit', limit);
      return selectPage(query, 'desc', limit);
    },

    async *iterateLeads(query) {
      let after: { createdAt: string; id: string } | undefined;
      for (;;) {
        assertOpen();
        const page = await selectPage(query, 'asc', ITERATE_PAGE_SIZE, after);
        yield* page;
        const last = page.at(-1);
        if (page.length < ITERATE_PAGE_SIZE || last === undefined) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },

    async claimDueLeads(now, limit, leaseMs, products) {
      assertOpen();
      assertIsoTime('claimDueLeads now', now);
      assertPositiveInteger('claimDueLeads limit', limit);
      assertPositiveInteger('claimDueLeads leaseMs', leaseMs);
      const leaseUntil = new Date(Date.parse(now) + leaseMs).toISOString();
      const claimed = dialect === 'postgres' ? await claimOnPostgres(now, limit, leaseUntil, products) : await claimOnSqlite(now, limit, leaseUntil, products);
      // UPDATE ... RETURNING has no order; hand them back oldest first.
      return claimed.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },

    async recordDelivery(id, outcome, at = new Date().toISOString()) {
      assertOpen();
      assertIsoTime('recordDelivery at', at);
      const values = deliveryValues(outcome, at);
      const result = await db
        .updateTable('leads')
        .set((eb) => ({ ...values, attempts: eb('attempts', '+', 1), updated_at: at }))
        .where('id', '=', id)
        // Only a lead still in the outbox: a late answer never overwrites a final outcome.
        .where('status', '=', 'captured')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async requeueLeads(target, at = new Date().toISOString()) {
      assertOpen();
      assertIsoTime('requeueLeads at', at);
      let update = db.updateTable('leads').set({
        status: 'captured',
        attempts: 0,
        next_attempt_at: at,
        queued_at: at,
        buyer_lead_id: null,
        buyer_price: null,
        buyer_response: null,
        delivered_at: null,
        updated_at: at,
      });
      // A call-routed lead went to a phone agent, and an incomplete or duplicate lead must never
      // reach a buyer: none of them has an outbox to go back to (retryRefusal says why).
      update = 'id' in target ? update.where('id', '=', target.id).where('status', 'in', RETRYABLE_STATUSES) : update.where('status', '=', 'failed');
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async outboxDepth() {
      assertOpen();
      const row = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
        .where('status', '=', 'captured')
        .executeTakeFirstOrThrow();
      // PostgreSQL returns count(*) as a bigint string.
      return Number(row.count);
    },

    async purgeLeads(before) {
      assertOpen();
      assertIsoTime('purgeLeads before', before);
      const result = await db.deleteFrom('leads').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async purgeUserStates(before) {
      assertOpen();
      assertIsoTime('purgeUserStates before', before);
      const result = await db.deleteFrom('user_states').where('updated_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async recordLeadAccess(access) {
      assertOpen();
      await db.insertInto('lead_access_log').values(toLeadAccessRow(access, new Date().toISOString())).execute();
    },

    async listLeadAccesses(leadId) {
      assertOpen();
      const rows = await db.selectFrom('lead_access_log').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
      return rows.map(fromLeadAccessRow);
    },
  };
}

/** The columns one delivery outcome sets (attempts and updated_at are set by the caller). */
function deliveryValues(outcome: DeliveryOutcome, at: string): Updateable<LeadsTable> {
  switch (outcome.kind) {
    case 'delivered':
      return {
        status: 'delivered',
        next_attempt_at: null,
        last_error: null,
        buyer_lead_id: outcome.buyerLeadId,
        buyer_price: outcome.buyerPrice,
        buyer_response: outcome.buyerResponse,
        delivered_at: at,
      };
    case 'rejected':
      return { status: 'rejected', next_attempt_at: null, last_error: outcome.reason, buyer_response: outcome.buyerResponse };
    case 'retry':
      assertIsoTime('retry nextAttemptAt', outcome.nextAttemptAt);
      return { next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error };
    case 'failed':
      return { status: 'failed', next_attempt_at: null, last_error: outcome.error };
  }
}
