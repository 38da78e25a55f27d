/**
 * POST /api/leads/quote: hands a lead to the second lead buyer (spec §7 "Lead mapping for the
 * other lead-buyer provider"). The body is `{ product: 'auto' | 'medicare', lead: {...} }`; the
 * lead is validated with the lead schemas (400 `{ error, problems }`), mapped with
 * mapLeadForLeadBuyer (a Medicare lead: 400 'schema not implemented for medicare') and posted to
 * LEAD_BUYER_URL. The answer is `{ parsed, raw }`, or 502 with a one-line `error`.
 */
import type { FastifyInstance } from 'fastify';
import { Agent } from 'undici';
import * as z from 'zod';
import { mapLeadForLeadBuyer } from '../../core/lead-buyer/mapping.ts';
import { LEAD_PRODUCTS } from '../../core/leads/product.ts';
import { validateLeadFields } from '../../core/leads/validate.ts';
import { answerBadRequestsAsJson, sendBadRequest, zodProblems } from '../bad-request.ts';
import type { MarketplaceEnv } from '../env/marketplace.ts';
import { exchangeForVisitor } from '../marketplace/exchange.ts';

/** The lead-quote route. */
export const LEAD_QUOTE_ROUTE = '/api/leads/quote';

/** The request body around the lead; the lead itself is checked field by field afterwards. */
const LeadQuoteRequestSchema = z.object({ product: z.enum(LEAD_PRODUCTS), lead: z.unknown() });

/** Registers POST /api/leads/quote; reads LEAD_BUYER_URL and MEDIAALPHA_TIMEOUT_MS. */
export async function leadQuotePlugin(app: FastifyInstance, options: { vars: MarketplaceEnv }): Promise<void> {
  const { vars } = options;
  answerBadRequestsAsJson(app);
  const dispatcher = new Agent();
  app.addHook('onClose', () => dispatcher.close());

  app.post(LEAD_QUOTE_ROUTE, async (request, reply) => {
    const envelope = LeadQuoteRequestSchema.safeParse(request.body);
    if (!envelope.success) return sendBadRequest(reply, 'invalid lead-quote request', zodProblems(envelope.error));
    const { product } = envelope.data;
    const validation = validateLeadFields(product, envelope.data.lead);
    if (!validation.ok) {
      return sendBadRequest(reply, `invalid ${product} lead`, validation.problems.map(({ field, message }) => (field ? `${field}: ${message}` : message)));
    }
    let mapped;
    try {
      mapped = mapLeadForLeadBuyer(product, validation.lead);
    } catch (error) {
      // The provider has no schema for this product (spec §8): the caller's request, not our fault.
      const message = error instanceof Error ? error.message : String(error);
      return sendBadRequest(reply, message, [`product: ${message}`]);
    }
    if (vars.LEAD_BUYER_URL === undefined) return reply.code(503).send({ error: 'LEAD_BUYER_URL is not configured' });
    const outcome = await exchangeForVisitor(request, reply, {
      kind: 'lead-quote',
      url: vars.LEAD_BUYER_URL,
      body: mapped,
      timeoutMs: vars.MEDIAALPHA_TIMEOUT_MS,
      dispatcher,
    });
    if (!outcome.ok) return reply.code(502).send({ error: outcome.error });
    return reply.send({ parsed: outcome.parsed, raw: outcome.raw });
  });
}
