/**
 * What the lead buyer's answer to one delivery means: delivered (keep its lead id and price),
 * rejected (final: the same lead would be refused again), or worth retrying.
 */
import * as z from 'zod';
import type { UpstreamOutcome } from '../platform/upstream/relay.ts';

/**
 * 4xx statuses that say "not now" rather than "never": request timeout, too early, too many
 * requests. Every other 4xx is the buyer refusing this lead, which no retry changes.
 */
const RETRYABLE_CLIENT_STATUSES: ReadonlySet<number> = new Set([408, 425, 429]);

/** Longest buyer reason kept in lastError; longest raw answer kept in buyerResponse. */
const MAX_REASON_CHARS = 500;
const MAX_RESPONSE_CHARS = 10_000;

/**
 * The buyer's JSON answer, read tolerantly: every field is optional and a field of the wrong
 * type reads as absent instead of failing the whole answer (a buyer adding or reshaping a field
 * must not turn a delivered lead into a retried one). Its lead id may be called `lead_id` or `id`.
 */
export const BuyerAnswerSchema = z.looseObject({
  accepted: z.boolean().optional().catch(undefined),
  lead_id: z.union([z.string().min(1), z.number()]).optional().catch(undefined),
  id: z.union([z.string().min(1), z.number()]).optional().catch(undefined),
  price: z.number().finite().optional().catch(undefined),
  reason: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

/** How one delivery ended, as far as the buyer is concerned. */
export type BuyerVerdict =
  | { kind: 'delivered'; buyerLeadId: string | null; buyerPrice: number | null; buyerResponse: string | null }
  | { kind: 'rejected'; reason: string; buyerResponse: string | null }
  | { kind: 'retryable'; error: string };

/** Judges one upstream outcome (see {@link BuyerVerdict}). */
export function judgeBuyerAnswer(outcome: UpstreamOutcome): BuyerVerdict {
  const buyerResponse = outcome.raw === null ? null : outcome.raw.slice(0, MAX_RESPONSE_CHARS);
  const status = outcome.status;
  if (status !== null && status >= 200 && status <= 299) {
    // A 2xx took the lead, even with a body we cannot read; retrying it would only be deduped.
    const answer = outcome.ok ? BuyerAnswerSchema.safeParse(outcome.parsed) : undefined;
    const fields = answer?.success ? answer.data : {};
    if (fields.accepted === false) return { kind: 'rejected', reason: reasonOf(fields) ?? 'the buyer did not accept the lead', buyerResponse };
    const buyerLeadId = fields.lead_id ?? fields.id;
    return { kind: 'delivered', buyerLeadId: buyerLeadId === undefined ? null : String(buyerLeadId), buyerPrice: fields.price ?? null, buyerResponse };
  }
  if (status !== null && status >= 400 && status <= 499 && !RETRYABLE_CLIENT_STATUSES.has(status)) {
    const reason = reasonOf(parseJson(outcome.raw));
    return { kind: 'rejected', reason: reason === undefined ? `HTTP ${status}` : `HTTP ${status}: ${reason}`, buyerResponse };
  }
  return { kind: 'retryable', error: outcome.ok ? `upstream answered HTTP ${String(status)}` : outcome.error };
}

/** The buyer's reason for a refusal, from `reason`, `error` or `message`, cut to one short line. */
function reasonOf(body: unknown): string | undefined {
  const fields = BuyerAnswerSchema.safeParse(body);
  if (!fields.success) return undefined;
  const reason = fields.data.reason ?? fields.data.error ?? fields.data.message;
  const line = reason?.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, MAX_REASON_CHARS) : undefined;
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
