/**
 * When the outbox tries a lead again after a retryable failure (timeout, refused connection,
 * 5xx): exponential backoff with full jitter, inside a fixed window from the lead's entry into
 * the outbox, after which it is `failed` and waits for an operator's requeue.
 */
import type { DeliveryOutcome } from '../platform/store/index.ts';

/** The retry policy's numbers, in one place. */
export const LEAD_RETRY_POLICY = {
  /** The backoff ceiling of the first retry; it doubles with every attempt. */
  baseMs: 5_000,
  /** The backoff ceiling never grows past this, so a lead is tried at least hourly. */
  capMs: 60 * 60 * 1000,
  /** How long after entering the outbox (capture or requeue) a lead keeps being retried. */
  windowMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The outcome of a retryable failure: `retry` at a random moment in [now, now + ceiling], where
 * the ceiling is baseMs x 2^(attempts - 1) capped at capMs ("full jitter": workers that failed
 * together during an outage do not come back together), never later than the window's end so
 * the last try happens on time; `failed` once the window is over.
 *
 * @param attempts attempts made so far, this one included (1 after the first failure).
 * @param queuedAt when the lead entered the outbox (server ISO time).
 * @param random a number in [0, 1); Math.random outside tests.
 */
export function retryOrFail(error: string, attempts: number, queuedAt: string, now: Date, random: () => number): Extract<DeliveryOutcome, { kind: 'retry' | 'failed' }> {
  const deadline = Date.parse(queuedAt) + LEAD_RETRY_POLICY.windowMs;
  if (now.getTime() >= deadline) {
    return { kind: 'failed', error: `${error}; not delivered within ${LEAD_RETRY_POLICY.windowMs / 3_600_000} h, giving up after ${attempts} attempts` };
  }
  const ceiling = Math.min(LEAD_RETRY_POLICY.capMs, LEAD_RETRY_POLICY.baseMs * 2 ** Math.max(0, attempts - 1));
  const next = Math.min(now.getTime() + Math.floor(random() * ceiling), deadline);
  return { kind: 'retry', error, nextAttemptAt: new Date(next).toISOString() };
}
