/**
 * Walking a funnel as the browser's JavaScript funnel does, for tests: every question step a lead
 * needs is submitted to POST /api/funnel/step, which records it in the form cookie, so the lead
 * posted with that cookie is one the server takes. Tests that exercise POST /api/leads walk first
 * rather than weaken the check (test/support/no-js-walk.ts does the same for form posts).
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { FUNNEL_STEP_PATH } from '../../src/core/contract/funnel-steps.ts';
import { LEADS_PATH } from '../../src/core/contract/leads.ts';
import { stepSubmits } from '../../tools/support/auto-lead.ts';
import { withFormCookie } from './no-js-walk.ts';

/** What {@link walkSteps} walks: a route of `host`'s brand, its funnel, and the lead values answering it. */
export interface JsWalk {
  host: string;
  route: string;
  funnel: string;
  /** The lead's values: each step is sent the values of its own fields (a skippable step without any is skipped). */
  fields: Readonly<Record<string, unknown>>;
  /** Stop before this step (by name), leaving it and every later one unsent. */
  until?: string;
  /** A form cookie to start from (`name=value`), e.g. another walk's. */
  cookie?: string;
  /** Extra request headers (Origin, Sec-Fetch-Site, X-Forwarded-For). */
  headers?: Record<string, string>;
}

/**
 * The names of the question steps, in order, that a lead with `fields` of funnel `funnelId` needs
 * walked: its own path, up to and including the step that captures it.
 */
export function leadSteps(funnelId: string, fields: Readonly<Record<string, unknown>>): string[] {
  return stepSubmits('', funnelId, fields).map((submit) => submit.step);
}

/**
 * Submits the question steps a lead with `walk.fields` needs (up to `walk.until`) as the browser
 * does, asserting each is recorded (204), and answers the form cookie holding the walk.
 */
export async function walkSteps(app: FastifyInstance, walk: JsWalk): Promise<string> {
  let cookie = walk.cookie ?? '';
  for (const submit of stepSubmits(walk.route, walk.funnel, walk.fields)) {
    if (submit.step === walk.until) break;
    const response = await app.inject({
      method: 'POST',
      url: FUNNEL_STEP_PATH,
      headers: { host: walk.host, 'content-type': 'application/json', ...walk.headers, ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(submit),
    });
    assert.equal(response.statusCode, 204, `step ${submit.step}: ${response.body.slice(0, 300)}`);
    cookie = withFormCookie(cookie, response.headers['set-cookie']);
  }
  return cookie;
}

/** A capture request as tests send it: the contract's fields, loosely typed so tests can send wrong ones. */
export type LeadBody = Record<string, unknown> & { route: string; funnel: string; fields: Readonly<Record<string, unknown>> };

/**
 * POSTs lead `body` to /api/leads on `host` after walking its funnel as the browser would, so the
 * lead is refused or taken on its own merits. `headers` go with every request.
 */
export async function postWalkedLead(app: FastifyInstance, host: string, body: LeadBody, headers: Record<string, string> = {}) {
  const cookie = await walkSteps(app, { host, route: body.route, funnel: body.funnel, fields: body.fields, headers });
  return app.inject({ method: 'POST', url: LEADS_PATH, headers: { host, 'content-type': 'application/json', ...headers, cookie }, payload: JSON.stringify(body) });
}
