/**
 * One delivery attempt of one lead to its product's buyer (lead-buyers.ts): map the stored fields
 * to that buyer's schema (spec §7 for auto), POST them with the lead id as Idempotency-Key through the upstream relay
 * (src/server/platform/upstream/relay.ts: shared pool, budget, size cap, exchange recorded with PII
 * redacted), and turn the answer into the outcome the store records. Never throws.
 */
import { isLineBuyerProduct, mapLeadForLineBuyer, mapMedicareCallback, type LineBuyerLead, type LineBuyerMedicareLead } from '../../core/lead-buyer/line-buyers.ts';
import { mapLeadForLeadBuyer, notImplementedMessage, type LeadBuyerAutoLead } from '../../core/lead-buyer/mapping.ts';
import { isLeadProduct } from '../../core/leads/product.ts';
import { readStoredLead } from '../../core/leads/stored.ts';
import type { DeliveryOutcome, LeadRow, Store } from '../platform/store/index.ts';
import { relay, type BudgetTimer } from '../platform/upstream/relay.ts';
import { judgeBuyerAnswer } from './buyer-answer.ts';
import type { LeadBuyers } from './lead-buyers.ts';
import { retryOrFail } from './lead-retry.ts';

/** The header that lets the buyer drop a repeated delivery of the same lead. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The logger calls the outbox makes (Fastify's logger fits). */
export interface OutboxLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Where and how to deliver, shared by every attempt of one worker. */
export interface DeliveryContext {
  /** The buyer of each product (lead-buyers.ts): its URL and its token, sent as a bearer token. */
  buyers: LeadBuyers;
  /** Budget of one POST (MEDIAALPHA_TIMEOUT_MS). */
  timeoutMs: number;
  /** What runs that budget; a timer when absent (tests expire it when the buyer says it hangs). */
  budget?: BudgetTimer;
  /** Aborted when the worker stops and waiting for the answer would hold up shutdown too long. */
  signal: AbortSignal;
  recordExchange: Store['recordExchange'];
  now: () => Date;
  random: () => number;
  log: OutboxLogger;
}

/** Why an attempt cut short by shutdown is retried at once by whichever worker runs next. */
const INTERRUPTED = 'delivery interrupted: the worker stopped before the buyer answered';

/** Delivers `lead` once and says how it went; the caller records the outcome. */
export async function attemptDelivery(lead: LeadRow, context: DeliveryContext): Promise<DeliveryOutcome> {
  // The outbox claims only leads of products with a buyer; one missing here was unset meanwhile.
  const buyer = isLeadProduct(lead.product) ? context.buyers[lead.product] : undefined;
  if (!buyer) return { kind: 'failed', error: `no buyer is configured for ${lead.product} leads` };
  let body: unknown;
  try {
    body = buyerPayload(lead);
  } catch (error) {
    // No buyer schema for this lead: retrying cannot help, so it fails at once for an operator.
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
  const outcome = await relay(
    {
      kind: 'lead-quote',
      brandId: lead.brandId,
      url: buyer.url,
      body,
      timeoutMs: context.timeoutMs,
      ...(context.budget ? { budget: context.budget } : {}),
      signal: context.signal,
      headers: { [IDEMPOTENCY_KEY_HEADER]: lead.id },
      ...(buyer.token ? { token: buyer.token } : {}),
    },
    {
      record: (exchange) => context.recordExchange(exchange),
      // The delivery's own outcome matters more than its debug record: note it and go on.
      recordFailed: (error) => context.log.error({ leadId: lead.id, error: oneLine(error) }, 'lead outbox: could not record the buyer exchange'),
      now: () => context.now(),
    },
  );
  const verdict = judgeBuyerAnswer(outcome);
  if (verdict.kind !== 'retryable') return verdict;
  const attempts = lead.attempts + 1;
  if (context.signal.aborted) return { kind: 'retry', error: INTERRUPTED, nextAttemptAt: context.now().toISOString() };
  return retryOrFail(verdict.error, attempts, lead.queuedAt ?? lead.createdAt, context.now(), context.random);
}

/**
 * The lead in its buyer's schema: the spec's auto schema (§7), or the life or health line
 * buyer's (core/lead-buyer/line-buyers.ts). The stored fields were validated at capture; reading
 * them back through readStoredLead still drops anything that no longer passes (an older rule
 * set), rather than sending it. A Medicare lead has a buyer only as a call-back (its callbackAt set).
 * @throws for a product no buyer has a schema for (Medicare but a call-back: spec §8's words).
 */
export function buyerPayload(lead: Pick<LeadRow, 'product' | 'fields'>): LeadBuyerAutoLead | LineBuyerLead | LineBuyerMedicareLead {
  if (lead.product === 'auto') return mapLeadForLeadBuyer('auto', readStoredLead('auto', lead.fields));
  if (isLineBuyerProduct(lead.product)) return mapLeadForLineBuyer(lead.product, readStoredLead(lead.product, lead.fields));
  if (lead.product === 'medicare') {
    const medicare = readStoredLead('medicare', lead.fields);
    if (medicare.callbackAt !== undefined) return mapMedicareCallback(medicare);
  }
  throw new Error(isLeadProduct(lead.product) ? notImplementedMessage(lead.product) : `schema not implemented for ${lead.product}`);
}

/** One line of an error, for logs: messages only, never a driver's details (which can quote row values). */
export function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
