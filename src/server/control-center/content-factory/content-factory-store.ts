/**
 * The content factory's store: authors per branch, runs, and the runs' items, which are the queue
 * the worker (src/server/control-center/content-factory/content-factory-worker.ts) drains.
 *
 * The queue is durable and shared: an item is claimed with a lease (status running, lease_until),
 * so a worker that dies mid-item gives it back when the lease ends, and on PostgreSQL several
 * processes claim with FOR UPDATE SKIP LOCKED and never hold the same item. Each claim adds one to
 * the item's attempts, and finishing an item names the attempt it finishes: a worker whose lease
 * ran out and whose item was claimed again cannot overwrite the newer attempt's outcome.
 *
 * A scheduled run queues a batch of items each time it is due: the batch is queued by whoever
 * moves the run's next_due_at from the value it read to the next one, so two processes seeing the
 * same due run queue it once.
 */
import type { Kysely, Selectable } from 'kysely';
import { topicOf, type ArticleTemplate, type AuthorFields, type RunItemStatus } from '../../../core/control-center/content-factory.ts';
import { assertIsoTime } from '../../platform/store/arguments.ts';
import { assertPositiveInteger } from '../../platform/store/arguments.ts';
import type { StoreDialect } from '../../platform/store/dialect.ts';
import type { ContentAuthorsTable, ContentRunItemsTable, ContentRunsTable, Database } from '../../platform/store/schema.ts';

/** A stored author. */
export interface StoredAuthor {
  id: number;
  branch: string;
  name: string;
  bio: string;
  expertise: string[];
  image?: string;
  tone: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

/** A stored run. */
export interface StoredRun {
  id: number;
  branch: string;
  authorId: number;
  template: ArticleTemplate;
  topics: string[];
  count: number;
  schedule?: string;
  nextDueAt?: string;
  batches: number;
  status: 'active' | 'cancelled';
  createdAt: string;
  createdBy: string;
  cancelledAt?: string;
  cancelledBy?: string;
}

/** A stored item of a run. */
export interface StoredRunItem {
  id: number;
  runId: number;
  batch: number;
  topic: string;
  status: RunItemStatus;
  attempts: number;
  leaseUntil?: string;
  error?: string;
  articleSlug?: string;
  createdAt: string;
  finishedAt?: string;
}

/** A run with how many of its items are in each status. */
export type RunWithCounts = StoredRun & { counts: Record<RunItemStatus, number> };

/** A run to create. A scheduled one gets `nextDueAt` (its first firing) and no items yet. */
export interface NewRun {
  branch: string;
  authorId: number;
  template: ArticleTemplate;
  topics: string[];
  count: number;
  schedule?: string;
  nextDueAt?: string;
  by: string;
  now?: Date;
}

/** An item a worker claimed, with its run. */
export type ClaimedRunItem = StoredRunItem & { run: StoredRun };

/** How an item ended. */
export type RunItemOutcome = { kind: 'done'; articleSlug: string } | { kind: 'failed'; error: string };

/** The content factory's store methods. */
export interface ContentFactoryStore {
  /** A branch's authors, oldest first. */
  listAuthors(branch: string): Promise<StoredAuthor[]>;
  getAuthor(branch: string, id: number): Promise<StoredAuthor | undefined>;
  createAuthor(branch: string, fields: AuthorFields, by: string, now?: Date): Promise<StoredAuthor>;
  /** Replaces an author's fields; the author before and after, or undefined when there is no such author. */
  updateAuthor(branch: string, id: number, fields: AuthorFields, by: string, now?: Date): Promise<{ before: StoredAuthor; after: StoredAuthor } | undefined>;
  /**
   * Deletes an author unless one of their runs can still write a draft (active with a schedule
   * still firing, or with items queued or running): then nothing is deleted and the answer names
   * those runs. Undefined when there is no such author.
   */
  deleteAuthor(branch: string, id: number): Promise<{ deleted: StoredAuthor } | { busyRuns: number[] } | undefined>;
  /** Creates a run; an unscheduled one has its items (batch 1) queued in the same transaction. */
  createRun(run: NewRun): Promise<StoredRun>;
  /** A branch's runs, newest first, with their item counts. */
  listRuns(branch: string): Promise<RunWithCounts[]>;
  /** One run with its items (oldest first), or undefined. */
  getRun(branch: string, id: number): Promise<{ run: RunWithCounts; items: StoredRunItem[] } | undefined>;
  /** Cancels a run: its queued items are cancelled, its schedule stops; running items finish. Undefined when there is no such run. */
  cancelRun(branch: string, id: number, by: string, now?: Date): Promise<StoredRun | undefined>;
  /**
   * Queues a batch for every active scheduled run due at `now`, moving its next_due_at to
   * `nextDueAt(schedule)` (null stops it). Returns the batches this call queued.
   */
  queueDueRuns(now: string, nextDueAt: (schedule: string) => string | null): Promise<Array<{ runId: number; batch: number }>>;
  /** Claims up to `limit` items (queued, or running with an ended lease), oldest first, leasing them for `leaseMs`; only run `runId`'s when given. */
  claimRunItems(now: string, limit: number, leaseMs: number, runId?: number): Promise<ClaimedRunItem[]>;
  /** Records how attempt `attempt` of item `id` ended; false when that attempt no longer holds the item. */
  finishRunItem(id: number, attempt: number, outcome: RunItemOutcome, at?: string): Promise<boolean>;
}

function fromAuthorRow(row: Selectable<ContentAuthorsTable>): StoredAuthor {
  return {
    id: row.id,
    branch: row.branch,
    name: row.name,
    bio: row.bio,
    expertise: JSON.parse(row.expertise_json) as string[],
    ...(row.image === null ? {} : { image: row.image }),
    tone: row.tone,
    createdAt: row.created_at,
    createdBy: row.created_by,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

function fromRunRow(row: Selectable<ContentRunsTable>): StoredRun {
  return {
    id: row.id,
    branch: row.branch,
    authorId: row.author_id,
    template: row.template as ArticleTemplate,
    topics: JSON.parse(row.topics_json) as string[],
    count: row.count,
    ...(row.schedule === null ? {} : { schedule: row.schedule }),
    ...(row.next_due_at === null ? {} : { nextDueAt: row.next_due_at }),
    batches: row.batches,
    status: row.status === 'cancelled' ? 'cancelled' : 'active',
    createdAt: row.created_at,
    createdBy: row.created_by,
    ...(row.cancelled_at === null ? {} : { cancelledAt: row.cancelled_at }),
    ...(row.cancelled_by === null ? {} : { cancelledBy: row.cancelled_by }),
  };
}

function fromItemRow(row: Selectable<ContentRunItemsTable>): StoredRunItem {
  return {
    id: row.id,
    runId: row.run_id,
    batch: row.batch,
    topic: row.topic,
    status: row.status as RunItemStatus,
    attempts: row.attempts,
    ...(row.lease_until === null ? {} : { leaseUntil: row.lease_until }),
    ...(row.error === null ? {} : { error: row.error }),
    ...(row.article_slug === null ? {} : { articleSlug: row.article_slug }),
    createdAt: row.created_at,
    ...(row.finished_at === null ? {} : { finishedAt: row.finished_at }),
  };
}

const authorColumns = (fields: AuthorFields) => ({ name: fields.name, bio: fields.bio, expertise_json: JSON.stringify(fields.expertise), image: fields.image ?? null, tone: fields.tone });

/** The item rows of one batch of `run`. */
function batchRows(run: Pick<StoredRun, 'id' | 'topics' | 'count'>, batch: number, createdAt: string) {
  return Array.from({ length: run.count }, (_unused, index) => ({ run_id: run.id, batch, topic: topicOf(run.topics, index), status: 'queued', attempts: 0, created_at: createdAt }));
}

const emptyCounts = (): Record<RunItemStatus, number> => ({ queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 });

/** Builds the content-factory methods over an already-migrated database. */
export function createContentFactoryQueries(db: Kysely<Database>, dialect: StoreDialect, assertOpen: () => void): ContentFactoryStore {
  async function countsOf(runIds: number[]): Promise<Map<number, Record<RunItemStatus, number>>> {
    const counts = new Map(runIds.map((id) => [id, emptyCounts()]));
    if (runIds.length === 0) return counts;
    const rows = await db
      .selectFrom('content_run_items')
      .select((eb) => ['run_id', 'status', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('run_id', 'in', runIds)
      .groupBy(['run_id', 'status'])
      .execute();
    // PostgreSQL returns count(*) as a bigint string.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the query asked only for runIds, each given an entry above
    for (const row of rows) counts.get(row.run_id)![row.status as RunItemStatus] = Number(row.n);
    return counts;
  }

  /** The claimable items' ids, oldest first: queued, or running with a lease that ended. */
  const claimable = (executor: Kysely<Database>, now: string, limit: number, runId: number | undefined) => {
    const free = executor
      .selectFrom('content_run_items')
      .select('id')
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<=', now)])]));
    return (runId === undefined ? free : free.where('run_id', '=', runId)).orderBy('id').limit(limit);
  };

  async function withRuns(rows: Array<Selectable<ContentRunItemsTable>>): Promise<ClaimedRunItem[]> {
    if (rows.length === 0) return [];
    const runs = await db
      .selectFrom('content_runs')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((row) => row.run_id),
      )
      .execute();
    const byId = new Map(runs.map((row) => [row.id, fromRunRow(row)]));
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- every item's run was read above, and runs are never deleted
    return rows.map((row) => ({ ...fromItemRow(row), run: byId.get(row.run_id)! })).sort((a, b) => a.id - b.id);
  }

  const queries: ContentFactoryStore = {
    async listAuthors(branch) {
      assertOpen();
      const rows = await db.selectFrom('content_authors').selectAll().where('branch', '=', branch).orderBy('id').execute();
      return rows.map(fromAuthorRow);
    },

    async getAuthor(branch, id) {
      assertOpen();
      const row = await db.selectFrom('content_authors').selectAll().where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : fromAuthorRow(row);
    },

    async createAuthor(branch, fields, by, now = new Date()) {
      assertOpen();
      const at = now.toISOString();
      const row = await db
        .insertInto('content_authors')
        .values({ branch, ...authorColumns(fields), created_at: at, created_by: by, updated_at: at, updated_by: by })
        .returningAll()
        .executeTakeFirstOrThrow();
      return fromAuthorRow(row);
    },

    async updateAuthor(branch, id, fields, by, now = new Date()) {
      assertOpen();
      const before = await queries.getAuthor(branch, id);
      if (before === undefined) return undefined;
      const row = await db
        .updateTable('content_authors')
        .set({ ...authorColumns(fields), updated_at: now.toISOString(), updated_by: by })
        .where('branch', '=', branch)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row === undefined ? undefined : { before, after: fromAuthorRow(row) };
    },

    async deleteAuthor(branch, id) {
      assertOpen();
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('content_authors').selectAll().where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
        if (row === undefined) return undefined;
        const busy = await trx
          .selectFrom('content_runs as run')
          .select('run.id')
          .where('run.branch', '=', branch)
          .where('run.author_id', '=', id)
          .where('run.status', '=', 'active')
          .where((eb) =>
            eb.or([
              eb('run.next_due_at', 'is not', null),
              eb.exists(eb.selectFrom('content_run_items as item').select('item.id').whereRef('item.run_id', '=', 'run.id').where('item.status', 'in', ['queued', 'running'])),
            ]),
          )
          .orderBy('run.id')
          .execute();
        if (busy.length > 0) return { busyRuns: busy.map((run) => run.id) };
        await trx.deleteFrom('content_authors').where('branch', '=', branch).where('id', '=', id).execute();
        return { deleted: fromAuthorRow(row) };
      });
    },

    async createRun({ branch, authorId, template, topics, count, schedule, nextDueAt, by, now = new Date() }) {
      assertOpen();
      assertPositiveInteger('createRun count', count);
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('content_runs')
          .values({
            branch,
            author_id: authorId,
            template,
            topics_json: JSON.stringify(topics),
            count,
            schedule: schedule ?? null,
            next_due_at: schedule === undefined ? null : (nextDueAt ?? null),
            batches: schedule === undefined ? 1 : 0,
            status: 'active',
            created_at: at,
            created_by: by,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const run = fromRunRow(row);
        if (schedule === undefined) await trx.insertInto('content_run_items').values(batchRows(run, 1, at)).execute();
        return run;
      });
    },

    async listRuns(branch) {
      assertOpen();
      const rows = await db.selectFrom('content_runs').selectAll().where('branch', '=', branch).orderBy('id', 'desc').execute();
      const counts = await countsOf(rows.map((row) => row.id));
      return rows.map((row) => ({ ...fromRunRow(row), counts: counts.get(row.id) ?? emptyCounts() }));
    },

    async getRun(branch, id) {
      assertOpen();
      const row = await db.selectFrom('content_runs').selectAll().where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
      if (row === undefined) return undefined;
      const [counts, items] = await Promise.all([countsOf([id]), db.selectFrom('content_run_items').selectAll().where('run_id', '=', id).orderBy('id').execute()]);
      return { run: { ...fromRunRow(row), counts: counts.get(id) ?? emptyCounts() }, items: items.map(fromItemRow) };
    },

    async cancelRun(branch, id, by, now = new Date()) {
      assertOpen();
      const at = now.toISOString();
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('content_runs').selectAll().where('branch', '=', branch).where('id', '=', id).executeTakeFirst();
        if (existing === undefined) return undefined;
        if (existing.status === 'cancelled') return fromRunRow(existing);
        const row = await trx
          .updateTable('content_runs')
          .set({ status: 'cancelled', next_due_at: null, cancelled_at: at, cancelled_by: by })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.updateTable('content_run_items').set({ status: 'cancelled', finished_at: at }).where('run_id', '=', id).where('status', '=', 'queued').execute();
        return fromRunRow(row);
      });
    },

    async queueDueRuns(now, nextDueAt) {
      assertOpen();
      assertIsoTime('queueDueRuns now', now);
      const due = await db.selectFrom('content_runs').selectAll().where('status', '=', 'active').where('next_due_at', '<=', now).orderBy('id').execute();
      const queued: Array<{ runId: number; batch: number }> = [];
      for (const row of due) {
        const run = fromRunRow(row);
        // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- createRun gives only a scheduled run a next_due_at
        const next = nextDueAt(run.schedule!);
        const batch = await db.transaction().execute(async (trx) => {
          // Only the process that moves next_due_at from the value it read queues the batch.
          const moved = await trx
            .updateTable('content_runs')
            .set((eb) => ({ next_due_at: next, batches: eb('batches', '+', 1) }))
            .where('id', '=', run.id)
            .where('status', '=', 'active')
            .where('next_due_at', '=', row.next_due_at)
            .returning('batches')
            .executeTakeFirst();
          if (moved === undefined) return undefined;
          await trx.insertInto('content_run_items').values(batchRows(run, moved.batches, now)).execute();
          return moved.batches;
        });
        if (batch !== undefined) queued.push({ runId: run.id, batch });
      }
      return queued;
    },

    async claimRunItems(now, limit, leaseMs, runId) {
      assertOpen();
      assertIsoTime('claimRunItems now', now);
      assertPositiveInteger('claimRunItems limit', limit);
      assertPositiveInteger('claimRunItems leaseMs', leaseMs);
      const leaseUntil = new Date(Date.parse(now) + leaseMs).toISOString();
      const lease = (executor: Kysely<Database>, ids: number[] | ReturnType<typeof claimable>) =>
        executor
          .updateTable('content_run_items')
          .set((eb) => ({ status: 'running', lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
          .where('id', 'in', ids)
          .returningAll()
          .execute();
      if (dialect === 'postgres') {
        const rows = await db.transaction().execute(async (trx) => {
          // SKIP LOCKED: items another process is claiming right now are passed over, not waited
          // for, so several processes drain one queue without ever holding the same item.
          const ids = await claimable(trx, now, limit, runId).forUpdate().skipLocked().execute();
          return ids.length === 0 ? [] : lease(trx, ids.map((row) => row.id));
        });
        return withRuns(rows);
      }
      // SQLite: one write statement takes the single write lock before it reads, so its select and
      // update see one state (as the lead outbox's claim does, lead-queries.ts).
      return withRuns(await lease(db, claimable(db, now, limit, runId)));
    },

    async finishRunItem(id, attempt, outcome, at = new Date().toISOString()) {
      assertOpen();
      assertIsoTime('finishRunItem at', at);
      const result = await db
        .updateTable('content_run_items')
        .set({
          status: outcome.kind,
          lease_until: null,
          finished_at: at,
          error: outcome.kind === 'failed' ? outcome.error : null,
          article_slug: outcome.kind === 'done' ? outcome.articleSlug : null,
        })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
  return queries;
}
