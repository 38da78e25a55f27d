/**
 * The visitor's own path through a funnel: the steps their answers so far lead through. A funnel
 * lists every step any visitor may see (three drivers, three vehicles), but one visitor sees only
 * those whose condition their answers meet. "Step N of M" counts this path (spec §2 "Progress"):
 * counting the others told a one-car household it was on step 12 of 32 after nine screens. Back
 * goes to the step before on it.
 */
import { conditionHolds } from './engine.ts';
import type { FormValues } from './form-buckets.ts';
import type { FunnelDefinition } from './types.ts';

/**
 * The indexes of the steps of `funnel` that `values` let through, in order, with step `index` (the
 * shown one) among them whatever the values say (an address can open a step they pass over). An
 * unanswered question takes the path its empty answer leads to: no second driver's questions until
 * one is named. So the path grows at the answer that adds steps, and moving forward goes to the
 * next index on it (engine.ts nextStepIndex reads the same conditions): N never skips a number.
 *
 * @example
 * // The auto funnel, a visitor who is neither insured nor a homeowner, on "homeowner" (index 3):
 * const path = visitorPath(FUNNELS.auto, 3, { currentlyInsured: false });
 * `Step ${path.indexOf(3) + 1} of ${path.length}`; // 'Step 3 of 16'
 */
export function visitorPath(funnel: Pick<FunnelDefinition, 'steps'>, index: number, values: FormValues): number[] {
  return funnel.steps.flatMap((step, i) => (i === index || conditionHolds(step.onlyIf, values) ? [i] : []));
}
