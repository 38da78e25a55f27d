/**
 * The visitor's lead in the browser: sent to `POST /api/leads` when a funnel's last
 * question step is submitted, under a lead id generated here once per capture, so a retry after a
 * lost answer stores the lead once. The end screen reads the outcome from this store and says
 * only what happened: stored, or failed (then it asks the visitor to call).
 */
import type { LeadCaptureRequest, LeadCaptureResponse } from '../../core/contract/leads.ts';
import { isLeadCaptureResponse } from '../../core/contract/checks.ts';
import { LEADS_PATH } from '../../core/contract/paths.ts';
import type { LeadCaptureInput, LeadCaptureState, LeadsRuntime } from '../../ui/runtime.tsx';

/** Attempts per capture: the first try and two retries. */
export const LEAD_CAPTURE_ATTEMPTS = 3;

/** Wait before retry n (1-based), in ms: short, because the visitor is waiting on the button. */
export const LEAD_RETRY_DELAYS_MS: readonly number[] = [500, 1500];

/** The input names third-party consent-certification scripts add to a page's form. */
export const CERTIFICATE_FIELDS = { trustedForm: 'xxTrustedFormCertUrl', leadid: 'leadid_token' } as const;

/** What {@link createLeadCapture} needs from the browser. */
export interface LeadCaptureOptions {
  anonymousId(): string;
  sessionId(): string;
  /** The page address the lead is captured on (`location.href`). */
  pageUrl(): string;
  /** A new unique lead id. */
  newId(): string;
  /** The value of a form input by name anywhere on the page (TrustedForm, LeadiD), or undefined. */
  inputValue(name: string): string | undefined;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
}

/** True when an answer is worth retrying: no answer, or a server-side failure. A 400 never is. */
export function retryable(status: number | undefined): boolean {
  return status === undefined || status >= 500;
}

/**
 * Calls `send` until its answer is not {@link retryable} or the attempts run out, waiting
 * {@link LEAD_RETRY_DELAYS_MS} between tries; answers the last answer. The visitor's POSTs that
 * must land (the lead, each walked step) retry alike.
 */
export async function sendWithRetries<T extends { status?: number | undefined }>(send: () => Promise<T>, sleep: (ms: number) => Promise<void>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const sent = await send();
    if (!retryable(sent.status) || attempt === LEAD_CAPTURE_ATTEMPTS) return sent;
    await sleep(LEAD_RETRY_DELAYS_MS[attempt - 1] ?? 0);
  }
}

/** Creates the lead store and capture call. */
export function createLeadCapture(options: LeadCaptureOptions): LeadsRuntime {
  let state: LeadCaptureState = { status: 'none' };
  const listeners = new Set<() => void>();
  const set = (next: LeadCaptureState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  function request(input: LeadCaptureInput, id: string): LeadCaptureRequest {
    const trustedFormCertUrl = options.inputValue(CERTIFICATE_FIELDS.trustedForm);
    const leadidToken = options.inputValue(CERTIFICATE_FIELDS.leadid);
    return {
      id,
      route: input.route,
      funnel: input.funnel,
      anonymousId: options.anonymousId(),
      sessionId: options.sessionId(),
      pageUrl: options.pageUrl(),
      fields: input.fields,
      ...(input.consent
        ? { consent: { ...input.consent, ...(trustedFormCertUrl ? { trustedFormCertUrl } : {}), ...(leadidToken ? { leadidToken } : {}) } }
        : {}),
    };
  }

  async function send(body: LeadCaptureRequest): Promise<{ status?: number; answer?: LeadCaptureResponse }> {
    try {
      const response = await options.fetch(LEADS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { status: response.status };
      }
      const answer: unknown = await response.json();
      // A 2xx whose body is not a capture answer is as good as lost: the same id is retried, and
      // the server stores a lead id once.
      return isLeadCaptureResponse(answer) ? { status: response.status, answer } : {};
    } catch {
      return {};
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async capture(input) {
      const body = request(input, options.newId());
      set({ status: 'pending', funnel: input.funnel });
      const { answer } = await sendWithRetries(() => send(body), options.sleep);
      set(answer ? { status: 'stored', funnel: input.funnel, leadId: answer.id, leadStatus: answer.status } : { status: 'failed', funnel: input.funnel });
      return state;
    },
  };
}

/** The value of the first input named `name` on the page, if it has one. */
export function pageInputValue(name: string, root: ParentNode = document): string | undefined {
  const input = root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  return input?.value ? input.value : undefined;
}
