/**
 * The leased phone number in the browser (spec §3 "Leased phone record", §4 "Displayed phone
 * number"): the record lives in the visitor's user state (kept in localStorage, pushed to the
 * server, shared with the visitor's other tabs), and this store offers pages the lease in force.
 * At the lease's expiration the store drops it by itself, so every shown number goes back to the
 * brand's default while the page stays open.
 */
import { displayedPhone, type LeasedPhone } from '../../core/marketplace/phone.ts';
import type { PhoneRuntime } from '../../ui/phone/phone-runtime.ts';
import type { UserSync } from '../visitor/user-sync.ts';

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days); a longer one would fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/** The store of the live lease. */
export interface LeasedPhoneStore extends Pick<PhoneRuntime, 'subscribe' | 'getSnapshot'> {
  /** Keeps a new lease record (in the user state) and offers it while it lasts. */
  set(record: LeasedPhone): void;
  /** Stops the expiry timer and listening to the user state. */
  stop(): void;
}

/** What {@link createLeasedPhoneStore} needs; the clock and timers default to the browser's own. */
export interface LeasedPhoneStoreOptions {
  /** Where the record is kept: the visitor's user state. */
  userState: Pick<UserSync, 'getSnapshot' | 'subscribe' | 'update'>;
  now?: () => number;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
}

/** True when `record` is live at `now`, by the spec's one rule (displayedPhone): its expiration is later than now. */
function isLive(record: LeasedPhone, now: number): boolean {
  // No real leased number is empty (LeasedPhoneSchema), so '' tells "the default was chosen" apart.
  return displayedPhone(record, '', new Date(now)) !== '';
}

function sameLease(a: LeasedPhone | null, b: LeasedPhone | null): boolean {
  return a === b || (a !== null && b !== null && a.value === b.value && a.expirationDate === b.expirationDate);
}

/**
 * The live-lease store over the user state. Its snapshot is the recorded lease while it is live,
 * else null, and stays the same object until that changes (useSyncExternalStore compares by
 * identity). A timer set for the expiration re-checks; a lease recorded by another tab arrives
 * through the user state.
 */
export function createLeasedPhoneStore(options: LeasedPhoneStoreOptions): LeasedPhoneStore {
  const { userState, now = () => Date.now(), timers = globalThis } = options;
  const listeners = new Set<() => void>();
  let live: LeasedPhone | null = null;
  let timer: ReturnType<typeof timers.setTimeout> | undefined;

  function refresh() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    const record = userState.getSnapshot().leasedPhone;
    const at = now();
    const next = record !== null && isLive(record, at) ? record : null;
    if (next !== null) {
      // Fires at the expiration or later, never earlier, so the re-check sees the lease ended (a
      // capped long lease simply re-checks and waits again).
      const delay = Math.min(Math.max(Date.parse(next.expirationDate) - at, 0), MAX_TIMER_DELAY_MS);
      timer = timers.setTimeout(refresh, delay);
    }
    if (sameLease(next, live)) return;
    live = next;
    for (const listener of listeners) listener();
  }

  const unsubscribe = userState.subscribe(refresh);
  refresh();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => live,
    set(record) {
      userState.update({ leasedPhone: record });
      refresh();
    },
    stop() {
      unsubscribe();
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
