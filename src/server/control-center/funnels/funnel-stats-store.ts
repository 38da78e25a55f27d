/**
 * Funnel analytics: per step of one brand's route, the visitors
 * who saw it (pageView) and who submitted it (formStepSubmitted), split by device type and paid
 * flag, and the route's leads, over a time range. Grouped SQL over the facet columns and the
 * covering (brand_id, route, received_at, …) index of migration 0007_event_facets: no JSON is read.
 */
import { sql, type Kysely, type NotNull } from 'kysely';
import { EVENT_NAMES } from '../../../core/tracking/event-props.ts';
import type { Database } from '../../platform/store/schema.ts';

/** What a funnel report covers: `since` inclusive, `until` exclusive, both ISO times (`toISOString()`). */
export interface FunnelStatsQuery {
  brandId: string;
  route: string;
  since: string;
  until: string;
}

/** Distinct visitors who saw and who submitted one step. */
export interface StepCounts {
  step: string;
  viewed: number;
  submitted: number;
}

/** A step's counts among visitors of one device type and paid flag. */
export interface StepSplitCounts extends StepCounts {
  /** 'mobile', 'tablet', 'desktop', or null for events that carried no user agent. */
  deviceType: string | null;
  paid: boolean;
}

/** The raw figures of one funnel report, in no particular order (the caller orders steps by its funnel). */
export interface FunnelStats {
  /** Per step, each visitor counted once however many devices or flags they showed. */
  steps: StepCounts[];
  /** Per step, device type and paid flag. */
  splits: StepSplitCounts[];
  /** Leads captured on the route in the range. */
  leads: number;
}

/** The store's funnel method. */
export interface FunnelStatsStore {
  /** The step, split and lead counts of one brand's route over a time range. */
  funnelStats(query: FunnelStatsQuery): Promise<FunnelStats>;
}

/** PostgreSQL answers counts as bigint strings, SQLite as numbers. */
const count = (value: unknown): number => Number(value ?? 0);

/** Builds the funnel queries over an already-migrated database. */
export function createFunnelStatsQueries(db: Kysely<Database>, assertOpen: () => void): FunnelStatsStore {
  // Distinct visitors among the rows of one event: a visitor who saw a step twice counts once.
  const visitorsOf = (event: string) => sql<number | string>`count(distinct case when event = ${event} then anonymous_id end)`;
  const viewed = visitorsOf(EVENT_NAMES.pageView);
  const submitted = visitorsOf(EVENT_NAMES.formStepSubmitted);

  return {
    async funnelStats({ brandId, route, since, until }) {
      assertOpen();
      const stepEvents = db
        .selectFrom('events')
        .where('brand_id', '=', brandId)
        .where('route', '=', route)
        .where('received_at', '>=', since)
        .where('received_at', '<', until)
        .where('event', 'in', [EVENT_NAMES.pageView, EVENT_NAMES.formStepSubmitted])
        .where('step', 'is not', null);
      const [steps, splits, leads] = await Promise.all([
        stepEvents.select(['step', viewed.as('viewed'), submitted.as('submitted')]).$narrowType<{ step: NotNull }>().groupBy('step').execute(),
        stepEvents.select(['step', 'device_type', 'paid', viewed.as('viewed'), submitted.as('submitted')]).$narrowType<{ step: NotNull }>().groupBy(['step', 'device_type', 'paid']).execute(),
        db
          .selectFrom('leads')
          .select((eb) => eb.fn.countAll<number | string>().as('leads'))
          .where('brand_id', '=', brandId)
          .where('route', '=', route)
          .where('created_at', '>=', since)
          .where('created_at', '<', until)
          .executeTakeFirst(),
      ]);
      return {
        steps: steps.map((row) => ({ step: row.step, viewed: count(row.viewed), submitted: count(row.submitted) })),
        splits: splits.map((row) => ({ step: row.step, deviceType: row.device_type, paid: count(row.paid) === 1, viewed: count(row.viewed), submitted: count(row.submitted) })),
        leads: count(leads?.leads),
      };
    },
  };
}
