/**
 * The phone rule of a visit on brand sites (spec §4 "Displayed phone number"): a visitor who
 * came with `?afid=X` sees the number of the branch's matching rule from the first byte, on that
 * page and on every later page of the visit.
 *
 * How the server knows the afid on later pages: the browser keeps the landing address's
 * parameters in sessionStorage (client/visitor/landing-params.ts), which the server never sees,
 * so the page answer that carried the afid also sets it in a cookie (`cookieNames.afid`): a
 * browser-session cookie (no Max-Age, so it ends with the browser session as sessionStorage does),
 * HttpOnly (the page's script reads the applied rule from the payload instead), SameSite=Lax. It
 * follows the client's rule for kept parameters: an address with any kept parameter starts a new
 * attribution (its afid, or none: the cookie is cleared), an address with none keeps the visit's.
 * An afid is an affiliate's id, not a person's: nothing personal goes in the cookie.
 */
import type { FastifyReply } from 'fastify';
import { matchPhoneRule, phoneRuleDay } from '../../core/phone-rules/match.ts';
import type { Payload } from '../../core/payload/types.ts';
import type { SiteContent } from './site-content.ts';
import type { Visit } from './visit.ts';

/** Sets (or clears) the afid cookie when the visit's address started an attribution; a page answer calls it. */
export function keepVisitAfid(reply: FastifyReply, visit: Pick<Visit, 'afidCookie' | 'secureCookies'>): void {
  const change = visit.afidCookie;
  if (change === undefined) return;
  const name = reply.server.cookieNames.afid;
  const attributes = `Path=/; SameSite=Lax; HttpOnly${visit.secureCookies ? '; Secure' : ''}`;
  reply.header('set-cookie', 'set' in change ? `${name}=${change.set}; ${attributes}` : `${name}=; Max-Age=0; ${attributes}`);
}

/**
 * `payload` with the visit's phone rule: the rule's number as the brand's number (so every form
 * the page shows, raw, `tel:+1…` and grouped, is the rule's from the first byte) and the applied
 * rule named in `phoneRule`. Unchanged without an afid or a matching rule. A live lease still wins
 * in the browser, which lays it over the payload's number. An error page has no route, so only a
 * rule for every route applies there: a visitor who mistypes an address still sees their number.
 */
export async function withPhoneRule(payload: Payload, visit: Visit, content: SiteContent): Promise<Payload> {
  const { afid } = visit;
  if (afid === undefined) return payload;
  const rules = await content.phoneRules(payload.brand.id, afid);
  const rule = matchPhoneRule(rules, { afid, route: payload.kind === 'page' ? payload.route.name : '', day: phoneRuleDay(visit.now) });
  if (rule === undefined) return payload;
  return { ...payload, brand: { ...payload.brand, phone: rule.number }, phoneRule: { id: rule.id, afid: rule.afid, number: rule.number } };
}
