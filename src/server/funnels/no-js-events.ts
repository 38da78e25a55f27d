/**
 * Tracking events for visitors who use the funnels without JavaScript: the server
 * records the same pageView and formStepSubmitted events the browser would, with the same
 * context built by the same core function, so funnel reports count these visitors too. What the
 * server cannot know (bot check, analytics ids set by scripts, IP lookup) is absent, as it is in
 * a browser before those answer.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { redactPersonalFields } from '../../core/leads/personal.ts';
import type { PagePayload } from '../../core/payload/types.ts';
import { buildEventContext, buildTrackBody, eventPhoneRule, readAnalyticsCookies, type EventName, type EventProps } from '../../core/tracking/context.ts';
import { EVENT_NAMES } from '../../core/tracking/event-props.ts';
import { eventPageContext } from '../../core/tracking/page-context.ts';
import { splitCapturedParams } from '../../core/url-params.ts';
import type { NoJsVisitor } from './no-js-visitor.ts';

/** The request's absolute address with captured visitor facts (names, phone…) removed, as the browser shows it. */
function pageAddress(request: FastifyRequest, path: string): { url: string; kept: Record<string, string | undefined> } {
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const { kept, cleanedSearch } = splitCapturedParams(search);
  return { url: `${request.protocol}://${request.host}${path}${cleanedSearch}`, kept };
}

/** Stores one event of a no-JavaScript visitor; a failure is logged, never shown (tracking must not stop a funnel). */
async function record<E extends EventName>(request: FastifyRequest, payload: PagePayload, path: string, visitor: NoJsVisitor, event: E, props: EventProps[E]) {
  const { url, kept } = pageAddress(request, path);
  const now = new Date();
  const context = buildEventContext({
    eventId: randomUUID(),
    now,
    brand: { id: payload.brand.id, name: payload.brand.name },
    anonymousId: visitor.anonymousId,
    sessionId: visitor.sessionId,
    sessionParams: kept,
    page: eventPageContext(payload),
    phoneRule: eventPhoneRule(payload.phoneRule, kept.afid),
    url,
    referrer: request.headers.referer ?? '',
    cookies: readAnalyticsCookies(request.headers.cookie ?? '', payload.brand.measurementId),
    bot: null,
    userAgent: request.headers['user-agent'] ?? '',
    ipLookup: null,
  });
  const body = buildTrackBody(context, event, props);
  try {
    await request.server.store.insertEvents([
      {
        id: context.eventId,
        type: 'track',
        event,
        brandId: payload.brand.id,
        sessionId: visitor.sessionId,
        anonymousId: visitor.anonymousId,
        timestamp: context.time,
        receivedAt: now.toISOString(),
        ip: request.ip,
        properties: body.properties,
      },
    ]);
  } catch (error) {
    request.log.error({ err: error, event }, 'could not record a no-JavaScript funnel event');
  }
}

/** Records the page view of the funnel step `payload` shows at `path`. */
export function recordNoJsPageView(request: FastifyRequest, payload: PagePayload, path: string, visitor: NoJsVisitor): Promise<void> {
  const step = payload.step;
  return record(request, payload, path, visitor, EVENT_NAMES.pageView, step ? { stepName: step.name, stepNumber: step.number, stepIsFallback: step.isFallback } : {});
}

/** Records a step submission: the submitted values with personal ones redacted, as the browser sends them. */
export function recordNoJsStepSubmitted(
  request: FastifyRequest,
  payload: PagePayload,
  path: string,
  visitor: NoJsVisitor,
  values: Record<string, unknown>,
): Promise<void> {
  const { funnel, step } = payload;
  if (!funnel || !step) return Promise.resolve();
  return record(request, payload, path, visitor, EVENT_NAMES.formStepSubmitted, {
    formVersion: funnel.version,
    stepName: step.name,
    stepNumber: step.number,
    data: redactPersonalFields(values),
  });
}
