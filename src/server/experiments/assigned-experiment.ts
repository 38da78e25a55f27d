/**
 * The experiment a page visit falls in: the branch's running experiment on this route (the first
 * by key, should two share a route), the visitor's variant by the shared deterministic assignment
 * (core/experiments/assignment.ts) over the visit's anonymous id, and the variant's overrides laid
 * over the page, so the first HTML already shows it (no flicker). The payload carries
 * `{key, variant}` for the browser's experimentEntered event.
 *
 * Signed-in staff may force a variant for QA with `?exp=KEY:VARIANT`; the payload then says
 * `forced`, and the browser sends no experimentEntered, so QA visits never enter the results.
 * From anyone else the parameter is ignored (visit.ts reads it only with a live staff session).
 */
import { assignVariant } from '../../core/experiments/assignment.ts';
import type { Experiment, Variant } from '../../core/experiments/experiment.ts';
import type { PagePayload, Payload } from '../../core/payload/types.ts';
import { withPageFields } from '../pages/published-page.ts';
import type { SiteContent } from '../pages/site-content.ts';
import type { Visit } from '../pages/visit.ts';

/** The variant of `experiment` the visitor is assigned by their anonymous id; the HTML-cache key names the same one. */
export function assignedVariant(experiment: Pick<Experiment, 'key' | 'variants'>, visit: Pick<Visit, 'visitor'>): string {
  return assignVariant(experiment.key, experiment.variants, visit.visitor.id);
}

/**
 * Whether `payload` shows a variant assigned by the visitor's anonymous id (not one staff forced):
 * its answer gives a visitor who came without an id the one it was assigned by.
 */
export function assignsVariant(payload: Payload): boolean {
  return payload.kind === 'page' && payload.experiment !== undefined && payload.experiment.forced === undefined;
}

/** The variant staff forced for `experiment`, when the visit forces one of its variants. */
function forcedVariant(experiment: Experiment, visit: Visit): Variant | undefined {
  const forced = visit.forcedVariant;
  if (!forced || forced.key !== experiment.key) return undefined;
  return experiment.variants.find((candidate) => candidate.key === forced.variant);
}

/** `page` with the variant's overrides: text replaces text, the body is Markdown rendered on the server, ctaText is the button. */
async function withOverrides(payload: PagePayload, variant: Variant, content: SiteContent): Promise<PagePayload['page']> {
  const { ctaText, ...fields } = variant.overrides;
  if (Object.keys(fields).length === 0 && ctaText === undefined) return payload.page;
  const image = fields.image === undefined ? undefined : await content.image(payload.brand.id, fields.image);
  const page = withPageFields(payload.page, payload.brand, fields, image);
  return ctaText === undefined ? page : { ...page, cta: ctaText };
}

/** The page payload in its experiment's variant, with `{key, variant}`; unchanged when no experiment runs on the page. */
export async function withExperiment(payload: PagePayload, visit: Visit, content: SiteContent): Promise<PagePayload> {
  // A draft preview shows the page as staff are editing it, not a test variant.
  if (payload.preview) return payload;
  const running = await content.runningExperiments(payload.brand.id);
  const experiment = running.find((candidate) => candidate.routes.includes(payload.route.name));
  if (!experiment) return payload;
  const forced = forcedVariant(experiment, visit);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- assignVariant answers the key of one of these variants
  const variant = forced ?? experiment.variants.find((candidate) => candidate.key === assignedVariant(experiment, visit))!;
  return {
    ...payload,
    page: await withOverrides(payload, variant, content),
    experiment: { key: experiment.key, variant: variant.key, ...(forced ? { forced: true as const } : {}) },
  };
}
