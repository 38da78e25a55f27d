/**
 * Experiments (A/B tests of brand pages): one row per experiment of a branch, and one row per
 * visitor who entered one (experiment_exposures).
 *
 * Why an exposures table rather than reading the experimentEntered events at query time: the
 * results join visitors to their step submissions and leads by anonymous id, per variant. With
 * one row per (experiment, visitor), written when the browser's experimentEntered event is stored,
 * that join runs on a primary key, never parses event JSON, and "first variant seen wins" is the
 * insert's conflict rule, so a visitor counts once even if the event were sent twice or a
 * forced QA variant followed.
 */
import type { Kysely } from 'kysely';
import type { VariantCounts } from '../../core/experiments/results.ts';
import type { Experiment, ExperimentFields, ExperimentStatus } from '../../core/experiments/experiment.ts';
import type { Database, ExperimentsTable } from '../platform/store/schema.ts';

/** The step-submission event (spec §3). */
const STEP_SUBMITTED_EVENT = 'formStepSubmitted';

/** A new experiment (a draft). */
export interface NewExperiment extends ExperimentFields {
  key: string;
  branch: string;
  by: string;
  now?: Date;
}

/** A change's outcome: the changed experiment, a conflict (someone changed it first: the current one), or nothing there. */
export type ExperimentChange = { changed: Experiment } | { conflict: Experiment } | { missing: true };

/** One visitor's entry into an experiment, from a stored experimentEntered event. */
export interface NewExposure {
  branch: string;
  experimentKey: string;
  variant: string;
  anonymousId: string;
  /** Server ISO time the event was received. */
  at: string;
}

/** The store's experiment methods. */
export interface ExperimentStore {
  /** Creates a draft; false when the branch already has an experiment with this key. */
  createExperiment(experiment: NewExperiment): Promise<Experiment | undefined>;
  /** One experiment, or undefined. */
  getExperiment(branch: string, key: string): Promise<Experiment | undefined>;
  /** A branch's experiments, newest first. */
  listExperiments(branch: string): Promise<Experiment[]>;
  /** The branch's running experiments (read on every page request). */
  runningExperiments(branch: string): Promise<Experiment[]>;
  /** Replaces a draft's fields when `baseVersion` is still current (the caller checks that it is a draft). */
  updateExperimentFields(branch: string, key: string, fields: ExperimentFields, baseVersion: number, now?: Date): Promise<ExperimentChange>;
  /** Sets the status when `baseVersion` is still current; the first start sets started_at, a stop sets stopped_at. */
  setExperimentStatus(branch: string, key: string, status: ExperimentStatus, baseVersion: number, now?: Date): Promise<ExperimentChange>;
  /** Records entries; a visitor already recorded in an experiment keeps their first variant. Returns how many were new. */
  recordExposures(exposures: readonly NewExposure[]): Promise<number>;
  /**
   * Per variant: entered visitors, their step submissions per step, leads and converted visitors,
   * aggregated in SQL. `since` (the experiment's start) bounds the events and leads read: nothing
   * before it can follow an entry, and the (brand_id, route, received_at) index then reads a range.
   */
  experimentCounts(branch: string, key: string, routes: readonly string[], since?: string): Promise<VariantCounts[]>;
}

function fromRow(row: ExperimentsTable): Experiment {
  return {
    key: row.key,
    branch: row.branch,
    name: row.name,
    routes: JSON.parse(row.routes_json) as string[],
    variants: JSON.parse(row.variants_json) as Experiment['variants'],
    status: row.status as ExperimentStatus,
    startedAt: row.started_at,
    stoppedAt: row.stopped_at,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** PostgreSQL answers count(*) as a bigint string, SQLite as a number. */
const count = (value: unknown): number => Number(value ?? 0);

/** Builds the experiment methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createExperimentQueries(db: Kysely<Database>, assertOpen: () => void): ExperimentStore {
  const one = (branch: string, key: string) => db.selectFrom('experiments').selectAll().where('branch', '=', branch).where('key', '=', key);

  /** Applies `values` when the version is still `baseVersion` (one conditional UPDATE, so two editors cannot both win). */
  async function change(branch: string, key: string, baseVersion: number, values: Partial<ExperimentsTable>, now: Date): Promise<ExperimentChange> {
    const result = await db
      .updateTable('experiments')
      .set({ ...values, version: baseVersion + 1, updated_at: now.toISOString() })
      .where('branch', '=', branch)
      .where('key', '=', key)
      .where('version', '=', baseVersion)
      .executeTakeFirst();
    const current = await one(branch, key).executeTakeFirst();
    if (current === undefined) return { missing: true };
    return Number(result.numUpdatedRows) === 1 ? { changed: fromRow(current) } : { conflict: fromRow(current) };
  }

  return {
    async createExperiment({ key, branch, name, routes, variants, now = new Date() }) {
      assertOpen();
      const at = now.toISOString();
      const row: ExperimentsTable = {
        branch,
        key,
        name,
        routes_json: JSON.stringify(routes),
        variants_json: JSON.stringify(variants),
        status: 'draft',
        started_at: null,
        stopped_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
      };
      const inserted = await db
        .insertInto('experiments')
        .values(row)
        .onConflict((conflict) => conflict.columns(['branch', 'key']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? fromRow(row) : undefined;
    },

    async getExperiment(branch, key) {
      assertOpen();
      const row = await one(branch, key).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },

    async listExperiments(branch) {
      assertOpen();
      const rows = await db.selectFrom('experiments').selectAll().where('branch', '=', branch).orderBy('created_at', 'desc').orderBy('key').execute();
      return rows.map(fromRow);
    },

    async runningExperiments(branch) {
      assertOpen();
      const rows = await db.selectFrom('experiments').selectAll().where('branch', '=', branch).where('status', '=', 'running').orderBy('key').execute();
      return rows.map(fromRow);
    },

    async updateExperimentFields(branch, key, { name, routes, variants }, baseVersion, now = new Date()) {
      assertOpen();
      return change(branch, key, baseVersion, { name, routes_json: JSON.stringify(routes), variants_json: JSON.stringify(variants) }, now);
    },

    async setExperimentStatus(branch, key, status, baseVersion, now = new Date()) {
      assertOpen();
      const current = await one(branch, key).executeTakeFirst();
      if (current === undefined) return { missing: true };
      const at = now.toISOString();
      return change(
        branch,
        key,
        baseVersion,
        {
          status,
          // The first start is the experiment's start; resuming after a pause keeps it.
          ...(status === 'running' && current.started_at === null ? { started_at: at } : {}),
          ...(status === 'stopped' ? { stopped_at: at } : {}),
        },
        now,
      );
    },

    async recordExposures(exposures) {
      assertOpen();
      if (exposures.length === 0) return 0;
      const result = await db
        .insertInto('experiment_exposures')
        .values(exposures.map(({ branch, experimentKey, variant, anonymousId, at }) => ({ branch, experiment_key: experimentKey, variant, anonymous_id: anonymousId, first_seen_at: at })))
        .onConflict((conflict) => conflict.columns(['branch', 'experiment_key', 'anonymous_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async experimentCounts(branch, key, routes, since = '') {
      assertOpen();
      const exposures = db.selectFrom('experiment_exposures as x').where('x.branch', '=', branch).where('x.experiment_key', '=', key);
      const routeList = routes.length > 0 ? [...routes] : [''];
      const [visitors, steps, leads] = await Promise.all([
        exposures.select((eb) => ['x.variant', eb.fn.countAll<number | string>().as('visitors')]).groupBy('x.variant').execute(),
        // Only what a visitor did after entering counts, and only on the experiment's pages: the
        // events' route and step facet columns (migration 0007_event_facets), never their JSON.
        exposures
          .innerJoin('events as e', (join) => join.onRef('e.anonymous_id', '=', 'x.anonymous_id').onRef('e.brand_id', '=', 'x.branch').onRef('e.received_at', '>=', 'x.first_seen_at'))
          .where('e.event', '=', STEP_SUBMITTED_EVENT)
          .where('e.route', 'in', routeList)
          .where('e.step', 'is not', null)
          .where('e.received_at', '>=', since)
          .select((eb) => ['x.variant', 'e.step', eb.fn.count<number | string>('e.anonymous_id').distinct().as('visitors')])
          .groupBy(['x.variant', 'e.step'])
          .execute(),
        exposures
          .innerJoin('leads as l', (join) => join.onRef('l.anonymous_id', '=', 'x.anonymous_id').onRef('l.brand_id', '=', 'x.branch').onRef('l.created_at', '>=', 'x.first_seen_at'))
          .where('l.route', 'in', routeList)
          .where('l.created_at', '>=', since)
          .select((eb) => ['x.variant', eb.fn.countAll<number | string>().as('leads'), eb.fn.count<number | string>('l.anonymous_id').distinct().as('converted')])
          .groupBy('x.variant')
          .execute(),
      ]);
      const byVariant = new Map<string, VariantCounts>();
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set just stored this key
      const entry = (variant: string) => byVariant.get(variant) ?? byVariant.set(variant, { variant, visitors: 0, steps: {}, leads: 0, converted: 0 }).get(variant)!;
      for (const row of visitors) entry(row.variant).visitors = count(row.visitors);
      for (const row of steps) if (row.step) entry(row.variant).steps[row.step] = count(row.visitors);
      for (const row of leads) Object.assign(entry(row.variant), { leads: count(row.leads), converted: count(row.converted) });
      return [...byVariant.values()];
    },
  };
}
