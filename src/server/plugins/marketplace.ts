/**
 * The ad-marketplace relay (spec §7): POST /api/mediaalpha/demand-check and
 * /api/mediaalpha/get-phone take the browser's payload, check it, add what only the server knows
 * (API token, placement id, affiliate id) and forward it upstream. The browser gets
 * `{ parsed, raw }` (raw: the upstream body as received; parsed: its JSON), get-phone also
 * `leased` (the leased phone record, or null); any upstream failure is a 502 with a one-line
 * `error`, a bad payload a 400 `{ error, problems }` (src/server/bad-request.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Agent } from 'undici';
import type { z } from 'zod';
import {
  DemandCheckPayloadSchema,
  GetPhonePayloadSchema,
  type DemandCheckPayload,
  type GetPhonePayload,
} from '../../core/marketplace/payloads.ts';
import { productLine } from '../../core/marketplace/product-line.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';
import type { MarketplaceEnv } from '../env/marketplace.ts';
import { exchangeForVisitor } from '../marketplace/exchange.ts';
import { leasedPhoneFromAnswer } from '../marketplace/leased-phone.ts';
import { withServerFields } from '../marketplace/server-fields.ts';
import type { ExchangeKind } from '../store/index.ts';

/** The browser-facing marketplace routes. */
export const MARKETPLACE_ROUTES = {
  demandCheck: '/api/mediaalpha/demand-check',
  getPhone: '/api/mediaalpha/get-phone',
} as const;

interface Endpoint {
  kind: ExchangeKind;
  schema: z.ZodType<DemandCheckPayload | GetPhonePayload>;
  urlVariable: 'MEDIAALPHA_DEMAND_CHECK_URL' | 'MEDIAALPHA_GET_PHONE_URL';
  /** Extra fields of the success answer, read from the parsed upstream JSON. */
  extra: (parsed: unknown) => Record<string, unknown>;
}

/** Registers the two marketplace routes; reads only the upstream variables. */
export async function marketplacePlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  answerBadRequestsAsJson(app);
  // One pool for this app's upstream calls, closed with the app so no socket outlives it.
  const dispatcher = new Agent();
  app.addHook('onClose', () => dispatcher.close());

  function relay(endpoint: Endpoint) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const payload = endpoint.schema.safeParse(request.body);
      if (!payload.success) {
        return sendBadRequest(reply, `invalid ${endpoint.kind} payload`, zodProblems(payload.error));
      }
      const url = vars[endpoint.urlVariable];
      if (url === undefined) return reply.code(503).send({ error: `${endpoint.urlVariable} is not configured` });
      // The brand plugin answers every /api/ request of an unknown host, so a brand is set here.
      const body = withServerFields(payload.data, productLine(request.brand!.id), vars);
      const outcome = await exchangeForVisitor(request, reply, {
        kind: endpoint.kind,
        url,
        body,
        timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
        dispatcher,
        ...(vars.MEDIAALPHA_API_TOKEN ? { token: vars.MEDIAALPHA_API_TOKEN } : {}),
      });
      if (!outcome.ok) return reply.code(502).send({ error: outcome.error });
      return reply.send({ parsed: outcome.parsed, raw: outcome.raw, ...endpoint.extra(outcome.parsed) });
    };
  }

  app.post(
    MARKETPLACE_ROUTES.demandCheck,
    relay({ kind: 'demand-check', schema: DemandCheckPayloadSchema, urlVariable: 'MEDIAALPHA_DEMAND_CHECK_URL', extra: () => ({}) }),
  );
  app.post(
    MARKETPLACE_ROUTES.getPhone,
    relay({
      kind: 'get-phone',
      schema: GetPhonePayloadSchema,
      urlVariable: 'MEDIAALPHA_GET_PHONE_URL',
      extra: (parsed) => ({ leased: leasedPhoneFromAnswer(parsed) }),
    }),
  );
}
