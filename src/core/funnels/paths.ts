/** Step URLs: a stepped funnel route's `{step?}` segment names the step. */
import { buildPath } from '../router/pattern.ts';

/** The route param holding the step name (routes.ts patterns end in `{step?}`). */
export const STEP_PARAM = 'step';

/** The path of step `stepName` on a funnel route: '/quiz/otc/{step?}' + 'zip' = '/quiz/otc/zip'. */
export function stepPath(pattern: string, params: Readonly<Record<string, string>>, stepName: string): string {
  return buildPath(pattern, { ...params, [STEP_PARAM]: stepName });
}
