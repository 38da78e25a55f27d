/**
 * The experiment a page request falls in (issue 13 "Experiments"): the branch's running experiment
 * on this route (the first by key, should two share a route), the visitor's variant by the shared
 * deterministic assignment (core/experiments/assignment.ts) over the visitor-id cookie, and the
 * variant's overrides laid over the page, so the first HTML already shows it (no flicker). The
 * payload carries `{key, variant}` for the browser's experimentEntered event.
 *
 * Signed-in staff may force a variant for QA with `?exp=KEY:VARIANT`; the payload then says
 * `forced`, and the browser sends no experimentEntered, so QA visits never enter the results.
 * From anyone else the parameter is ignored.
 */
import type { FastifyRequest } from 'fastify';
import { assignVariant, FORCE_VARIANT_PARAM, parseForcedVariant } from '../../core/experiments/assignment.ts';
import type { Experiment, Variant } from '../../core/experiments/experiment.ts';
import type { PagePayload } from '../../core/payload/types.ts';
import { currentSession } from '../auth/auth-session.ts';
import { runningExperiments } from '../pages/page-reads.ts';
import { pageImage, withPageFields } from '../pages/published-page.ts';
import { visitorIdOf } from './visitor-id.ts';

/** The variant a staff member forced, when the request carries `?exp=` for this experiment and comes from a live session. */
async function forcedVariant(request: FastifyRequest, experiment: Experiment): Promise<Variant | undefined> {
  const forced = parseForcedVariant((request.query as Record<string, unknown>)[FORCE_VARIANT_PARAM]);
  if (!forced || forced.key !== experiment.key) return undefined;
  const variant = experiment.variants.find((candidate) => candidate.key === forced.variant);
  if (!variant) return undefined;
  return (await currentSession(request)) ? variant : undefined;
}

/** `page` with the variant's overrides: text replaces text, the body is Markdown rendered on the server, ctaText is the button. */
async function withOverrides(request: FastifyRequest, payload: PagePayload, variant: Variant): Promise<PagePayload['page']> {
  const { ctaText, ...fields } = variant.overrides;
  if (Object.keys(fields).length === 0 && ctaText === undefined) return payload.page;
  const image = fields.image === undefined ? undefined : await pageImage(request.server.store, payload.brand.id, fields.image);
  const page = withPageFields(payload.page, payload.brand, fields, image);
  return ctaText === undefined ? page : { ...page, cta: ctaText };
}

/** The page payload in its experiment's variant, with `{key, variant}`; unchanged when no experiment runs on the page. */
export async function withExperiment(request: FastifyRequest, payload: PagePayload): Promise<PagePayload> {
  // A draft preview shows the page as staff are editing it, not a test variant.
  if (payload.preview) return payload;
  const running = await runningExperiments(request, payload.brand.id);
  const experiment = running.find((candidate) => candidate.routes.includes(payload.route.name));
  if (!experiment) return payload;
  const forced = await forcedVariant(request, experiment);
  const variant = forced ?? experiment.variants.find((candidate) => candidate.key === assignVariant(experiment.key, experiment.variants, visitorIdOf(request)))!;
  return {
    ...payload,
    page: await withOverrides(request, payload, variant),
    experiment: { key: experiment.key, variant: variant.key, ...(forced ? { forced: true as const } : {}) },
  };
}
