/**
 * The checks a phone rule needs beyond its schema, shared by the API and the CLI: the
 * routes it is limited to must be routes the branch serves, which only the route table knows.
 */
import type { Brand } from '../../../../brands/types.ts';
import { routesOf } from '../branch-directory.ts';

/** One problem per route name `brand` does not serve, naming it, as `routes[i]: …`. */
export function unknownRouteProblems(brand: Brand, routes: readonly string[]): string[] {
  const served = new Set(routesOf(brand).map((route) => route.name));
  return routes.flatMap((name, index) => (served.has(name) ? [] : [`routes[${index}]: '${name}' is not a route of ${brand.id}`]));
}
