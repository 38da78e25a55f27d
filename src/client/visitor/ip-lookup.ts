/**
 * The IP-lookup loop (spec §3 IP lookup in the event context, §4 "IP-lookup expiry", §8, §9):
 * GET /api/ip-lookup on load, a check every 4 s that refreshes once the lookup expires within
 * 20 s, and a push of the expiry to 10 s from now when a watched quote-form field changes: as
 * the visitor types or picks in the field ({@link watchQuoteFieldInputs}), and when an answer is
 * stored, whichever form or tab stored it ({@link watchQuoteFields}). Failures are ignored; the
 * next check simply tries again.
 */
import { isIpLookupResponse } from '../../core/contract/checks.ts';
import { IP_LOOKUP_PATH } from '../../core/contract/paths.ts';
import type { FormValuesStore } from '../../core/funnels/form-buckets.ts';
import { otherInputName } from '../../core/funnels/field-input.ts';
import type { IpLookupContext } from '../../core/tracking/context.ts';
import { expiryAfterFieldChange, IP_LOOKUP_CHECK_INTERVAL_MS, ipLookupNeedsRefresh, WATCHED_QUOTE_FIELDS, type WatchedQuoteField } from '../../core/tracking/constants.ts';

/** The running loop. */
export interface IpLookupLoop {
  /** The latest lookup, null until one answered. */
  current(): IpLookupContext | null;
  /** Calls `listener` whenever a lookup answers; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
  /** A watched quote-form field changed: the lookup now expires 10 s from now. */
  fieldChanged(): void;
  /** Runs one check now (refreshing if needed); resolves when it is done. Never rejects. */
  check(): Promise<void>;
  stop(): void;
}

/** What {@link startIpLookup} needs; fetch, timers and clock default to the browser's own. */
export interface IpLookupOptions {
  fetch?: typeof fetch;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setInterval' | 'clearInterval'>;
  now?: () => number;
}

/** Starts the loop: the first lookup at once, then a check every {@link IP_LOOKUP_CHECK_INTERVAL_MS}. */
export function startIpLookup(options: IpLookupOptions = {}): IpLookupLoop {
  const { fetch: request = globalThis.fetch, timers = globalThis, now = () => Date.now() } = options;
  let lookup: IpLookupContext | null = null;
  let expiresAt: Date | string | null = null;
  let inFlight: Promise<void> | undefined;
  const listeners = new Set<() => void>();

  async function refresh(): Promise<void> {
    try {
      const response = await request(IP_LOOKUP_PATH, { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (!response.ok) return void response.body?.cancel().catch(() => undefined);
      const answer: unknown = await response.json();
      if (!isIpLookupResponse(answer)) return;
      // The known parts only: whatever else an answer holds never reaches the events' context.
      const { city, stateCode, postalCode, value, isp } = answer;
      lookup = { city, stateCode, postalCode, value, isp };
      expiresAt = answer.expiresAt;
      for (const listener of [...listeners]) listener();
    } catch {
      // Ignored (spec §8): the expiry is unchanged, so the next check tries again.
    }
  }

  function check(): Promise<void> {
    if (inFlight) return inFlight;
    if (!ipLookupNeedsRefresh(expiresAt, now())) return Promise.resolve();
    inFlight = refresh().finally(() => (inFlight = undefined));
    return inFlight;
  }

  const interval = timers.setInterval(() => void check(), IP_LOOKUP_CHECK_INTERVAL_MS);
  void check();

  return {
    current: () => lookup,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    fieldChanged() {
      expiresAt = expiryAfterFieldChange(now());
    },
    check,
    stop: () => timers.clearInterval(interval),
  };
}

/**
 * Calls `onChange` whenever a watched quote-form field (spec §3) changes value in the shared
 * bucket, whichever form or tab changed it. Returns the unsubscribe function.
 */
export function watchQuoteFields(forms: Pick<FormValuesStore, 'subscribe' | 'getSnapshot'>, onChange: () => void): () => void {
  let previous = forms.getSnapshot().shared;
  return forms.subscribe(() => {
    const next = forms.getSnapshot().shared;
    const changed = WATCHED_QUOTE_FIELDS.some((field) => !Object.is(next[field], previous[field]));
    previous = next;
    if (changed) onChange();
  });
}

/**
 * The watched quote-form field (spec §3) a form control named `name` edits: the field's own input
 * (a date's month, day and year parts are watched fields of their own), or the text box of a
 * select's "Other" answer, which is that select's answer typed in. Undefined for any other control.
 */
export function watchedFieldOfInput(name: string): WatchedQuoteField | undefined {
  return WATCHED_QUOTE_FIELDS.find((field) => field === name || otherInputName(field) === name);
}

/**
 * Calls `onChange` on every edit of a watched quote-form field in `page`: each keystroke, pick or
 * tick (the `input` event), before any answer is submitted (spec §4 "any change to a watched
 * quote-form field"). One listener on the document covers every funnel step rendered later.
 * Returns the stop function.
 */
export function watchQuoteFieldInputs(page: Pick<Document, 'addEventListener' | 'removeEventListener'>, onChange: () => void): () => void {
  function onInput(event: Event) {
    const name = (event.target as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && watchedFieldOfInput(name)) onChange();
  }
  page.addEventListener('input', onInput, { capture: true });
  return () => page.removeEventListener('input', onInput, { capture: true });
}
