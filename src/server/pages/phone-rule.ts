/**
 * The phone rule of a visit on brand sites (issue 13 "Phone rules", spec §4 "Displayed phone
 * number"): a visitor who came with `?afid=X` sees the number of the branch's matching rule from
 * the first byte, on that page and on every later page of the visit.
 *
 * How the server knows the afid on later pages: the browser keeps the landing address's
 * parameters in sessionStorage (client/visitor/landing-params.ts), which the server never sees,
 * so the page answer that carried the afid also sets it in a cookie, {@link AFID_COOKIE}: a
 * browser-session cookie (no Max-Age, so it ends with the browser session as sessionStorage does),
 * HttpOnly (the page's script reads the applied rule from the payload instead), SameSite=Lax. It
 * follows the client's rule for kept parameters: an address with any kept parameter starts a new
 * attribution (its afid, or none: the cookie is cleared), an address with none keeps the visit's.
 * An afid is an affiliate's id, not a person's: nothing personal goes in the cookie.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AFID_PATTERN } from '../../core/phone-rules/identifiers.ts';
import { matchPhoneRule, phoneRuleDay } from '../../core/phone-rules/match.ts';
import type { Payload } from '../../core/payload/types.ts';
import { splitCapturedParams } from '../../core/url-params.ts';
import { cookieValue, secureAttribute } from '../funnels/no-js-visitor.ts';
import type { PhoneRuleStore } from '../platform/store/index.ts';

/** The cookie keeping the visit's afid for the server. */
export const AFID_COOKIE = 'cobrand_afid';

/** What the request's address says about the afid: a new attribution (with its afid or none), or nothing. */
function addressAfid(request: FastifyRequest): { attribution: false } | { attribution: true; afid: string | undefined } {
  const query = request.url.indexOf('?');
  const { kept } = splitCapturedParams(query === -1 ? '' : request.url.slice(query));
  if (Object.keys(kept).length === 0) return { attribution: false };
  return { attribution: true, afid: kept.afid !== undefined && AFID_PATTERN.test(kept.afid) ? kept.afid : undefined };
}

/** The visit's afid: the address's when it starts an attribution, else the cookie's; undefined when there is none. */
export function visitAfid(request: FastifyRequest): string | undefined {
  const fromAddress = addressAfid(request);
  if (fromAddress.attribution) return fromAddress.afid;
  const kept = cookieValue(request.headers.cookie, AFID_COOKIE);
  return kept !== undefined && AFID_PATTERN.test(kept) ? kept : undefined;
}

/** Sets (or clears) the afid cookie when the address starts an attribution; a page answer calls it. */
export function keepVisitAfid(request: FastifyRequest, reply: FastifyReply, production: boolean): void {
  const fromAddress = addressAfid(request);
  if (!fromAddress.attribution) return;
  const attributes = `Path=/; SameSite=Lax; HttpOnly${secureAttribute(request, production)}`;
  if (fromAddress.afid !== undefined) reply.header('set-cookie', `${AFID_COOKIE}=${fromAddress.afid}; ${attributes}`);
  else if (cookieValue(request.headers.cookie, AFID_COOKIE) !== undefined) reply.header('set-cookie', `${AFID_COOKIE}=; Max-Age=0; ${attributes}`);
}

/**
 * `payload` with the visit's phone rule: the rule's number as the brand's number (so every form
 * the page shows, raw, `tel:+1…` and grouped, is the rule's from the first byte) and the applied
 * rule named in `phoneRule`. Unchanged without an afid or a matching rule. A live lease still wins
 * in the browser, which lays it over the payload's number. An error page has no route, so only a
 * rule for every route applies there: a visitor who mistypes an address still sees their number.
 */
export async function withPhoneRule<P extends Payload>(request: FastifyRequest, payload: P, now: Date): Promise<P> {
  const afid = visitAfid(request);
  if (afid === undefined) return payload;
  // Optional, as stores built for other tests may not have it (as published-page.ts reads images).
  const store = request.server.store as Partial<Pick<PhoneRuleStore, 'listPhoneRulesForAfid'>>;
  const rules = (await store.listPhoneRulesForAfid?.(payload.brand.id, afid)) ?? [];
  const rule = matchPhoneRule(rules, { afid, route: payload.kind === 'page' ? payload.route.name : '', day: phoneRuleDay(now) });
  if (rule === undefined) return payload;
  return { ...payload, brand: { ...payload.brand, phone: rule.number }, phoneRule: { id: rule.id, afid: rule.afid, number: rule.number } };
}
