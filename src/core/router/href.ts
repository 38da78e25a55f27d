/**
 * Typed links (DESIGN.md "One route table"): `href(name, params)` builds the path of a named
 * route from its pattern, with the params typed from the pattern string, so a renamed route or a
 * missing param fails the type check, and at run time throws rather than linking nowhere.
 */
import { buildPath, type PathParams, type RequiredParamNames } from './pattern.ts';

/** What {@link createHref} needs of a route: its name and its pattern, as literal types. */
export interface NamedPattern {
  name: string;
  path: string;
}

/** The pattern of route `N` in table `T`. */
export type PatternOf<T extends NamedPattern, N extends T['name']> = Extract<T, { name: N }>['path'];

/** The params argument of a pattern: required when the pattern has a required param, else optional. */
export type HrefParams<P extends string> = [RequiredParamNames<P>] extends [never] ? [params?: PathParams<P>] : [params: PathParams<P>];

/** `href(name, params)` over one table. */
export type Href<T extends NamedPattern> = <N extends T['name']>(name: N, ...params: HrefParams<PatternOf<T, N>>) => string;

/**
 * Builds `href` for a route table. Throws for a name the table does not hold and for a missing
 * required param (`buildPath`); an absent optional param drops its segment.
 */
export function createHref<T extends NamedPattern>(routes: readonly T[]): Href<T> {
  const patterns = new Map<string, string>(routes.map((route) => [route.name, route.path]));
  return (name, ...[params]) => {
    const pattern = patterns.get(name);
    if (pattern === undefined) throw new Error(`href: no route named '${name}'`);
    return buildPath(pattern, (params ?? {}) as PathParams<string>);
  };
}
