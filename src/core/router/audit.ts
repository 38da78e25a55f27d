/**
 * Route-table audit: the consistency checks a hand-edited table can fail (unknown brands, paths
 * of one brand that overlap with equal priority, duplicate names, stray campaign codes, missing or
 * broken funnels, unknown middleware, patterns that do not compile). Funnel definitions are judged by the funnel module's
 * own `funnelProblems`, so there is one definition of a sound funnel. Pure, so the server runs it
 * at start-up, the CLI prints it (`cobrand routes validate`) and tests feed it bad tables.
 */
import { BRAND_IDS } from '../../../brands/ids.ts';
import { funnelById, funnelProblems, type FunnelDefinition } from '../funnels/index.ts';
import { ROUTE_MIDDLEWARE } from './middleware.ts';
import { compilePattern, type CompiledPattern } from './pattern.ts';
import { tieKey } from './priority.ts';
import type { RouteDefinition } from './route.ts';

/** One problem found in the table, attributed to the route (by name) that has it. */
export interface RouteProblem {
  route: string;
  message: string;
}

/**
 * The registries a table is checked against. Injected rather than imported so tests can audit
 * a table against a registry holding a broken funnel or fewer middleware.
 */
export interface AuditContext {
  brandIds: readonly string[];
  funnelById: (id: string) => FunnelDefinition | undefined;
  middleware: Readonly<Record<string, unknown>>;
}

/** The registries the product ships: what the server and `cobrand routes validate` audit against. */
export const SHIPPED_AUDIT_CONTEXT: AuditContext = {
  brandIds: BRAND_IDS,
  funnelById,
  middleware: ROUTE_MIDDLEWARE,
};

/** The loosely typed view of a route the audit reads: a bad table may hold ids the types forbid. */
type AuditedRoute = Pick<RouteDefinition, 'name' | 'path' | 'page' | 'middleware'> & {
  brands: readonly string[];
  smid?: Readonly<Record<string, string | undefined>>;
  xsmid?: Readonly<Record<string, string | undefined>>;
};

/** Checks a whole route table; an empty list means the table is sound. Problems come in table order per check. */
export function auditRoutes(routes: readonly AuditedRoute[], context: AuditContext): RouteProblem[] {
  return [
    ...routes.flatMap((route) => [
      ...unknownBrands(route, context),
      ...unlistedCampaignCodes(route),
      ...unknownMiddleware(route, context),
      ...routeFunnelProblems(route, context),
    ]),
    ...duplicateNames(routes),
    ...ambiguousPaths(routes),
  ];
}

function unknownBrands(route: AuditedRoute, context: AuditContext): RouteProblem[] {
  return route.brands
    .filter((brand) => !context.brandIds.includes(brand))
    .map((brand) => ({ route: route.name, message: `unknown brand '${brand}'` }));
}

function unlistedCampaignCodes(route: AuditedRoute): RouteProblem[] {
  return (['smid', 'xsmid'] as const).flatMap((field) =>
    Object.keys(route[field] ?? {})
      .filter((brand) => !route.brands.includes(brand))
      .map((brand) => ({ route: route.name, message: `${field} has a code for brand '${brand}', which the route does not list` })),
  );
}

function unknownMiddleware(route: AuditedRoute, context: AuditContext): RouteProblem[] {
  return (route.middleware ?? [])
    .filter((name) => !Object.hasOwn(context.middleware, name))
    .map((name) => ({ route: route.name, message: `unknown middleware '${name}'` }));
}

/** A route's page form must name a registered funnel, and that funnel must pass the funnel module's own checks. */
function routeFunnelProblems(route: AuditedRoute, context: AuditContext): RouteProblem[] {
  const form = route.page.form;
  if (form === undefined) return [];
  const funnel = context.funnelById(form);
  if (!funnel) return [{ route: route.name, message: `page form '${form}' names no funnel in the funnel registry` }];
  return funnelProblems(funnel).map((message) => ({ route: route.name, message }));
}

function duplicateNames(routes: readonly AuditedRoute[]): RouteProblem[] {
  const seen = new Set<string>();
  return routes.flatMap((route) => {
    const duplicate = seen.has(route.name);
    seen.add(route.name);
    return duplicate ? [{ route: route.name, message: `duplicate route name '${route.name}'` }] : [];
  });
}

/**
 * Routes of one brand that overlap with equal priority: some path matches both and
 * `comparePatterns` cannot tell which is meant, so only their place in the table would decide.
 * Overlaps the comparator decides (`/reviews/aetna` before `/reviews/{slug*}`) are fine.
 */
function ambiguousPaths(routes: readonly AuditedRoute[]): RouteProblem[] {
  const problems: RouteProblem[] = [];
  // Earlier routes by tie key: a later route sharing a key and a brand is ambiguous.
  const byKey = new Map<string, AuditedRoute[]>();
  for (const route of routes) {
    let compiled: CompiledPattern;
    try {
      compiled = compilePattern(route.path);
    } catch (error) {
      problems.push({ route: route.name, message: `path does not compile: ${(error as Error).message}` });
      continue;
    }
    const key = tieKey(compiled);
    const earlierRoutes = byKey.get(key) ?? [];
    for (const earlier of earlierRoutes) {
      const shared = route.brands.filter((brand) => earlier.brands.includes(brand));
      if (shared.length === 0) continue;
      problems.push({
        route: route.name,
        message: `path '${route.path}' matches the same paths as route '${earlier.name}' ('${earlier.path}') for brands ${shared.join(', ')}`,
      });
    }
    byKey.set(key, [...earlierRoutes, route]);
  }
  return problems;
}
