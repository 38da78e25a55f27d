import { compilePattern, matchSegments, pathSegments, type CompiledPattern } from './pattern.ts';
import { comparePatterns } from './priority.ts';

/** The part of a route the matcher needs: shared by the full route table and the client manifest. */
export interface MatchableRoute {
  name: string;
  path: string;
  brands: readonly string[];
}

/** A matched route with its decoded params. */
export interface RouteMatch<R extends MatchableRoute> {
  route: R;
  params: Record<string, string>;
}

/** A route table compiled once, tried in priority order (priority.ts). */
export interface Matcher<R extends MatchableRoute> {
  match(brandId: string, path: string): RouteMatch<R> | undefined;
  readonly entries: readonly { route: R; compiled: CompiledPattern }[];
}

/**
 * Compiles a route table into a brand-gated matcher: only routes listing the brand are tried, in
 * the order of {@link comparePatterns} (static before param before optional before catch-all,
 * longer before shorter), ties in table order.
 */
export function createMatcher<R extends MatchableRoute>(routes: readonly R[]): Matcher<R> {
  const entries = routes
    .map((route, order) => ({ route, compiled: compilePattern(route.path), order }))
    .sort((a, b) => comparePatterns(a.compiled, b.compiled) || a.order - b.order);
  return {
    entries,
    match(brandId, path) {
      const parts = pathSegments(path);
      if (!parts) return undefined;
      for (const { route, compiled } of entries) {
        if (!route.brands.includes(brandId)) continue;
        const params = matchSegments(compiled, parts);
        if (params) return { route, params };
      }
      return undefined;
    },
  };
}
