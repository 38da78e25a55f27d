/**
 * `POST /api/funnel/step`: the browser's funnel submits each question step here before it moves
 * on. The step's answers are checked as a no-JavaScript form post's are (step-answers.ts), the
 * visitor must have walked every question before it on their path (walked-path.ts, the check the
 * form posts and the lead capture share), and the step is then recorded, with its time, in the
 * encrypted form cookie (form-session.ts). Answers 204; 400 `{ error, problems }` for bad answers,
 * and with `missingStep` when an earlier step was not submitted, so the browser can take the
 * visitor back to it. The answers themselves are not kept: the browser keeps its own, and the
 * lead carries them.
 */
import type { FastifyInstance } from 'fastify';
import { FUNNEL_STEP_SUBMIT, type FunnelStepRefusal, type FunnelStepRequest } from '../../core/contract/funnel-steps.ts';
import { formValuesOf } from '../../core/funnels/engine.ts';
import { emptiedValues } from '../../core/funnels/field-input.ts';
import { EMPTY_FORM_BUCKETS } from '../../core/funnels/form-buckets.ts';
import type { StepValidation } from '../../core/funnels/step-validation.ts';
import type { FunnelDefinition, FunnelStep } from '../../core/funnels/types.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import { readFormCookie, recordWalkedStep, walkedSteps } from './form-session.ts';
import { routeFunnel } from './route-funnel.ts';
import { checkStepValues } from './step-answers.ts';
import { firstUnwalkedStep, notWalkedProblem } from './walked-path.ts';

/** The `error` line of a step submitted before an earlier one. */
export const STEP_NOT_REACHED = 'Step not reached';

/** What the step plugin needs from the app. */
export interface FunnelStepOptions {
  /** True in production, where the fictional 555-01xx phone numbers are refused. */
  production: boolean;
}

/**
 * The answers of `step` as the request sends them: refused when they name a field the step does
 * not ask; a skippable step sent without answers is its skip (every value emptied, as the skip
 * button's form post gives).
 */
function judgeAnswers(funnel: FunnelDefinition, step: FunnelStep, answers: FunnelStepRequest['answers'], production: boolean): StepValidation {
  const asked = new Set(step.fields.map((field) => field.name));
  const unasked = Object.keys(answers).filter((name) => !asked.has(name));
  if (unasked.length > 0) return { ok: false, errors: Object.fromEntries(unasked.map((name) => [name, `is not a field of step '${step.name}'`])) };
  if (step.skippable && Object.values(answers).every((value) => value === undefined)) return { ok: true, values: emptiedValues(step) };
  return checkStepValues(funnel, step, answers, production);
}

/**
 * Registers POST /api/funnel/step.
 * @example
 * // The browser, on the auto funnel's ZIP step:
 * await fetch(FUNNEL_STEP_PATH, { method: 'POST', headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ route: 'quiz-auto', funnel: 'auto', step: 'zip', answers: { zipcode: '33101' } }) });
 * // 204, and the form cookie now records 'zip' as walked.
 */
export async function funnelStepPlugin(app: FastifyInstance, options: FunnelStepOptions): Promise<void> {
  routeEndpoint(app, FUNNEL_STEP_SUBMIT, async (request, reply) => {
    const { body } = request;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
    const named = routeFunnel(request.brand!.id, body.route, body.funnel);
    if (!named.ok) return sendBadRequest(reply, FUNNEL_STEP_SUBMIT.invalid, [named.problem]);
    const { funnel } = named;
    const index = funnel.steps.findIndex((candidate) => candidate.name === body.step);
    const step = funnel.steps[index];
    if (!step || step.kind !== 'form') return sendBadRequest(reply, FUNNEL_STEP_SUBMIT.invalid, [`step: '${body.step}' is not a question step of funnel '${funnel.id}'`]);

    const verdict = judgeAnswers(funnel, step, body.answers, options.production);
    if (!verdict.ok) return sendBadRequest(reply, FUNNEL_STEP_SUBMIT.invalid, Object.entries(verdict.errors).map(([field, message]) => `answers.${field}: ${message}`));

    // The path to this step follows the answers the server knows: a no-JavaScript visit's values
    // in the form cookie, and this step's. Conditional steps the server cannot see answered yet
    // are checked when the lead comes, against the path the lead's own answers take.
    const now = new Date();
    const values = { ...formValuesOf(readFormCookie(request) ?? EMPTY_FORM_BUCKETS, funnel.id), ...verdict.values };
    const missing = firstUnwalkedStep(funnel, index, values, walkedSteps(request, funnel.id, now));
    if (missing !== undefined) {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- firstUnwalkedStep answers an index of funnel.steps
      const missingStep = funnel.steps[missing]!.name;
      request.log.warn({ funnel: funnel.id, step: step.name, missing: missingStep }, 'funnel step refused: the visitor did not walk to it');
      return reply.code(400).send({ error: STEP_NOT_REACHED, problems: [notWalkedProblem(missingStep)], missingStep } satisfies FunnelStepRefusal);
    }
    recordWalkedStep(request, funnel.id, step.name, now);
    return reply.code(204).send();
  });
}
