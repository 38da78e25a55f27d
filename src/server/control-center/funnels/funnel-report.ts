/**
 * Funnel reports: the store's per-step counts put in the order of
 * the route's funnel, with titles and drop-off. One builder for the control-center API and
 * `cobrand funnels report`, so both show the same figures.
 */
import type { Brand } from '../../../../brands/types.ts';
import type { FunnelPage, FunnelReport, FunnelSegment, FunnelStepReport } from '../../../core/contract/cc-funnels.ts';
import { funnelById } from '../../../core/funnels/index.ts';
import { DEVICE_TYPES, type DeviceType } from '../../../core/tracking/device-types.ts';
import { routesOf } from '../branch-directory.ts';
import type { Store } from '../../platform/store/index.ts';
import type { StepCounts } from './funnel-stats-store.ts';

/** The funnel pages of a brand: every route whose page runs a form, in route-table order. */
export function funnelPagesOf(brand: Brand): FunnelPage[] {
  return routesOf(brand).flatMap((route) => (route.page.form ? [{ route: route.name, path: route.path, funnel: route.page.form }] : []));
}

/** One step's report line from its counts. */
function stepReport(step: string, title: string, counts: StepCounts | undefined): FunnelStepReport {
  const viewed = counts?.viewed ?? 0;
  const submitted = counts?.submitted ?? 0;
  const dropOff = Math.max(0, viewed - submitted);
  return { step, title, viewed, submitted, dropOff, dropOffRate: viewed === 0 ? null : dropOff / viewed };
}

/** Device types in report order, events without a user agent last. */
const DEVICE_ORDER: readonly (DeviceType | null)[] = [...DEVICE_TYPES, null];

/**
 * The report of `page` on `brand` over [since, until) (ISO times). Steps follow the funnel's
 * order; a step name the funnel no longer has (events from before a change) follows, by name.
 */
export async function buildFunnelReport(store: Store, brand: Brand, page: FunnelPage, since: string, until: string): Promise<FunnelReport> {
  const stats = await store.funnelStats({ brandId: brand.id, route: page.route, since, until });
  const funnelSteps = funnelById(page.funnel)?.steps ?? [];
  const titles = new Map(funnelSteps.map((step) => [step.name, step.title]));
  const seen = new Set(stats.steps.map((row) => row.step));
  const order = [...funnelSteps.map((step) => step.name), ...[...seen].filter((step) => !titles.has(step)).sort()];
  const lines = (rows: StepCounts[]) => {
    const byStep = new Map(rows.map((row) => [row.step, row]));
    return order.map((step) => stepReport(step, titles.get(step) ?? step, byStep.get(step)));
  };

  const segments: FunnelSegment[] = [];
  for (const deviceType of DEVICE_ORDER) {
    for (const paid of [true, false]) {
      const rows = stats.splits.filter((row) => row.deviceType === deviceType && row.paid === paid);
      if (rows.length > 0) segments.push({ deviceType, paid, steps: lines(rows) });
    }
  }
  return { brandId: brand.id, route: page.route, path: page.path, funnel: page.funnel, since, until, steps: lines(stats.steps), segments, leads: stats.leads };
}
