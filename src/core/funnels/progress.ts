/**
 * "Step N of M" on the visitor's own path (spec §2 "Progress"). A funnel lists every step any
 * visitor may see (three drivers, three vehicles), but one visitor sees only those whose
 * condition their answers meet: counting the others would tell a one-car household it is on step
 * 12 of 32 after nine screens. So M counts the steps the answers so far lead through, an
 * unanswered question taking the path its empty answer leads to (no second driver until one is
 * named), and grows at the answer that adds steps.
 */
import { conditionHolds } from './engine.ts';
import type { FormValues } from './form-buckets.ts';
import type { FunnelDefinition, FunnelStep } from './types.ts';

/** Where the visitor stands: step `number` (1-based) of the `total` steps on their path. */
export interface PathProgress {
  number: number;
  total: number;
}

/**
 * The progress of step `index` for a visitor with `values`: the steps their answers let through,
 * the shown step always among them (an address can open a step the answers would pass over).
 * Moving forward goes to the next of these steps (engine.ts nextStepIndex reads the same
 * conditions), so N never skips a number.
 *
 * @example
 * // The auto funnel, a visitor who answered "no" to being insured and to owning a home:
 * pathProgress(FUNNELS.auto, 3, { currentlyInsured: false, homeowner: false }); // { number: 3, total: 16 }
 */
export function pathProgress(funnel: Pick<FunnelDefinition, 'steps'>, index: number, values: FormValues): PathProgress {
  const onPath = (step: FunnelStep, i: number) => i === index || conditionHolds(step.onlyIf, values);
  return { number: funnel.steps.slice(0, index + 1).filter(onPath).length, total: funnel.steps.filter(onPath).length };
}
