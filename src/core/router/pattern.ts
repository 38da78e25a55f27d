/**
 * Route path patterns: `/quiz/otc/{step?}` (optional segment), `/reviews/{slug*}` (catch-all, one
 * or more segments), `/branches/{branch}` (required segment). One compiler serves the server,
 * the client and the CLI, so every side agrees on what a path means.
 */

/** Names of the params a pattern declares, typed from the pattern string itself. */
export type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${infer N}?` ? N : Name extends `${infer N}*` ? N : Name) | ParamNames<Rest>
  : never;

/** The params object of a pattern; optional segments may be absent. */
export type PathParams<P extends string> = { [K in ParamNames<P>]?: string };

type Segment =
  | { kind: 'static'; value: string }
  | { kind: 'param'; name: string }
  | { kind: 'optional'; name: string }
  | { kind: 'catchAll'; name: string };

/** A pattern compiled once: its segments, a specificity rank, and a canonical shape for overlap checks. */
export interface CompiledPattern {
  pattern: string;
  segments: Segment[];
  /** Higher ranks are tried first: more static segments, then no catch-all. */
  rank: number;
  /** The pattern with param names erased; two patterns with the same shape match the same paths. */
  shape: string;
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
  const statics = segments.filter((s) => s.kind === 'static').length;
  const hasCatchAll = segments.some((s) => s.kind === 'catchAll');
  const rank = statics * 4 + segments.filter((s) => s.kind === 'param').length * 2 + (hasCatchAll ? 0 : 1);
  const shape =
    '/' +
    segments
      .map((s) => (s.kind === 'static' ? s.value : s.kind === 'param' ? ':' : s.kind === 'optional' ? ':?' : ':*'))
      .join('/');
  return { pattern, segments, rank, shape };
}

/**
 * Splits a request path into decoded segments. A trailing slash is ignored; a segment that is
 * not valid percent-encoding makes the whole path unmatchable (undefined) rather than throwing.
 */
export function pathSegments(path: string): string[] | undefined {
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
