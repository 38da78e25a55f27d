/**
 * Typed links (DESIGN.md "One route table"): `href(name, params)` builds the path of a named
 * route from its pattern, with the params typed from the pattern string, so a renamed route or a
 * missing param fails the type check, and at run time throws rather than linking nowhere.
 */
import { buildPath, type PathParams, type RequiredParamNames } from './pattern.ts';

/** A table of route name → path pattern, both kept as literal types. */
export type PatternTable = Readonly<Record<string, string>>;

/** The params argument of a pattern: required when the pattern has a required param, else optional. */
export type HrefParams<P extends string> = [RequiredParamNames<P>] extends [never] ? [params?: PathParams<P>] : [params: PathParams<P>];

/** `href(name, params)` over one table. */
export type Href<T extends PatternTable> = <N extends keyof T & string>(name: N, ...params: HrefParams<T[N] & string>) => string;

/**
 * Builds `href` for a table of patterns. Throws for a name the table does not hold and for a
 * missing required param (`buildPath`); an absent optional param drops its segment.
 */
export function createHref<const T extends PatternTable>(patterns: T): Href<T> {
  // A Map, not the object: 'toString' is no route (and Object.hasOwn is newer than the bundle's ES2020).
  const byName = new Map(Object.entries(patterns));
  return (name, ...[params]) => {
    const pattern = byName.get(name);
    if (pattern === undefined) throw new Error(`href: no route named '${name}'`);
    return buildPath(pattern, params ?? {});
  };
}
