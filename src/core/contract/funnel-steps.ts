/**
 * The funnel step endpoint: the browser's funnel submits every question step here before it moves
 * on, so the server holds, in the visitor's encrypted form cookie, which steps they walked and
 * when. A lead (`POST /api/leads`) is only taken from a visit that walked every question on its
 * path; the no-JavaScript funnel's own form posts record the same steps in the same cookie.
 */
import * as z from 'zod';
import { BODY_LIMITS } from './body-limits.ts';
import { ApiErrorSchema, defineEndpoint, NothingSchema } from './endpoint.ts';
import { FUNNEL_STEP_PATH } from './paths.ts';

// Spelled in paths.ts, zod-free, where the browser imports it from.
export { FUNNEL_STEP_PATH } from './paths.ts';

/** One submitted question step. Brand comes from the Host; the step's fields from the funnel. */
export const FunnelStepRequestSchema = z.strictObject({
  /** The route name (routes.ts) the funnel runs on; it must be served on the brand and run `funnel`. */
  route: z.string().min(1).max(200),
  /** The funnel id (core/funnels). */
  funnel: z.string().min(1).max(64),
  /** The submitted step's name (its URL segment); it must be a question step of the funnel. */
  step: z.string().min(1).max(64),
  /**
   * The step's answers by field name, as lead values (`true` for yes, `'1956-04-30'` for a date);
   * checked against the step's fields with the lead rules. A skipped step sends none.
   */
  answers: z.record(z.string().max(64), z.unknown()),
});

/** A submitted question step. */
export type FunnelStepRequest = z.infer<typeof FunnelStepRequestSchema>;

/**
 * A refused step: the API's 400, and when the visitor did not walk to this step, the name of the
 * first question on their path they did not submit (`missingStep`), where the browser takes them.
 */
export const FunnelStepRefusalSchema = ApiErrorSchema.extend({ missingStep: z.string().optional() });

/** A refused step's answer. */
export type FunnelStepRefusal = z.output<typeof FunnelStepRefusalSchema>;

export const FUNNEL_STEP_SUBMIT = defineEndpoint({
  name: 'funnel-step-submit',
  method: 'POST',
  path: FUNNEL_STEP_PATH,
  request: FunnelStepRequestSchema,
  response: NothingSchema,
  bodyLimit: BODY_LIMITS.funnelStep,
  // Only from the site's own pages: a walked step is what lets a lead through.
  access: 'visitor',
  // Counted with the user-state pushes, which the funnel also sends once per step: the same pace.
  limitGroup: 'userState',
  invalid: 'Invalid step',
});
