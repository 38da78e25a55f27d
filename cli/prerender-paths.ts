/**
 * Which addresses `cobrand prerender` writes for one brand: every path the server answers with a
 * page (200) for a visitor without cookies or query, and that the browser can fetch the JSON twin
 * of. A CDN serving the files must hold every address the client navigates to, so a route with
 * parameters is written at each value the site actually serves:
 *
 * - a funnel (`/{base}/{step?}`): its bare address and one address per step, since each step is
 *   a navigation that fetches its own twin (ui/funnel/Funnel.tsx);
 * - another route with `{step?}` (the legal texts): its bare address only (any other value shows
 *   the same page, so no link names one);
 * - an article route (`/articles/{slug}`, ac's `/reviews/{slug*}`): one address per published
 *   article of the brand, and none without a store;
 * - any other parameter (the control center's `{branch}`): not written, as its values are open-ended.
 *
 * A path whose route rule redirects is not written: the navigator follows the build manifest's
 * rules without fetching a twin, and a direct load gets the redirect from the server.
 */
import { ROUTE_RULES } from '../routes.ts';
import { funnelById } from '../src/core/funnels/index.ts';
import { buildPath, compilePattern } from '../src/core/router/pattern.ts';
import type { RouteDefinition } from '../src/core/router/route.ts';
import { routeRuleFor } from '../src/core/router/rules.ts';
import { ARTICLE_ROUTE_NAMES } from '../src/server/pages/published-article.ts';

/** One address to prerender: the route it belongs to and its path. */
export interface PrerenderTarget {
  route: string;
  path: string;
}

/** A route of the brand that is not written, and why. */
export interface SkippedRoute {
  route: string;
  reason: string;
}

/** The addresses of one brand's routes, and the routes left out. */
export interface BrandTargets {
  targets: PrerenderTarget[];
  skipped: SkippedRoute[];
}

/** The concrete paths of `route` (see the module comment); undefined when its parameters are open-ended. */
function routePaths(route: RouteDefinition, articleSlugs: readonly string[]): string[] | undefined {
  const params = compilePattern(route.path).segments.filter((segment) => segment.kind !== 'static');
  if (params.length === 0) return [route.path];
  if (ARTICLE_ROUTE_NAMES.has(route.name)) return articleSlugs.map((slug) => buildPath(route.path, { slug }));
  const [param] = params;
  if (params.length === 1 && param?.kind === 'optional') {
    const funnel = route.page.form === undefined ? undefined : funnelById(route.page.form);
    const steps = funnel?.steps.map((step) => buildPath(route.path, { [param.name]: step.name })) ?? [];
    return [buildPath(route.path, {}), ...steps];
  }
  return undefined;
}

/**
 * Every address of `routes` to prerender for a brand, in route order, given the slugs of the
 * brand's published articles; `routes` are the routes the brand serves.
 *
 * @example
 * prerenderTargets(ROUTES.filter((route) => route.brands.includes('ac')), []).targets[0]; // { route: 'index', path: '/' }
 */
export function prerenderTargets(routes: readonly RouteDefinition[], articleSlugs: readonly string[]): BrandTargets {
  const targets: PrerenderTarget[] = [];
  const skipped: SkippedRoute[] = [];
  for (const route of routes) {
    const paths = routePaths(route, articleSlugs);
    if (paths === undefined || paths.length === 0) {
      skipped.push({ route: route.name, reason: paths === undefined ? `${route.path}: its parameters take any value` : `${route.path}: no published article` });
      continue;
    }
    for (const path of paths) {
      if (routeRuleFor(ROUTE_RULES, path)?.redirect !== undefined) skipped.push({ route: route.name, reason: `${path}: its route rule redirects` });
      else targets.push({ route: route.name, path });
    }
  }
  return { targets, skipped };
}
