/**
 * The loop behind every store-polling worker (the lead outbox, content-factory runs): claim a
 * batch, handle it, and go again at once while batches come back full; otherwise sleep until the
 * next poll or a kick. A kick during a round skips the next sleep, so work committed meanwhile is
 * never left waiting a whole poll. Closing stops the loop and waits for the round in flight, cut
 * short by aborting the worker's signal after a grace period.
 */
import { oneLine } from '../../leads/lead-delivery.ts';

/** A running worker: kick it to look now, close it to stop. */
export interface PollingWorker {
  /** Looks for work now instead of at the next poll. */
  kick(): void;
  /** Stops polling and waits for the round in flight (its signal aborted after the grace period). Idempotent. */
  close(): Promise<void>;
}

/** What {@link startPollingWorker} runs. */
export interface PollingWorkerOptions {
  /** Names the worker in its abort reason, e.g. 'lead outbox'. */
  name: string;
  /** The log line when a round fails before handling anything (the claim itself), e.g. 'lead outbox: could not claim leads'. */
  claimFailure: string;
  /** One round: claims and handles a batch; true when the batch was full (more may be due). Must handle its items' own failures. */
  round: () => Promise<boolean>;
  pollIntervalMs: number;
  closeGraceMs: number;
  /** Aborted when a close outlasts closeGraceMs; the round's work listens to its signal. */
  stopping: AbortController;
  log: { error(details: object, message: string): void };
}

/** Starts the loop; it runs until closed and never throws out of it. */
export function startPollingWorker(options: PollingWorkerOptions): PollingWorker {
  const { name, claimFailure, round, pollIntervalMs, closeGraceMs, stopping, log } = options;
  let closing = false;
  /** A kick that arrived while a round ran: the next sleep is skipped. */
  let kicked = false;
  let wake: (() => void) | undefined;

  function sleep(): Promise<void> {
    if (kicked) {
      kicked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      // Unref'd: a poll timer alone must not keep a process alive.
      const timer = setTimeout(done, pollIntervalMs).unref();
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (!closing) {
      let more = false;
      try {
        more = await round();
      } catch (error) {
        // Database unreachable, store closing...: wait for the next poll and try again.
        log.error({ error: oneLine(error) }, claimFailure);
      }
      if (closing) return;
      if (!more) await sleep();
    }
  }

  const running = run();
  let closed: Promise<void> | undefined;
  return {
    kick() {
      if (closing) return;
      if (wake) wake();
      else kicked = true;
    },
    close() {
      closed ??= (async () => {
        closing = true;
        wake?.();
        const cutShort = setTimeout(() => stopping.abort(new Error(`${name} stopping`)), closeGraceMs);
        try {
          await running;
        } finally {
          clearTimeout(cutShort);
        }
      })();
      return closed;
    },
  };
}
