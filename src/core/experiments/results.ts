/**
 * An experiment's result per variant, built from the counts the store
 * aggregates in SQL: visitors (who entered), visitors who submitted each funnel step, leads and
 * converted visitors; then the statistics (statistics.ts). One shape for the control center's
 * results panel and `cobrand experiments results`.
 */
import * as z from 'zod';
import { chanceToBeatControl, sampleRatioCheck, SRM_P_THRESHOLD, wilsonInterval } from './statistics.ts';

/** What the store counts for one variant. */
export interface VariantCounts {
  variant: string;
  /** Distinct visitors who entered the variant (their first experimentEntered). */
  visitors: number;
  /** Distinct entered visitors who submitted each step on the experiment's routes after entering, by step name. */
  steps: Record<string, number>;
  /** Leads those visitors left on the experiment's routes after entering. */
  leads: number;
  /** Distinct visitors among them with at least one such lead: the conversions. */
  converted: number;
}

/** One variant's line of the result. */
export const VariantResultSchema = z.object({
  key: z.string(),
  weight: z.number(),
  control: z.boolean(),
  visitors: z.int(),
  stepSubmissions: z.record(z.string(), z.int()),
  leads: z.int(),
  converted: z.int(),
  /** converted / visitors; null without visitors. */
  conversionRate: z.number().nullable(),
  /** 95 % Wilson interval of the conversion rate; null without visitors. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** Probability this variant's rate beats the control's; null for the control or without visitors. */
  chanceToBeatControl: z.number().nullable(),
});

/** The whole result. */
export const ExperimentResultsSchema = z.object({
  key: z.string(),
  branch: z.string(),
  status: z.string(),
  /** Step names in the order first seen in the funnel (by count, most first). */
  steps: z.array(z.string()),
  variants: z.array(VariantResultSchema),
  srm: z.object({ chiSquare: z.number(), pValue: z.number(), mismatch: z.boolean(), threshold: z.number() }).nullable(),
});

export type ExperimentResults = z.output<typeof ExperimentResultsSchema>;

/**
 * The result of an experiment with `variants` (control first) from the store's counts; a
 * variant without counts has zero of everything.
 */
export function buildResults(experiment: { key: string; branch: string; status: string; variants: ReadonlyArray<{ key: string; weight: number }> }, counts: readonly VariantCounts[]): ExperimentResults {
  const byVariant = new Map(counts.map((count) => [count.variant, count]));
  const empty = (variant: string): VariantCounts => ({ variant, visitors: 0, steps: {}, leads: 0, converted: 0 });
  const rows = experiment.variants.map((variant) => ({ ...(byVariant.get(variant.key) ?? empty(variant.key)), weight: variant.weight }));
  const [control] = rows;
  const stepTotals = new Map<string, number>();
  for (const row of rows) for (const [step, count] of Object.entries(row.steps)) stepTotals.set(step, (stepTotals.get(step) ?? 0) + count);
  // A funnel loses visitors step by step, so the most-submitted step comes first: the funnel's order.
  const steps = [...stepTotals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([step]) => step);
  const srm = sampleRatioCheck(
    rows.map((row) => row.visitors),
    experiment.variants.map((variant) => variant.weight),
  );
  return {
    key: experiment.key,
    branch: experiment.branch,
    status: experiment.status,
    steps,
    variants: rows.map((row, index) => ({
      key: row.variant,
      weight: row.weight,
      control: index === 0,
      visitors: row.visitors,
      stepSubmissions: Object.fromEntries(steps.map((step) => [step, row.steps[step] ?? 0])),
      leads: row.leads,
      converted: row.converted,
      conversionRate: row.visitors > 0 ? row.converted / row.visitors : null,
      interval: wilsonInterval(row.converted, row.visitors) ?? null,
      chanceToBeatControl: index === 0 || !control ? null : (chanceToBeatControl({ conversions: control.converted, visitors: control.visitors }, { conversions: row.converted, visitors: row.visitors }) ?? null),
    })),
    srm: srm ? { ...srm, threshold: SRM_P_THRESHOLD } : null,
  };
}
