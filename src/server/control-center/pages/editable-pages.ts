/**
 * Which pages of a branch staff edit: the brand's routes from the route table,
 * but the control center's own screens. One list for the pages API and `cobrand pages publish`.
 */
import type { Brand } from '../../../../brands/types.ts';
import type { RouteDefinition } from '../../../core/router/route.ts';
import { routesOf } from '../branch-directory.ts';

/** The routes of `brand` whose page configuration staff may change. */
export function editableRoutes(brand: Brand): RouteDefinition[] {
  return routesOf(brand).filter((route) => route.page.template !== 'control-center');
}
