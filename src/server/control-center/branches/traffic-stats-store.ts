/**
 * Traffic and leads per branch for the control center: distinct visitors
 * (anonymous ids of stored events), step submissions (formStepSubmitted events) and leads, per
 * brand, per UTC day and per page. Each figure is one grouped query over the (brand_id,
 * received_at) and (brand_id, created_at) indexes; nothing is loaded row by row.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/store/schema.ts';
import type { StoreDialect } from '../../platform/store/dialect.ts';

/** The step-submission event (spec §3), counted as "step submissions". */
const STEP_SUBMITTED_EVENT = 'formStepSubmitted';

/** Visitors and leads of one brand since a time. */
export interface BrandTraffic {
  brandId: string;
  visitors: number;
  leads: number;
}

/** One UTC day (YYYY-MM-DD) of a brand. */
export interface DayTraffic {
  day: string;
  visitors: number;
  stepSubmissions: number;
  leads: number;
}

/** One page (route name) of a brand; funnel pages are the ones with step submissions or leads. */
export interface PageTraffic {
  route: string;
  visitors: number;
  stepSubmissions: number;
  leads: number;
}

/** The store's traffic methods. `since` is an ISO time (`toISOString()`): rows received at or after it count. */
export interface TrafficStatsStore {
  /** Every brand with events or leads since `since`, with its distinct visitors and its leads. */
  brandTraffic(since: string): Promise<BrandTraffic[]>;
  /** One brand's days (only days with activity, oldest first) and pages since `since`. */
  branchTraffic(brandId: string, since: string): Promise<{ days: DayTraffic[]; pages: PageTraffic[] }>;
}

/** PostgreSQL answers count(*) as a bigint string, SQLite as a number. */
const count = (value: unknown): number => Number(value ?? 0);

/** Builds the traffic queries over an already-migrated database. */
export function createTrafficStatsQueries(db: Kysely<Database>, dialect: StoreDialect, assertOpen: () => void): TrafficStatsStore {
  // received_at and created_at are toISOString() output, so their first 10 characters are the UTC day.
  const eventDay = sql<string>`substr(received_at, 1, 10)`;
  const leadDay = sql<string>`substr(created_at, 1, 10)`;
  const isStep = sql<number>`case when event = ${STEP_SUBMITTED_EVENT} then 1 else 0 end`;
  // The route of an event is its page context's name (src/core/tracking/page-context.ts).
  const pageName = dialect === 'postgres' ? sql<string | null>`(properties::jsonb #>> '{page,name}')` : sql<string | null>`json_extract(properties, '$.page.name')`;

  return {
    async brandTraffic(since) {
      assertOpen();
      const [visitors, leads] = await Promise.all([
        db
          .selectFrom('events')
          .select((eb) => ['brand_id', eb.fn.count<number | string>('anonymous_id').distinct().as('visitors')])
          .where('received_at', '>=', since)
          .groupBy('brand_id')
          .execute(),
        db
          .selectFrom('leads')
          .select((eb) => ['brand_id', eb.fn.countAll<number | string>().as('leads')])
          .where('created_at', '>=', since)
          .groupBy('brand_id')
          .execute(),
      ]);
      const byBrand = new Map<string, BrandTraffic>();
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set just stored this key
      const entry = (brandId: string) => byBrand.get(brandId) ?? byBrand.set(brandId, { brandId, visitors: 0, leads: 0 }).get(brandId)!;
      for (const row of visitors) entry(row.brand_id).visitors = count(row.visitors);
      for (const row of leads) entry(row.brand_id).leads = count(row.leads);
      return [...byBrand.values()].sort((a, b) => a.brandId.localeCompare(b.brandId));
    },

    async branchTraffic(brandId, since) {
      assertOpen();
      const events = db.selectFrom('events').where('brand_id', '=', brandId).where('received_at', '>=', since);
      const leads = db.selectFrom('leads').where('brand_id', '=', brandId).where('created_at', '>=', since);
      const [eventDays, leadDays, eventPages, leadPages] = await Promise.all([
        events
          .select((eb) => [eventDay.as('day'), eb.fn.count<number | string>('anonymous_id').distinct().as('visitors'), eb.fn.sum<number | string>(isStep).as('steps')])
          .groupBy(eventDay)
          .execute(),
        leads.select((eb) => [leadDay.as('day'), eb.fn.countAll<number | string>().as('leads')]).groupBy(leadDay).execute(),
        events
          .select((eb) => [pageName.as('route'), eb.fn.count<number | string>('anonymous_id').distinct().as('visitors'), eb.fn.sum<number | string>(isStep).as('steps')])
          .groupBy(pageName)
          .execute(),
        leads.select((eb) => ['route', eb.fn.countAll<number | string>().as('leads')]).groupBy('route').execute(),
      ]);

      const days = new Map<string, DayTraffic>();
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set just stored this key
      const day = (key: string) => days.get(key) ?? days.set(key, { day: key, visitors: 0, stepSubmissions: 0, leads: 0 }).get(key)!;
      for (const row of eventDays) Object.assign(day(row.day), { visitors: count(row.visitors), stepSubmissions: count(row.steps) });
      for (const row of leadDays) day(row.day).leads = count(row.leads);

      const pages = new Map<string, PageTraffic>();
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- set just stored this key
      const page = (route: string) => pages.get(route) ?? pages.set(route, { route, visitors: 0, stepSubmissions: 0, leads: 0 }).get(route)!;
      for (const row of eventPages) if (row.route) Object.assign(page(row.route), { visitors: count(row.visitors), stepSubmissions: count(row.steps) });
      for (const row of leadPages) page(row.route).leads = count(row.leads);

      return {
        days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
        pages: [...pages.values()].sort((a, b) => a.route.localeCompare(b.route)),
      };
    },
  };
}
