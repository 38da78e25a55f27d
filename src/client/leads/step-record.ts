/**
 * The browser's record of a funnel's walked steps on the server: every submitted question step is
 * sent to `POST /api/funnel/step` before the funnel moves on, which the server keeps in the
 * visitor's form cookie; a lead is taken only from a visit that walked its funnel.
 *
 * A network blip must not strand the visitor on a step, nor lose the lead at the end: a failed
 * send is retried as the lead capture retries (same attempts and waits), and when it still fails
 * the visitor moves on anyway while the step stays queued; every later submit sends the queued
 * steps first, in order, so the server sees the walk as it happened and the lead finds it whole.
 * Only if the network stays down to the last step does the lead fail, which the end screen says
 * (call us), as it does for a lead whose own send failed.
 *
 * Part of the after-paint chunk (after-paint.ts), loaded when the browser is idle after the first
 * paint, long before a visitor submits a step, so it weighs nothing on the funnel's first load.
 */
import type { FunnelStepRequest } from '../../core/contract/funnel-steps.ts';
import { FUNNEL_STEP_PATH } from '../../core/contract/paths.ts';
import type { StepsRuntime } from '../../ui/runtime.tsx';
import { retryable, sendWithRetries } from './lead-capture.ts';

/** What {@link createStepRecorder} needs from the browser. */
export interface StepRecorderOptions {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

/** One send's outcome: the status (none when no answer came) and, for a refused step, the first step the server misses. */
interface Sent {
  status?: number;
  missingStep?: string;
}

/** The `missingStep` of a refused step's answer (contract FunnelStepRefusalSchema), if it names one. */
function missingStepOf(answer: unknown): string | undefined {
  const step = typeof answer === 'object' && answer !== null ? (answer as { missingStep?: unknown }).missingStep : undefined;
  return typeof step === 'string' && step !== '' ? step : undefined;
}

/**
 * Creates the step recorder: its `record` resolves, never rejects, with the name of the first
 * earlier step the server says it never got, else undefined (recorded, or queued for later).
 */
export function createStepRecorder(options: StepRecorderOptions): StepsRuntime {
  // Steps not yet recorded, oldest first: the ones the network lost, then the one being sent.
  const queued: FunnelStepRequest[] = [];
  // One flush at a time, so two quick submits never send steps out of order.
  let flushing: Promise<unknown> = Promise.resolve();

  async function send(body: FunnelStepRequest): Promise<Sent> {
    try {
      const response = await options.fetch(FUNNEL_STEP_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok || response.status !== 400) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status };
      }
      const answer: unknown = await response.json().catch(() => undefined);
      const missingStep = missingStepOf(answer);
      return { status: response.status, ...(missingStep ? { missingStep } : {}) };
    } catch {
      return {};
    }
  }

  async function flush(): Promise<string | undefined> {
    for (let body = queued[0]; body !== undefined; body = queued[0]) {
      const sent = await sendWithRetries(() => send(body), options.sleep);
      // Still no answer: keep it (and what follows) for the next submit, and let the visitor go on.
      if (retryable(sent.status)) return undefined;
      queued.shift();
      if (sent.missingStep) {
        // The server never saw an earlier step: what is queued after it would be refused too.
        queued.length = 0;
        return sent.missingStep;
      }
      // Recorded, or refused for its answers (a page from an older build): either way not sent
      // again; a lead missing it is refused and the end screen says so.
    }
    return undefined;
  }

  return {
    record(route, funnel, step, answers): Promise<string | undefined> {
      queued.push({ route, funnel, step, answers });
      const result = flushing.then(flush);
      flushing = result;
      return result;
    },
  };
}
