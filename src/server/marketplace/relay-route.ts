/**
 * The shape every browser-facing marketplace route shares (demand check, phone lease, ad list):
 * the browser's input checked by its contract entry (400 `{ error, problems }`), find the
 * configured upstream (503 naming the variable), build the upstream body, relay it for the
 * visitor with the marketplace token and budget (502 with the one-line reason on any failure),
 * then answer. A route states only what differs: its entry, kind, URL variable, body and answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod';
import type { Endpoint } from '../../core/contract/endpoint.ts';
import { sendBadRequest } from '../platform/http/bad-request.ts';
import { routeEndpoint } from '../platform/http/endpoint-route.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';
import type { ExchangeKind } from '../platform/store/index.ts';
import type { UpstreamSuccess } from '../platform/upstream/relay.ts';
import { relayForVisitor } from '../platform/upstream/visitor.ts';

/** The variables naming the marketplace's upstream URLs. */
export type MarketplaceUrlVariable = 'MEDIAALPHA_DEMAND_CHECK_URL' | 'MEDIAALPHA_GET_PHONE_URL' | 'MEDIAALPHA_ADS_URL';

/** What one marketplace route states besides its contract entry (whose schema checks the browser's input). */
export interface MarketplaceRelayRoute<Input> {
  kind: ExchangeKind;
  urlVariable: MarketplaceUrlVariable;
  /**
   * What is wrong with input the schema accepted but the server's own facts refuse (a lead not in
   * the shape of the page's product line): answered 400 like a schema problem. None when absent.
   */
  problems?(input: Input, request: FastifyRequest): string[];
  /** The body sent upstream: the input plus what only the server knows. */
  body(input: Input, request: FastifyRequest): unknown;
  /** The browser's answer to a successful call, or the reason the upstream's answer is unusable (a 502). */
  answer(outcome: UpstreamSuccess): { ok: true; body: object } | { ok: false; error: string };
}

/** Registers `endpoint` as a relay to the marketplace, as `route` states. */
export function routeMarketplaceRelay<E extends Endpoint>(app: FastifyInstance, endpoint: E, vars: MarketplaceEnv, route: MarketplaceRelayRoute<z.output<E['request']>>): void {
  routeEndpoint(app, endpoint, async (request, reply) => {
    const problems = route.problems?.(request.body as z.output<E['request']>, request) ?? [];
    if (problems.length > 0) return sendBadRequest(reply, endpoint.invalid ?? `invalid ${endpoint.name} request`, problems);
    const url = vars[route.urlVariable];
    if (url === undefined) return reply.code(503).send({ error: `${route.urlVariable} is not configured` });
    const outcome = await relayForVisitor(request, reply, {
      kind: route.kind,
      url,
      body: route.body(request.body as z.output<E['request']>, request),
      timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
      ...(vars.MEDIAALPHA_API_TOKEN ? { token: vars.MEDIAALPHA_API_TOKEN } : {}),
    });
    if (!outcome.ok) return reply.code(502).send({ error: outcome.error });
    const answer = route.answer(outcome);
    return answer.ok ? reply.send(answer.body) : reply.code(502).send({ error: answer.error });
  });
}
