/**
 * The one way a contract endpoint (src/core/contract) becomes a route: {@link routeEndpoint}
 * registers it from its entry, so the method, the path, the body limit, who may call it, the
 * rate-limit group and the check of its input are never restated by a handler.
 *
 * - The entry's request schema is the route's Fastify schema (its body, or its query), read by
 *   the zod type provider, so the handler receives the validated, typed value. A request the
 *   schema refuses is answered 400 `{ error: endpoint.invalid, problems }` (one line per problem,
 *   bad-request.ts), the answer every /api/ route gave when each parsed its own input.
 * - Access: `staff` and `control-center` endpoints run the checks the control center's access
 *   plugin provides (`endpointAccessChecks`: the host, then the session) before anything else.
 * - The route's config carries the endpoint and its rate-limit group, which limits.ts counts by.
 *
 * The order a request meets them in: access checks, the route's lookups (`before`: the branch or
 * item its path names, answering 404), the check of its input (400), then preHandler hooks and
 * the handler.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { API_PREFIX, requestPartOf, routePath, type Endpoint, type EndpointAccess } from '../../../core/contract/endpoint.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { apiErrorHandler, sendBadRequest } from './bad-request.ts';
import type { RequestLookup } from './request-lookup.ts';
import { refuseCrossSite } from './cross-site.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract entry the route was registered from (endpoint-route.ts). */
    endpoint?: Endpoint;
  }
  interface FastifyInstance {
    /**
     * The checks each restricted access stands for, run first on every route of such an endpoint;
     * decorated by the control center's access plugin.
     */
    endpointAccessChecks?: Readonly<Record<Exclude<EndpointAccess, 'public' | 'visitor'>, readonly preValidationAsyncHookHandler[]>>;
  }
}

/** What a check of a request's input says: the value the handler gets, or why it is refused. */
export type RequestVerdict<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * Judges a request's input (its body, or its query) as it arrived: undefined when no body came.
 * The request is there for checks that also weigh what a lookup found or how the body was sent.
 */
export type RequestCheck<T> = (input: unknown, request: FastifyRequest) => RequestVerdict<T>;

/** The check of `schema`; `whenAbsent` is what an absent body or JSON `null` stands for (a list's "no filters"). */
export function schemaCheck<Schema extends z.ZodType>(schema: Schema, options: { whenAbsent?: z.input<Schema> } = {}): RequestCheck<z.output<Schema>> {
  return (input) => {
    const parsed = schema.safeParse(input === undefined || input === null ? (options.whenAbsent ?? input) : input);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: zodProblems(parsed.error) };
  };
}

/** A request its check refused: Fastify's validation error, answered 400 with the endpoint's `invalid` line. */
class RequestRefused extends Error {
  readonly statusCode = 400;
  constructor(readonly problems: string[]) {
    super(problems.join('; '));
    this.name = 'RequestRefused';
  }
}

/** Where the request's part sits, as Fastify hands it to a validator marked like Ajv's (see {@link validatorOf}). */
interface ValidationContext {
  parentData: FastifyRequest;
  parentDataProperty: 'body' | 'query';
}

/**
 * The Fastify validator of `check`. Fastify hands a validator `null` for a request without a body;
 * one carrying `schemaEnv` (as Ajv's compiled schemas do) is also handed the request, so the check
 * sees the part as it arrived (undefined when no body came, which a schema words differently from
 * `null`) and the request it belongs to. Its value replaces the part for the handler.
 */
function validatorOf(check: RequestCheck<unknown>) {
  const validate = (_data: unknown, where?: ValidationContext) => {
    if (where === undefined) throw new Error('Fastify did not hand the validator its request: endpoint-route.ts relies on it (see validatorOf)');
    const request = where.parentData;
    const verdict = check(request[where.parentDataProperty], request);
    return verdict.ok ? { value: verdict.value } : { error: new RequestRefused(verdict.problems) };
  };
  return Object.assign(validate, { schemaEnv: true });
}

/** Marks an endpoint's check as the one its schema gives (no `check` option). */
declare const _fromSchema: unique symbol;
type FromSchema = typeof _fromSchema;

/** Where `E`'s request schema applies. */
type PartOf<E extends Endpoint> = E extends { requestIn: infer In extends 'body' | 'query' } ? In : E['method'] extends 'GET' | 'DELETE' ? 'query' : 'body';

/** `E`'s request schema as a Fastify route schema: nothing for an endpoint that takes nothing. */
type SchemaOf<E extends Endpoint> = E['request'] extends z.ZodUndefined ? FastifySchema : PartOf<E> extends 'query' ? { querystring: E['request'] } : { body: E['request'] };

/** The names of the `{placeholders}` of a path, each a string parameter. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? { [Key in Name]: string } & PathParams<Rest> : unknown;

/** The route generic: the path's parameters, and a check's value where the route gives its own check. */
type RouteGenericOf<E extends Endpoint, Checked> = { Params: PathParams<E['path']> } & (Checked extends FromSchema ? unknown : PartOf<E> extends 'query' ? { Querystring: Checked } : { Body: Checked });

/** The request an endpoint's handler receives: params from the path, body or query typed by the zod type provider (or by the route's own check). */
export type EndpointRequest<E extends Endpoint, Checked = FromSchema> = FastifyRequest<RouteGenericOf<E, Checked>, RawServerDefault, RawRequestDefaultExpression, SchemaOf<E>, ZodTypeProvider>;

/** An endpoint's handler: answers with `reply`, or returns the body to send. */
export type EndpointHandler<E extends Endpoint, Checked = FromSchema> = (request: EndpointRequest<E, Checked>, reply: FastifyReply) => Promise<unknown>;

/** What a route adds to its entry. */
export interface EndpointRouteOptions<Checked = FromSchema> {
  /** Lookups (or plain hooks) that run after the access checks and before the input is checked: what the path names, answering 404. */
  before?: ReadonlyArray<RequestLookup<unknown> | preValidationAsyncHookHandler>;
  /** Replaces the check the entry's schema gives: a stricter check on the server, a faster parser, a check that also weighs the path. */
  check?: RequestCheck<Checked>;
  /** More route config (security.ts's API answer headers). */
  config?: RouteOptions['config'];
  /** Route hooks after validation (the sign-in throttle). */
  preHandler?: preHandlerAsyncHookHandler;
  onSend?: onSendAsyncHookHandler;
}

/** True when `schema` is the contract's "nothing is sent" (NothingSchema, or another z.undefined()). */
function takesNothing(schema: z.ZodType): boolean {
  return schema.def.type === 'undefined';
}

/**
 * Registers `endpoint` on `app` with `handler`: method and path from the entry (placeholders as
 * Fastify params), its body limit, its access checks, its lookups, its input checked by its
 * schema (or `options.check`) and its rate-limit group in the route config. On an /api/ path
 * every error is answered as the API answers errors (bad-request.ts).
 * @example
 * routeEndpoint(app, CC_PHONE_RULE_CREATE, { before: [branch] }, async (request, reply) => {
 *   // request.body: the phone rule's fields, validated; request.params.branch: string
 *   return reply.code(201).send({ rule: await app.store.createPhoneRule(branch.of(request).id, request.body, by) });
 * });
 */
export function routeEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>): void;
export function routeEndpoint<E extends Endpoint, Checked = FromSchema>(app: FastifyInstance, endpoint: E, options: EndpointRouteOptions<Checked>, handler: EndpointHandler<E, Checked>): void;
export function routeEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  optionsOrHandler: EndpointRouteOptions<unknown> | EndpointHandler<Endpoint, unknown>,
  maybeHandler?: EndpointHandler<Endpoint, unknown>,
): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler;
  if (handler === undefined) throw new Error(`${endpoint.name}: routeEndpoint was given options but no handler`);
  const check = options.check ?? (takesNothing(endpoint.request) ? undefined : schemaCheck(endpoint.request));
  if (check !== undefined && endpoint.invalid === undefined) throw new Error(`${endpoint.name}: an endpoint that checks its input needs the 'invalid' line of its 400`);
  const schema: FastifySchema = check === undefined ? {} : requestPartOf(endpoint) === 'query' ? { querystring: endpoint.request } : { body: endpoint.request };

  const hooks = [...accessChecks(app, endpoint), ...(options.before ?? []).map((step) => (typeof step === 'function' ? step : step.hook))];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: routePath(endpoint.path),
    schema,
    // The one part in the schema is checked by ours: Fastify's default (Ajv) never sees a zod schema.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- Fastify compiles a validator only for a part the schema names, and it names one only when there is a check
    validatorCompiler: () => validatorOf(check!),
    // The check's refusal reaches the handler below, which answers it after the route's preHandler hooks, as a handler's own parsing did.
    attachValidation: true,
    ...(endpoint.bodyLimit === undefined ? {} : { bodyLimit: endpoint.bodyLimit }),
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- Fastify awaits the promise an error handler returns, as setErrorHandler's type says; only this option's type says void
    ...(endpoint.path.startsWith(API_PREFIX) ? { errorHandler: apiErrorHandler } : {}),
    config: { ...options.config, endpoint, limitGroup: endpoint.limitGroup },
    ...(hooks.length > 0 ? { preValidation: hooks } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.onSend ? { onSend: options.onSend } : {}),
    async handler(request, reply) {
      const refused = request.validationError;
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a refusal comes only from a check, and a route with a check was made to have 'invalid' above
      if (refused instanceof RequestRefused) return sendBadRequest(reply, endpoint.invalid!, refused.problems);
      if (refused) throw refused;
      return handler(request as never, reply);
    },
  });
}

/** The checks `endpoint`'s access stands for, from the control center's access plugin. */
function accessChecks(app: FastifyInstance, endpoint: Endpoint): readonly preValidationAsyncHookHandler[] {
  if (endpoint.access === 'public') return [];
  if (endpoint.access === 'visitor') return [refuseCrossSite];
  const checks = app.endpointAccessChecks?.[endpoint.access];
  if (checks === undefined) throw new Error(`${endpoint.name}: its access is '${endpoint.access}', but no access checks are registered (the control center's access plugin comes first)`);
  return checks;
}
