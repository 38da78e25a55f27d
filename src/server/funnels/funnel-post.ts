/**
 * Funnels without JavaScript (progressive enhancement): every step is a real
 * `<form method="post">` to its own URL. This plugin answers those posts on one catch-all POST
 * route (a refused step is rendered again with its errors, status 400; a valid one redirects 303
 * to the next step) with the page pipeline's pieces (pages/visit.ts, visit-payload.ts,
 * page-response.ts), and gives the page route (pages-route.ts) the funnel pages' form state: the
 * values kept in the form cookie (encrypted, funnels/form-session.ts), so later steps and other
 * funnels are pre-filled for these visitors too.
 */
import { acceptFormPosts } from '../platform/http/form-body.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BODY_LIMITS } from '../../core/contract/body-limits.ts';
import { API_PREFIX } from '../../core/contract/endpoint.ts';
import { payloadPagePath } from '../../core/contract/page-payload.ts';
import { CAPTURE_LEAD_ACTION } from '../../core/funnels/actions.ts';
import { SHOWN_FIELDS_FIELD, SKIP_ACTION, STEP_ACTION_FIELD } from '../../core/funnels/constants.ts';
import { formValuesOf, nextStepIndex } from '../../core/funnels/engine.ts';
import { emptiedValues, stepInputNames, stepValues } from '../../core/funnels/field-input.ts';
import { EMPTY_FORM_BUCKETS, formPrefill, mergeFormValues, type FormBuckets, type FormValues } from '../../core/funnels/form-buckets.ts';
import { funnelById } from '../../core/funnels/index.ts';
import { stepPath } from '../../core/funnels/paths.ts';
import { answeredModels } from '../../core/funnels/step-funnel.ts';
import type { FunnelDefinition } from '../../core/funnels/types.ts';
import { checkStepValues } from './step-answers.ts';
import { errorPayload } from '../../core/payload/errors.ts';
import type { FunnelFormState, Payload, StepState } from '../../core/payload/types.ts';
import { recordWalkedStep, walkedSteps, writeFormSession } from './form-session.ts';
import { firstUnwalkedStep } from './walked-path.ts';
import { isCrossSite } from '../platform/http/cross-site.ts';
import { recordNoJsPageView, recordNoJsStepSubmitted } from './no-js-events.ts';
import { captureNoJsLead, leadOutcomeFor } from '../leads/no-js-lead.ts';
import { noJsVisitor } from './no-js-visitor.ts';
import { assignsVariant } from '../experiments/assigned-experiment.ts';
import { issueVisitorId } from '../experiments/visitor-id.ts';
import { answerRouteRule, sendDocument } from '../pages/page-response.ts';
import type { PagesOptions } from '../pages/pages-options.ts';
import { openSiteContent } from '../pages/site-content.ts';
import { readVisit, requestPath, type Visit } from '../pages/visit.ts';
import { visitPayload } from '../pages/visit-payload.ts';

export { FORM_COOKIE_MAX_AGE_SECONDS } from './form-session.ts';

/** The largest form post accepted (core/contract/body-limits.ts); a whole auto step is well under 4 KB. */
const FORM_BODY_LIMIT_BYTES = BODY_LIMITS.formPost;

/** The index of the first question step of `funnel` (the one a landing page elsewhere may post to). */
function firstQuestionIndex(funnel: FunnelDefinition): number {
  const index = funnel.steps.findIndex((step) => step.kind === 'form');
  return index === -1 ? 0 : index;
}

/** A parsed body's string fields; anything else (no body, other shapes) has none. */
function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * `funnel` with the models its shown step lists for `values` (the answered makes'), so the page
 * renders the model list with these answers; the whole catalog stays at its own address.
 */
function withAnsweredModels(funnel: FunnelDefinition, state: StepState | undefined, values: FormValues): FunnelDefinition {
  const step = state ? funnel.steps[state.number - 1] : undefined;
  const catalog = funnelById(funnel.id)?.vehicleModels;
  const models = step && catalog ? answeredModels(catalog, step, values) : undefined;
  return models ? { ...funnel, vehicleModels: models } : funnel;
}

/**
 * The payload with the server's form state of a funnel page added: the cookie's values, the
 * query string, a refused post. With none of these the payload is left as it is, identical to
 * its JSON twin.
 */
function withFormState(payload: Payload, buckets: FormBuckets, request: FastifyRequest, visit: Visit, refused?: Pick<FunnelFormState, 'input' | 'errors'>): Payload {
  if (payload.kind !== 'page' || !payload.funnel) return payload;
  const values = formPrefill(buckets, payload.funnel.id, payload.funnel.product);
  const shown = payload.step ? payload.funnel.steps[payload.step.number - 1] : undefined;
  // The model list follows the make and year just posted on the same screen.
  const answered = refused?.input && shown ? { ...values, ...stepValues(shown, refused.input) } : values;
  const query = visit.queryString;
  // End screens say what became of the lead a no-JavaScript post captured.
  const endScreen = payload.step !== undefined && payload.funnel.steps[payload.step.number - 1]?.kind !== 'form';
  const lead = endScreen ? leadOutcomeFor(request, payload.funnel.id) : undefined;
  if (!refused && !query && !lead && Object.keys(values).length === 0) return payload;
  const formState: FunnelFormState = { values, ...(refused ?? {}), ...(query ? { query } : {}), ...(lead ? { lead } : {}) };
  const status = refused?.errors && Object.keys(refused.errors).length > 0 ? 400 : payload.status;
  return { ...payload, status, formState, funnel: withAnsweredModels(payload.funnel, payload.step, answered) };
}

/**
 * A funnel page as the page route shows it (GET): with the no-JavaScript visitor's form state
 * ({@link withFormState}), and its page view recorded for a visitor known to post without
 * JavaScript, who sends no events of their own. Any other payload is returned as it is.
 */
export async function funnelPageState(request: FastifyRequest, visit: Visit, payload: Payload): Promise<Payload> {
  if (payload.kind !== 'page' || !payload.funnel) return payload;
  const visitor = visit.noJsVisitor;
  if (visitor && payload.status === 200) await recordNoJsPageView(request, payload, visit.path, visitor);
  return withFormState(payload, visit.formCookie ?? EMPTY_FORM_BUCKETS, request, visit);
}

/** Paths that never take a form post: the API's (an unknown one stays a JSON 404) and the payload twins. */
function takesNoFormPost(path: string): boolean {
  return path.startsWith(API_PREFIX) || payloadPagePath(path) !== undefined;
}

/**
 * One catch-all POST route for every funnel step of every brand (the step is the route's
 * `{step?}`, resolved by the page loader as for GET). Encapsulated: the urlencoded body parser,
 * with its 16 KB limit, applies to this route only. A path whose route rule redirects answers
 * 308 before the body is read.
 */
export async function funnelPostPlugin(app: FastifyInstance, options: PagesOptions) {
  const { manifest } = options;

  acceptFormPosts(app, FORM_BODY_LIMIT_BYTES);

  const submit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (takesNoFormPost(requestPath(request))) return reply.callNotFound();
    const visit = await readVisit(request, options);
    const { path } = visit;
    const payload = await visitPayload(visit, openSiteContent({ store: request.server.store, vars: options.vars, log: request.log }));
    if (assignsVariant(payload)) issueVisitorId(request, visit.visitor);
    if (payload.kind !== 'page') return sendDocument(request, reply, visit, payload, manifest);
    if (!payload.funnel || !payload.step) {
      // A page without a form: it exists, but only for reading.
      const refused = errorPayload(payload.brand, path, manifest.id, 405, 'This page does not take form posts.');
      return sendDocument(request, reply.header('allow', 'GET, HEAD'), visit, refused, manifest);
    }
    const { funnel, step: state, route } = payload;
    const index = state.number - 1;
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the page loader numbers the step from its index in funnel.steps
    const step = funnel.steps[index]!;
    const here = `${stepPath(route.pattern, route.params, step.name)}${visit.queryString}`;
    // End screens have nothing to submit: show them again.
    if (step.kind !== 'form') return reply.code(303).header('location', here).send();

    const buckets = visit.formCookie ?? EMPTY_FORM_BUCKETS;
    // Only a funnel's first question may be posted from another site (an ad's landing page asking
    // for a ZIP); any later step must come from a visitor who walked to it on this site, so no page
    // elsewhere, and no bot, can post a last step and sell a lead in our name.
    const missing = firstUnwalkedStep(funnel, index, formValuesOf(buckets, funnel.id), walkedSteps(request, funnel.id));
    const crossSiteLater = isCrossSite(request) && index !== firstQuestionIndex(funnel);
    if (missing !== undefined || crossSiteLater) {
      const back = missing ?? firstQuestionIndex(funnel);
      request.log.warn({ step: step.name, missing: missing === undefined ? null : funnel.steps[back]?.name, crossSite: crossSiteLater }, 'funnel post refused: the visitor did not walk to this step');
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- firstUnwalkedStep and firstQuestionIndex answer indexes of funnel.steps
      return reply.code(303).header('location', `${stepPath(route.pattern, route.params, funnel.steps[back]!.name)}${visit.queryString}`).send();
    }
    const fields = stringFields(request.body);
    // A form post means no JavaScript (the browser's runtime submits steps itself). On a first post
    // this step's view was not recorded yet: the visitor was not known to be without JavaScript.
    const firstPost = visit.noJsVisitor === undefined;
    const visitor = noJsVisitor(reply, visit.noJsVisitor, visit.secureCookies);
    if (firstPost) await recordNoJsPageView(request, payload, path, visitor);
    let values: FormValues;
    if (step.skippable && fields[STEP_ACTION_FIELD] === SKIP_ACTION) {
      values = emptiedValues(step);
    } else {
      const result = checkStepValues(funnel, step, stepValues(step, fields), options.production === true);
      if (!result.ok) {
        const input = Object.fromEntries(stepInputNames(step).flatMap((name) => (fields[name] === undefined ? [] : [[name, fields[name]] as const])));
        // Without JavaScript nothing appears as it is answered: a question the posted answers call
        // for but the page did not show (the insurer after "yes", the model list after a make and
        // year) is asked by showing the step again with it, the no-JavaScript path's one extra
        // screen, without an error for a question the visitor never saw.
        const seen = fields[SHOWN_FIELDS_FIELD]?.split(' ');
        const errors = seen ? Object.fromEntries(Object.entries(result.errors).filter(([name]) => seen.includes(name))) : result.errors;
        return sendDocument(request, reply, visit, withFormState(payload, buckets, request, visit, { input, errors }), manifest);
      }
      values = result.values;
    }
    const merged = mergeFormValues(buckets, funnel.id, values);
    recordWalkedStep(request, funnel.id, step.name);
    await recordNoJsStepSubmitted(request, payload, path, visitor, values);
    // The last question step captures the lead, as the browser's on-submit action does.
    if (step.onSubmit === CAPTURE_LEAD_ACTION) await captureNoJsLead(request, reply, payload, visitor, formValuesOf(merged, funnel.id), options.production === true);
    const next = nextStepIndex(funnel, index, formValuesOf(merged, funnel.id));
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- nextStepIndex answers an index of funnel.steps
    const location = next === undefined ? here : `${stepPath(route.pattern, route.params, funnel.steps[next]!.name)}${visit.queryString}`;
    writeFormSession(request, merged);
    return reply.code(303).header('location', location).send();
  };

  app.post('/*', { onRequest: answerRouteRule, bodyLimit: FORM_BODY_LIMIT_BYTES }, submit);
}
