/**
 * `POST /api/leads/callback`: books a call-back (callback.ts) from the end screen's call-back form.
 *
 * - As JSON (with JavaScript): 201 with the booking (`CallbackResponse`); 400 `{ error, problems }`.
 * - As the form's plain post (no JavaScript): a page saying the booking (200) or what to fix (400),
 *   with a link back to the end screen; the visitor's lead is found by their no-JavaScript cookie.
 * - From another site's page: 403 (the contract's `visitor` access).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEAD_CALLBACK, type CallbackResponse } from '../../core/contract/leads-callback.ts';
import { funnelById } from '../../core/funnels/index.ts';
import { slotLabel } from '../../core/leads/callback-labels.ts';
import { visitorTimeZone } from '../../core/leads/visitor-time-zone.ts';
import { CALLBACK_TEXT } from '../../core/funnels/callback-text.ts';
import { maskLeadValue } from '../../core/leads/mask.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import { acceptFormPosts, FORM_CONTENT_TYPE } from '../platform/http/form-body.ts';
import { walkedSteps } from '../funnels/form-session.ts';
import { knownNoJsVisitor } from '../funnels/no-js-visitor.ts';
import { privacyChoiceOf } from '../privacy/privacy-choice.ts';
import { bookCallback, type CallbackContext } from './callback.ts';
import { callbackPage } from './callback-page.tsx';

/** What the call-back plugin needs from the app. */
export interface CallbackOptions {
  /** True in production, where the fictional 555-01xx phone numbers are refused. */
  production: boolean;
  /** The clock the offered windows are computed from (tests move it); the real one when absent. */
  now?: () => Date;
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_CONTENT_TYPE);
}

/** Where the form was: the Referer when it is this site's page, else the site's home. */
function formPage(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (typeof referer === 'string' && URL.canParse(referer)) {
    const url = new URL(referer);
    if (url.host === request.host) return `${url.pathname}${url.search}`;
  }
  return '/';
}

/**
 * Registers the call-back endpoint. Encapsulated: its form-body parser applies to this route only.
 * @example
 * // The end screen's form, with JavaScript:
 * await fetch(LEADS_CALLBACK_PATH, { method: 'POST', headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ funnel: 'medicare', slot: '2026-11-30T13:00:00.000Z', phone: '(201) 555-0123', leadId, pageUrl: location.href, consent }) });
 * // 201 { leadId, status: 'captured', callbackAt: '2026-11-30T13:00:00.000Z', callbackEnd: '2026-11-30T15:00:00.000Z' }
 */
export async function callbackPlugin(app: FastifyInstance, options: CallbackOptions): Promise<void> {
  acceptFormPosts(app, LEAD_CALLBACK.bodyLimit);
  routeEndpoint(app, LEAD_CALLBACK, async (request, reply) => {
    const { body } = request;
    const form = isFormPost(request);
    const visitor = form ? knownNoJsVisitor(request) : undefined;
    const funnel = funnelById(body.funnel);
    const context: CallbackContext = {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
      brand: request.brand!,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      privacy: privacyChoiceOf(request),
      now: options.now?.() ?? new Date(),
      walked: walkedSteps(request, body.funnel),
      buyerTakes: (product) => app.leadOutbox?.takes(product) ?? false,
      production: options.production,
      pageUrl: `${request.protocol}://${request.host}${formPage(request).split('?')[0] ?? '/'}`,
      noJs: form && visitor ? { anonymousId: visitor.anonymousId } : undefined,
    };
    // A plain post from a browser that never posted a funnel form has no visitor cookie: nothing walked.
    const outcome = form && !visitor ? { ok: false as const, problems: ['steps: no funnel was walked in this browser'] } : await bookCallback(app.store, body, context);
    if (outcome.ok && outcome.lead.status === 'captured') app.leadOutbox?.kick();
    if (!form) {
      if (!outcome.ok) return sendBadRequest(reply, LEAD_CALLBACK.invalid, outcome.problems);
      return reply.code(201).send({ leadId: outcome.lead.id, status: outcome.lead.status, callbackAt: outcome.slot.start, callbackEnd: outcome.slot.end } satisfies CallbackResponse);
    }
    const language = funnel?.language ?? 'en';
    const back = formPage(request);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!outcome.ok) {
      // The visitor's own words: what to fix on the form, never the API's field paths.
      const problems = [...new Set(outcome.problems.map((problem) => (problem.startsWith('phone: ') ? problem.slice('phone: '.length) : problem.startsWith('slot: ') ? CALLBACK_TEXT.timeProblem[language] : CALLBACK_TEXT.failed[language])))];
      return reply.code(400).send(callbackPage({ kind: 'refused', problems }, language, back));
    }
    const phone = outcome.lead.fields.phone;
    const when = slotLabel(outcome.slot, visitorTimeZone(body.timeZone), language);
    return reply.code(200).send(callbackPage({ kind: 'booked', when, phone: typeof phone === 'string' ? String(maskLeadValue('phone', phone)) : undefined }, language, back));
  });
}
