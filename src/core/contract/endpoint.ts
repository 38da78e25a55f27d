/**
 * What one HTTP endpoint is, as data (issue 9 "One HTTP contract"): its method, its path and the
 * zod schemas of what goes in and what comes back. The browser, the server and the CLI import
 * the path from here; test/unit/http-contract.test.ts checks that no other file spells one and
 * that the server registers exactly the /api/ endpoints listed in index.ts.
 */
// First: no compiled zod parsers in the browser (see zod-jitless.ts).
import '../zod-jitless.ts';
import * as z from 'zod';

/** Every JSON API path starts with this; the brand plugin and the error pages tell API requests by it. */
export const API_PREFIX = '/api/';

/** The HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One endpoint of the contract. */
export interface Endpoint<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  /** A short unique name, for test titles and listings. */
  name: string;
  method: HttpMethod;
  /**
   * The path. Placeholders in braces stand for a part the caller fills in (`{path}/_payload.json`,
   * `/builds/meta/{id}.json`); a path without braces is requested as it is.
   */
  path: string;
  /** The JSON body of a POST, or the query of a GET or DELETE ({@link NothingSchema} when nothing is sent). */
  request: Request;
  /** The JSON body of the success answer ({@link NothingSchema} for a 204). */
  response: Response;
  /**
   * The largest request body accepted, in bytes (from body-limits.ts BODY_LIMITS); every POST
   * has one and the server registers the route with it. Unset: the server's default.
   */
  bodyLimit?: number;
}

/** Nothing: no request body or query, or a 204 answer without a body. */
export const NothingSchema = z.undefined();

/**
 * The answer of a refused or failed /api/ call: 400 `{ error, problems }` for a bad request
 * (src/server/platform/http/bad-request.ts), `{ error }` with 403, 502 (an upstream failed) or 503 (an
 * upstream is not configured). `error` is one line.
 */
export const ApiErrorSchema = z.object({
  error: z.string(),
  problems: z.array(z.string()).optional(),
});

/** A refused or failed /api/ call's answer. */
export type ApiError = z.output<typeof ApiErrorSchema>;

/**
 * The path as a Fastify route: each `{name}` placeholder becomes `:name`
 * (`/api/cc/branches/{branch}` → `/api/cc/branches/:branch`). The server registers every
 * endpoint with a placeholder through this, so the contract stays its one spelling.
 */
export function routePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** `path` with each `{name}` replaced by `params[name]`, URI-encoded: what a client requests. */
export function fillPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** Declares an endpoint, keeping its schema types for callers that parse with them. */
export function defineEndpoint<Request extends z.ZodType, Response extends z.ZodType>(endpoint: Endpoint<Request, Response>): Endpoint<Request, Response> {
  return Object.freeze(endpoint);
}
