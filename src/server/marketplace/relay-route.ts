/**
 * The shape every browser-facing marketplace route shares (demand check, phone lease, ad list):
 * check the browser's input (400 `{ error, problems }`), find the configured upstream (503
 * naming the variable), build the upstream body, relay it for the visitor with the marketplace
 * token and budget (502 with the one-line reason on any failure), then answer. A route states
 * only what differs: its kind, schema, URL variable, body and answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sendBadRequest, zodProblems } from '../platform/http/bad-request.ts';
import type { MarketplaceEnv } from './marketplace-env.ts';
import type { ExchangeKind } from '../platform/store/index.ts';
import type { UpstreamSuccess } from '../platform/upstream/relay.ts';
import { relayForVisitor } from '../platform/upstream/visitor.ts';

/** The variables naming the marketplace's upstream URLs. */
export type MarketplaceUrlVariable = 'MEDIAALPHA_DEMAND_CHECK_URL' | 'MEDIAALPHA_GET_PHONE_URL' | 'MEDIAALPHA_ADS_URL';

/** What one marketplace route states. */
export interface MarketplaceRelayRoute<Input> {
  kind: ExchangeKind;
  /** The browser's input (core/contract). */
  schema: z.ZodType<Input>;
  /** The `error` of a 400. */
  invalid: string;
  urlVariable: MarketplaceUrlVariable;
  /** The body sent upstream: the input plus what only the server knows. */
  body(input: Input, request: FastifyRequest): unknown;
  /** The browser's answer to a successful call, or the reason the upstream's answer is unusable (a 502). */
  answer(outcome: UpstreamSuccess): { ok: true; body: object } | { ok: false; error: string };
}

/** The Fastify handler of `route`. */
export function marketplaceRelayHandler<Input>(vars: MarketplaceEnv, route: MarketplaceRelayRoute<Input>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const input = route.schema.safeParse(request.body);
    if (!input.success) return sendBadRequest(reply, route.invalid, zodProblems(input.error));
    const url = vars[route.urlVariable];
    if (url === undefined) return reply.code(503).send({ error: `${route.urlVariable} is not configured` });
    const outcome = await relayForVisitor(request, reply, {
      kind: route.kind,
      url,
      body: route.body(input.data, request),
      timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
      ...(vars.MEDIAALPHA_API_TOKEN ? { token: vars.MEDIAALPHA_API_TOKEN } : {}),
    });
    if (!outcome.ok) return reply.code(502).send({ error: outcome.error });
    const answer = route.answer(outcome);
    return answer.ok ? reply.send(answer.body) : reply.code(502).send({ error: answer.error });
  };
}
