/**
 * What one HTTP endpoint is, as data (DESIGN.md "The HTTP contract"): its method, its path, the
 * zod schemas of what goes in and what comes back, who may call it, the rate-limit group it is
 * counted in and what it writes to the audit log. The browser, the server and the CLI import the
 * path from here; the server registers each /api/ endpoint from its entry with one helper
 * (src/server/platform/http/endpoint-route.ts), which enforces the declared access and group;
 * test/unit/http-contract.test.ts checks that no other file spells a path and that the server
 * registers exactly the /api/ endpoints listed in index.ts.
 */
// First: no compiled zod parsers in the browser (see zod-jitless.ts).
import '../zod-jitless.ts';
import * as z from 'zod';
import type { RateLimitGroup } from './rate-limit-groups.ts';

/** Every JSON API path starts with this; the brand plugin and the error pages tell API requests by it. */
export const API_PREFIX = '/api/';

/** The HTTP methods the contract uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint. A control-center endpoint answers on the control center's host only
 * (404 elsewhere, as if it did not exist); `staff` also needs a signed-in, enabled account (401).
 */
export type EndpointAccess =
  /** Anyone, on any host, from anywhere. */
  | 'public'
  /**
   * Anyone, from the site's own pages only: a request another site's page started (a forged form
   * post) is refused 403. For what captures a lead or keeps a visitor's answers.
   */
  | 'visitor'
  /** Anyone, on the control center's host only: a preview link's hop, which also serves signed-out browsers. */
  | 'control-center'
  /** A signed-in, enabled control-center account, on the control center's host only. */
  | 'staff';

/**
 * What an endpoint writes to the audit log: the kind of item it changes (the log's item kind,
 * by which the control center filters an item's trail) and the actions it records.
 */
export interface EndpointAudit {
  kind: string;
  actions: readonly string[];
}

/** One endpoint of the contract. */
export interface Endpoint<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType, Path extends string = string> {
  /** A short unique name, for test titles and listings. */
  name: string;
  method: HttpMethod;
  /**
   * The path. Placeholders in braces stand for a part the caller fills in (`{path}/_payload.json`,
   * `/builds/meta/{id}.json`); a path without braces is requested as it is.
   */
  path: Path;
  /**
   * The JSON body of a POST or PUT, or the query of a GET or DELETE ({@link NothingSchema} when
   * nothing is sent); {@link requestIn} says otherwise.
   */
  request: Request;
  /** Where {@link request} travels when not where its method puts it: an upload's query, beside the file's bytes as its body. */
  requestIn?: 'body' | 'query';
  /** The JSON body of the success answer ({@link NothingSchema} for a 204). */
  response: Response;
  /**
   * The largest request body accepted, in bytes (from body-limits.ts BODY_LIMITS); every POST
   * has one and the server registers the route with it. Unset: the server's default.
   */
  bodyLimit?: number;
  access: EndpointAccess;
  /** The rate-limit group requests to it are counted in. */
  limitGroup: RateLimitGroup;
  /** The `error` line of the 400 answering a request its schema refuses (`problems` lists why); every endpoint that takes input has one. */
  invalid?: string;
  /** Set when the endpoint changes something staff edit: what it writes to the audit log. */
  audit?: EndpointAudit;
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

/**
 * Declares an endpoint, keeping the exact types of its schemas, path and audit actions for the
 * code that registers, calls or audits it.
 * @example
 * ```ts
 * export const CC_PHONE_RULES_LIST = defineEndpoint({
 *   name: 'cc-phone-rules-list',
 *   method: 'GET',
 *   path: '/api/cc/branches/{branch}/phone-rules',
 *   request: NothingSchema,
 *   response: z.object({ rules: z.array(PhoneRuleSchema) }),
 *   access: 'staff',
 *   limitGroup: 'session',
 * });
 * // server: routeEndpoint(app, CC_PHONE_RULES_LIST, async (request) => …)
 * // browser and CLI: fillPath(CC_PHONE_RULES_LIST.path, { branch: 'ac' })
 * ```
 */
export function defineEndpoint<const Definition extends Endpoint>(endpoint: Definition): Definition {
  return Object.freeze(endpoint);
}

/** Where `endpoint`'s request schema applies: the body of a POST or PUT, the query of a GET or DELETE, unless it says. */
export function requestPartOf(endpoint: Pick<Endpoint, 'method' | 'requestIn'>): 'body' | 'query' {
  return endpoint.requestIn ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? 'query' : 'body');
}
