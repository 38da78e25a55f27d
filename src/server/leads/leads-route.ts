/**
 * `POST /api/leads`: the browser sends the funnel's values when the last
 * question step is submitted, once it has submitted every question step to `POST /api/funnel/step`
 * (funnels/step-route.ts), which the form cookie records: a lead from a visit that did not walk
 * its funnel is refused 400 naming the first step missing. The answer comes only after the lead is committed: 201 when stored
 * now, 200 when that lead id was already stored (a retried submit never makes two leads), 400
 * `{ error, problems }` for anything malformed. Auto leads then wait in the outbox, which the
 * lead-outbox worker drains to the buyer; the browser never talks to a buyer.
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_CAPTURE, type LeadCaptureResponse } from '../../core/contract/leads.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import { walkedSteps } from '../funnels/form-session.ts';
import { captureLead } from './capture.ts';
import { privacyChoiceOf } from '../privacy/privacy-choice.ts';

/** The largest lead body: a full auto lead with consent text is about 6 KB. */
export const LEAD_BODY_LIMIT_BYTES = LEAD_CAPTURE.bodyLimit;

/** What the leads plugin needs from the app. */
export interface LeadsOptions {
  /** True in production, where the fictional 555-01xx phone numbers are refused. */
  production: boolean;
  /** The build this server runs, kept in each consent proof. */
  buildId: string;
}

/** Registers POST /api/leads. */
export async function leadsPlugin(app: FastifyInstance, options: LeadsOptions): Promise<void> {
  routeEndpoint(app, LEAD_CAPTURE, async (request, reply) => {
    const outcome = await captureLead(app.store, request.body, {
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
      brand: request.brand!,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      privacy: privacyChoiceOf(request),
      now: new Date(),
      buildId: options.buildId,
      buyerTakes: (product) => app.leadOutbox?.takes(product) ?? false,
      // The steps this browser's funnel submitted (POST /api/funnel/step), as the form cookie records them.
      walked: walkedSteps(request, request.body.funnel),
      production: options.production,
    });
    if (!outcome.ok) return sendBadRequest(reply, LEAD_CAPTURE.invalid, outcome.problems);
    if (outcome.created && outcome.lead.status === 'captured') app.leadOutbox?.kick();
    return reply.code(outcome.created ? 201 : 200).send({ id: outcome.lead.id, status: outcome.lead.status, created: outcome.created } satisfies LeadCaptureResponse);
  });
}
