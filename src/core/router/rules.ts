/**
 * Route rules (spec §2 "A global guard asks the server for a route rule for the path", §7): one
 * table, `ROUTE_RULES` in routes.ts, carried by the build manifest for the client's navigator and
 * answered by the server on a direct load. Both sides look a path up and resolve a redirect with
 * the functions below, so a rule means the same thing whichever side applies it.
 */
import { classifyNavigation } from '../navigation/external.ts';
import type { RouteRule } from './route.ts';

/** The rule of a path: its exact entry, else the entry without a trailing slash. */
export function routeRuleFor(rules: Readonly<Record<string, RouteRule>>, path: string): RouteRule | undefined {
  if (Object.hasOwn(rules, path)) return rules[path];
  const bare = path.replace(/\/+$/, '');
  return bare !== path && Object.hasOwn(rules, bare) ? rules[bare] : undefined;
}

/** Where a rule's redirect sends the visitor: another origin takes a full page load. */
export type RuleRedirect = { kind: 'internal'; url: URL } | { kind: 'external'; url: URL };

/**
 * Where `rule` redirects a visit to `from`, or undefined when it does not redirect (no redirect,
 * a refused protocol such as javascript:, or a redirect to the same path, which would loop). An
 * internal redirect keeps the visit's query string (and hash) when the rule's target has none, so
 * click ids and campaign parameters survive; an external one goes exactly where the rule says.
 */
export function ruleRedirect(rule: RouteRule | undefined, from: URL): RuleRedirect | undefined {
  if (!rule?.redirect) return undefined;
  const target = classifyNavigation(rule.redirect, from.href, true);
  if (target.kind === 'refused') return undefined;
  if (target.kind === 'external') return target;
  if (target.url.pathname === from.pathname) return undefined;
  if (!target.url.search) target.url.search = from.search;
  // As a browser keeps the fragment across an HTTP redirect whose Location has none.
  if (!target.url.hash) target.url.hash = from.hash;
  return target;
}

/** The status of a redirect answered to `method`: 301 for GET and HEAD, 308 (method and body kept) otherwise. */
export function redirectStatus(method: string): 301 | 308 {
  return method === 'GET' || method === 'HEAD' ? 301 : 308;
}

/**
 * What a page's `_payload.json` twin answers for a path with a redirect rule: the rule itself,
 * as the navigator knows it from the manifest, status 200. Not a 3xx: `fetch` follows those on
 * its own (cross-origin ones fail on CORS), so the navigator would never learn it was redirected
 * and would show the target under the old address.
 */
export interface RedirectAnswer extends RouteRule {
  kind: 'redirect';
  redirect: string;
}
