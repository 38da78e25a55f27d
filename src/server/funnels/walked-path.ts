/**
 * Whether a visitor walked a funnel to where they are: the one check behind a no-JavaScript step
 * post (funnel-post.ts), a JavaScript step submit (step-route.ts) and a lead capture (the JSON
 * API's and the no-JavaScript last step's, leads/capture.ts). A step counts as walked when the
 * form cookie records it (form-session.ts walkedSteps); which steps a visitor must have walked
 * follows their own path through the funnel (core/funnels/visitor-path.ts), so a visitor with one
 * car is never asked for the second car's step.
 */
import { CAPTURE_LEAD_ACTION } from '../../core/funnels/actions.ts';
import type { FormValues } from '../../core/funnels/form-buckets.ts';
import { impliedPathAnswers } from '../../core/funnels/path-answers.ts';
import type { FunnelDefinition } from '../../core/funnels/types.ts';
import { visitorPath } from '../../core/funnels/visitor-path.ts';

/**
 * The problem line naming a question step the visitor did not submit, as the JSON API lists it.
 * @example
 * notWalkedProblem('zip'); // "steps: 'zip' was not submitted"
 */
export function notWalkedProblem(stepName: string): string {
  return `steps: '${stepName}' was not submitted`;
}

/**
 * The index of the first question step before step `index` on the path `values` take through
 * `funnel` that `walked` does not hold, or undefined when every one was walked.
 * @example
 * // A bare post of the auto funnel's contact step, nothing walked: back to the first question.
 * firstUnwalkedStep(auto, contactIndex, {}, []); // 0 ('zip')
 */
export function firstUnwalkedStep(funnel: Pick<FunnelDefinition, 'steps'>, index: number, values: FormValues, walked: readonly string[]): number | undefined {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- visitorPath answers indexes of funnel.steps
  return visitorPath(funnel, index, values).find((at) => at < index && funnel.steps[at]!.kind === 'form' && !walked.includes(funnel.steps[at]!.name));
}

/**
 * The name of the first question step a lead with `fields` needed that `walked` does not hold:
 * every question on the path the lead's own answers take, up to and including the step that
 * captures it (every funnel captures on its last question step). The lead carries no path answers
 * (core/funnels/path-answers.ts): its fields imply them (a second driver named means a yes to
 * "anyone else drive?"), so that driver's screens must have been walked. Undefined when all were.
 */
export function firstUnwalkedLeadStep(funnel: Pick<FunnelDefinition, 'steps'>, fields: FormValues, walked: readonly string[]): string | undefined {
  const capture = funnel.steps.findIndex((step) => step.onSubmit === CAPTURE_LEAD_ACTION);
  const captureStep = funnel.steps[capture];
  if (!captureStep) return undefined;
  const before = firstUnwalkedStep(funnel, capture, { ...fields, ...impliedPathAnswers(fields) }, walked);
  if (before !== undefined) return funnel.steps[before]?.name;
  return walked.includes(captureStep.name) ? undefined : captureStep.name;
}
