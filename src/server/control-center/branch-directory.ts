/**
 * The control center's branches: every site brand (all but the control center itself),
 * with its domains and its routes from the route table. One source for the branch API and its tests.
 */
import type { Brand } from '../../../brands/types.ts';
import { BRANDS, brandById } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import { CONTROL_CENTER_BRAND } from '../../core/control-center/paths.ts';
import type { RouteDefinition } from '../../core/router/route.ts';

/** Every site brand, in registry order. */
export const SITE_BRANDS: readonly Brand[] = BRANDS.filter((brand) => brand.id !== CONTROL_CENTER_BRAND);

/** The site brand with this id, or undefined (unknown id, or the control center itself). */
export function siteBrand(id: string): Brand | undefined {
  return id === CONTROL_CENTER_BRAND ? undefined : brandById(id);
}

/** The routes `brand` serves. */
export function routesOf(brand: Brand): RouteDefinition[] {
  return ROUTES.filter((route) => (route.brands as readonly string[]).includes(brand.id));
}

/** What the branch list and overview show of a brand. */
export function branchSummary(brand: Brand): { id: string; name: string; domains: string[]; routes: number } {
  return { id: brand.id, name: brand.name, domains: [...brand.domains], routes: routesOf(brand).length };
}
