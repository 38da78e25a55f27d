/** What a Fastify app registered, read from `printRoutes`, for tests that hold the route list to a rule. */
import type { FastifyInstance } from 'fastify';

/**
 * `METHOD /path` for every route of `printRoutes({ commonPrefix: false })`: each line is a tree
 * node `├── {segment} (METHODS)`, indented four characters per level, whose full path is its
 * parent's plus its segment. HEAD, which Fastify adds to every GET, is left out.
 */
export function registeredRoutes(tree: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const full = (parents[depth - 1] ?? '') + node[2]!;
    parents[depth] = full;
    parents.length = depth + 1;
    for (const method of node[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  return routes;
}

/** Every route `app` registered, as `METHOD /full/path` (HEAD left out). */
export function routesOf(app: FastifyInstance): string[] {
  return registeredRoutes(app.printRoutes({ commonPrefix: false }));
}
