/**
 * The lead of a no-JavaScript visitor: captured by the post of the funnel's last
 * question step through the same captureLead as `POST /api/leads`, and its outcome carried to the
 * end screen in a short-lived cookie, so that screen says what happened (stored, or failed and
 * "please call") without putting anything in the address.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { funnelConsent } from '../../core/funnels/consent.ts';
import type { FunnelFormState, PagePayload } from '../../core/payload/types.ts';
import { captureLead } from './capture.ts';
import { privacyChoiceOf } from '../privacy/privacy-choice.ts';
import { walkedSteps } from '../funnels/form-session.ts';
import { cookieValue, secureAttribute, type NoJsVisitor } from '../funnels/no-js-visitor.ts';

/** Long enough to follow the redirect and a reload of the end screen; no personal data in it. */
const LEAD_OUTCOME_MAX_AGE_SECONDS = 30 * 60;

/**
 * The lead id of a no-JavaScript capture. A browser re-sending the same post (reload, double tap)
 * must not make a second lead, and this visitor has no script to keep an id, so the id is derived
 * from the visitor, the route and the answers: the same answers sent again are the same lead, while
 * a visitor who goes back and corrects an answer (a mistyped phone number) sends a new lead, as
 * the browser's own capture does. The answers only enter a hash salted with the visitor's random
 * anonymous id, so the id reveals nothing of them.
 */
export function noJsLeadId(visitor: NoJsVisitor, route: string, fields: Record<string, unknown>): string {
  const answers = JSON.stringify(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHash('sha256').update(`${visitor.anonymousId}:${route}:${answers}`).digest('base64url').slice(0, 32);
}

/**
 * Captures the lead of a no-JavaScript post and sets the outcome cookie on `reply`. Never throws:
 * a refused or failed capture is an outcome the end screen shows (call us), and it is logged.
 */
export async function captureNoJsLead(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: PagePayload,
  visitor: NoJsVisitor,
  fields: Record<string, unknown>,
  production: boolean,
): Promise<NonNullable<FunnelFormState['lead']>> {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a no-JavaScript lead is posted from a funnel step, so the page's payload holds its funnel
  const funnel = payload.funnel!;
  const now = new Date();
  const consent = funnelConsent(funnel, payload.brand);
  let outcome: NonNullable<FunnelFormState['lead']>;
  try {
    const result = await captureLead(
      request.server.store,
      {
        id: noJsLeadId(visitor, payload.route.name, fields),
        route: payload.route.name,
        funnel: funnel.id,
        anonymousId: visitor.anonymousId,
        sessionId: visitor.sessionId,
        // The step's address without its query: captured visitor facts may ride in it.
        pageUrl: `${request.protocol}://${request.host}${request.url.split('?')[0]}`,
        fields,
        // The server rendered this disclosure with the button the visitor pressed.
        ...(consent ? { consent: { text: consent.text, buttonLabel: consent.buttonLabel } } : {}),
      },
      {
        brand: payload.brand,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        privacy: privacyChoiceOf(request),
        now,
        buildId: payload.buildId,
        buyerTakes: (product) => request.server.leadOutbox?.takes(product) ?? false,
        walked: walkedSteps(request, funnel.id),
        production,
      },
    );
    if (result.ok) {
      outcome = { status: 'stored', leadStatus: result.lead.status };
      if (result.created && result.lead.status === 'captured') request.server.leadOutbox?.kick();
    } else {
      request.log.warn({ problems: result.problems.map((problem) => problem.split(':')[0]) }, 'no-JavaScript lead refused');
      outcome = { status: 'failed' };
    }
  } catch (error) {
    request.log.error({ err: error }, 'no-JavaScript lead could not be stored');
    outcome = { status: 'failed' };
  }
  const value = outcome.status === 'stored' ? `${funnel.id}.stored.${outcome.leadStatus}` : `${funnel.id}.failed`;
  // The outcome cookie (cookieNames.leadOutcome): `{funnel}.stored.{status}` or `{funnel}.failed`.
  reply.header('set-cookie', `${request.server.cookieNames.leadOutcome}=${value}; Max-Age=${LEAD_OUTCOME_MAX_AGE_SECONDS}; Path=/; SameSite=Lax; HttpOnly${secureAttribute(request, production)}`);
  return outcome;
}

/** The lead outcome the cookie holds for `funnel`, if any. */
export function leadOutcomeFor(request: FastifyRequest, funnel: string): FunnelFormState['lead'] {
  const value = cookieValue(request.headers.cookie, request.server.cookieNames.leadOutcome);
  if (!value?.startsWith(`${funnel}.`)) return undefined;
  const [status, leadStatus] = value.slice(funnel.length + 1).split('.');
  if (status === 'failed') return { status: 'failed' };
  if (status === 'stored' && leadStatus) return { status: 'stored', leadStatus };
  return undefined;
}
