/**
 * Route path patterns: `/quiz/otc/{step?}` (optional segment), `/reviews/{slug*}` (catch-all, one
 * or more segments), `/branches/{branch}` (required segment). One compiler serves the server,
 * the client and the CLI, so every side agrees on what a path means.
 */

/** The `{...}` tokens of a pattern, modifiers included: '/a/{b}/{c?}' -> 'b' | 'c?'. */
type ParamTokens<P extends string> = P extends `${string}{${infer Token}}${infer Rest}` ? Token | ParamTokens<Rest> : never;

/** A token's param name, its modifier dropped. */
type TokenName<T extends string> = T extends `${infer N}?` ? N : T extends `${infer N}*` ? N : T;

/** A token's param name when it is optional (`step?`). */
type OptionalTokenName<T extends string> = T extends `${infer N}?` ? N : never;

/** Names of the params a pattern declares, typed from the pattern string itself. */
export type ParamNames<P extends string> = TokenName<ParamTokens<P>>;

/** Names of a pattern's optional params (`{step?}`): they may be absent. */
export type OptionalParamNames<P extends string> = OptionalTokenName<ParamTokens<P>>;

/** Names of a pattern's required params: `{branch}` and the catch-all `{slug*}` (one or more segments). */
export type RequiredParamNames<P extends string> = Exclude<ParamNames<P>, OptionalParamNames<P>>;

/**
 * The params object of a pattern: `/quiz/otc/{step?}` -> `{ step?: string }`,
 * `/reviews/{slug*}` -> `{ slug: string }`, `/branches/{branch}/pages/{page}` ->
 * `{ branch: string; page: string }`. A pattern only known as `string` takes `{}`.
 */
export type PathParams<P extends string> = Flatten<{ [K in RequiredParamNames<P>]: string } & { [K in OptionalParamNames<P>]?: string }>;

/** One object type instead of an intersection, so editors show `{ step?: string }`. */
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** One segment of a pattern. */
export type Segment =
  | { kind: 'static'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'optional'; name: string }
  | { kind: 'catchAll'; name: string };

/**
 * A pattern compiled once into its segments. Which of two patterns is tried first is decided by
 * `comparePatterns` (priority.ts), from these segments alone.
 */
export interface CompiledPattern {
  pattern: string;
  segments: Segment[];
}

const PARAM_SEGMENT = /^\{([A-Za-z_][A-Za-z0-9_]*)([?*]?)\}$/;

/** Compiles a route pattern; throws on a malformed one so a bad table fails at start-up. */
export function compilePattern(pattern: string): CompiledPattern {
  if (!pattern.startsWith('/')) throw new Error(`route pattern must start with '/': ${pattern}`);
  const raw = pattern === '/' ? [] : pattern.slice(1).split('/');
  const segments: Segment[] = raw.map((part, index) => {
    const param = PARAM_SEGMENT.exec(part);
    if (!param) {
      if (part.includes('{') || part === '') throw new Error(`malformed segment '${part}' in ${pattern}`);
      return { kind: 'static', value: part };
    }
    const [, name, modifier] = param as unknown as [string, string, string];
    const last = index === raw.length - 1;
    if (modifier && !last) throw new Error(`'{${name}${modifier}}' must be the last segment in ${pattern}`);
    if (modifier === '?') return { kind: 'optional', name };
    if (modifier === '*') return { kind: 'catchAll', name };
    return { kind: 'param', name };
  });
  return { pattern, segments };
}

/**
 * Splits a request path into decoded segments. A trailing slash is ignored; a segment that is
 * not valid percent-encoding makes the whole path unmatchable (undefined) rather than throwing.
 */
export function pathSegments(path: string): string[] | undefined {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- split always answers at least one piece
  const clean = path.split('?')[0]!.split('#')[0]!;
  const parts = clean.split('/').filter((part) => part !== '');
  try {
    return parts.map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

/** Matches decoded path segments against a compiled pattern; returns the params or undefined. */
export function matchSegments(compiled: CompiledPattern, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  const { segments } = compiled;
  for (let i = 0; i < segments.length; i++) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the loop keeps i below segments.length
    const segment = segments[i]!;
    const part = parts[i];
    switch (segment.kind) {
      case 'static':
        if (part !== segment.value) return undefined;
        break;
      case 'param':
        if (part === undefined) return undefined;
        params[segment.name] = part;
        break;
      case 'optional':
        if (part !== undefined) params[segment.name] = part;
        break;
      case 'catchAll':
        if (part === undefined) return undefined;
        params[segment.name] = parts.slice(i).join('/');
        return params;
    }
  }
  return parts.length === segments.length || (parts.length === segments.length - 1 && segments.at(-1)?.kind === 'optional')
    ? params
    : undefined;
}

/** Builds a path from a pattern and params; an absent optional param drops its segment. */
export function buildPath<P extends string>(pattern: P, params: PathParams<P> = {} as PathParams<P>): string {
  const compiled = compilePattern(pattern);
  const values = params as Record<string, string | undefined>;
  const parts: string[] = [];
  for (const segment of compiled.segments) {
    if (segment.kind === 'static') parts.push(segment.value);
    else {
      const value = values[segment.name];
      if (value === undefined || value === '') {
        if (segment.kind === 'optional') continue;
        throw new Error(`missing param '${segment.name}' for ${pattern}`);
      }
      parts.push(segment.kind === 'catchAll' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value));
    }
  }
  return '/' + parts.join('/');
}
