/**
 * Named route middleware (guards). They are pure so the server runs them before rendering and
 * the client runs them again during hydration; a guard returning false shows 404 'Page Not Found'.
 */
export interface MiddlewareContext {
  params: Record<string, string>;
  query: Record<string, string>;
}

/** A guard: true lets the page render. */
export type RouteMiddleware = (context: MiddlewareContext) => boolean;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Every middleware a route may name. */
export const ROUTE_MIDDLEWARE: Readonly<Record<string, RouteMiddleware>> = {
  /** Control-center pages keyed by a branch: the branch must be a slug. */
  branchSlug: ({ params }) => params.branch === undefined || SLUG.test(params.branch),
  /** Child resources of a branch (page, image, article, lead, experiment, run) must be slugs too. */
  childSlug: ({ params }) =>
    [params.page, params.image, params.article, params.lead, params.experiment, params.run].every((value) => value === undefined || SLUG.test(value)),
};

/** Error for a route naming middleware that does not exist (spec §8 "Unknown route middleware"). */
export class UnknownMiddlewareError extends Error {
  constructor(routeName: string, middlewareName: string) {
    super(`route '${routeName}' names unknown middleware '${middlewareName}'`);
    this.name = 'UnknownMiddlewareError';
  }
}

/** Runs a route's middleware in order; throws {@link UnknownMiddlewareError} for an unknown name. */
export function runMiddleware(routeName: string, names: readonly string[] | undefined, context: MiddlewareContext): boolean {
  for (const name of names ?? []) {
    const guard = ROUTE_MIDDLEWARE[name];
    if (!guard) throw new UnknownMiddlewareError(routeName, name);
    if (!guard(context)) return false;
  }
  return true;
}
