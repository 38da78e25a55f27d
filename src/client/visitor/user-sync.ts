/**
 * User-state sync (spec §4 "User-state sync", §7 POST /api/user/set, §8, §9): the whole user state
 * is pushed to the server on every change and broadcast to the visitor's other tabs on the
 * BroadcastChannel 'user-sync'; an update from another tab is applied without pushing (that tab
 * pushed it). A failed push is retried after 3000 ms, unless a newer change came first.
 */
import { USER_SET_PATH } from '../../core/contract/paths.ts';
import { USER_SYNC_CHANNEL, USER_SYNC_RETRY_MS } from '../../core/tracking/constants.ts';
import { isPlainObject, readTimedObject, writeTimedObject, type KeyValueStorage } from './stored-json.ts';
import { readUserState, sameUserState, type UserState } from './user-state.ts';

/** localStorage key of the user state (with the time it was first stored, `storedAt`), so it survives reloads. */
export const USER_STATE_STORAGE_KEY = 'cobrand:user-state';

/** The `type` of a user-state message between tabs. */
export const USER_SYNC_MESSAGE_TYPE = 'user-state';

/** What one tab tells the others: its whole new state. */
export interface UserSyncMessage {
  type: typeof USER_SYNC_MESSAGE_TYPE;
  state: UserState;
}

/** The part of a BroadcastChannel the sync uses. */
export type UserSyncChannel = Pick<BroadcastChannel, 'postMessage' | 'addEventListener' | 'removeEventListener' | 'close'>;

/** The user state as pages and the rest of the runtime see it; a store for useSyncExternalStore. */
export interface UserSync {
  /** The current state; a new object after every change. */
  getSnapshot(): UserState;
  /** Calls `listener` after every change, local or from another tab; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** A local change: merged into the state, stored, broadcast and pushed. A patch that changes nothing does nothing. */
  update(patch: Partial<UserState>): void;
  /**
   * From now on the state is `keep(state)`, starting at once: stored, broadcast and pushed like
   * any change. After a lead, `keep` leaves personal fields out (visitor/forget-personal.ts), so
   * they leave the state, its stored copy, the other tabs and the server's copy for this page.
   */
  keepOnly(keep: (state: UserState) => UserState): void;
  /** Stops listening and retrying, and closes the channel. */
  stop(): void;
}

/** What {@link createUserSync} needs; fetch and timers default to the browser's own. */
export interface UserSyncOptions {
  anonymousId: string;
  /** Where the state is kept between page loads (localStorage). */
  storage: KeyValueStorage | undefined;
  /** The 'user-sync' channel; without one (old browsers) only the server hears of changes. */
  channel?: UserSyncChannel | undefined;
  fetch?: typeof fetch;
  timers?: Pick<WindowOrWorkerGlobalScope, 'setTimeout' | 'clearTimeout'>;
  /** The time in epoch ms, which ages the stored state (30 days from when it was first stored). */
  now?: () => number;
}

/** The 'user-sync' BroadcastChannel, or undefined where the browser has none. */
export function openUserSyncChannel(): UserSyncChannel | undefined {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(USER_SYNC_CHANNEL) : undefined;
}

/**
 * Starts the sync from the stored state. Pushes run one at a time, so an older state can never
 * reach the server after a newer one: a change made while a push is in flight is pushed when it
 * ends. The response is not read beyond its status (spec §7), and failures show no message (§8).
 */
export function createUserSync(options: UserSyncOptions): UserSync {
  const { anonymousId, storage, channel, fetch: post = globalThis.fetch, timers = globalThis, now = Date.now } = options;
  const listeners = new Set<() => void>();
  const stored = readTimedObject(storage, USER_STATE_STORAGE_KEY, now());
  let state = readUserState(stored);
  /** When the stored state was first written; an expired one was removed on reading, so it starts again. */
  let storedAt = stored?.storedAt;
  let keep = (next: UserState) => next;
  /** Counts changes, local and remote: a retry is for one version only. */
  let version = 0;
  /** A local change has not reached the server yet. */
  let needsPush = false;
  let inFlight = false;
  let retry: number | undefined;
  let stopped = false;

  function change(next: UserState) {
    state = next;
    version++;
    for (const listener of listeners) listener();
  }

  function cancelRetry() {
    if (retry !== undefined) timers.clearTimeout(retry);
    retry = undefined;
  }

  async function send(body: string): Promise<boolean> {
    try {
      const response = await post(USER_SET_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true });
      void response.body?.cancel().catch(() => undefined);
      return response.ok;
    } catch {
      return false;
    }
  }

  function push() {
    cancelRetry();
    if (stopped || inFlight || !needsPush) return;
    needsPush = false;
    inFlight = true;
    const sending = version;
    void send(JSON.stringify({ anonymousId, state })).then((ok) => {
      inFlight = false;
      if (stopped) return;
      // A newer local change waits for this push; it goes now, and this one is never retried.
      if (needsPush) return push();
      if (ok || version !== sending) return;
      needsPush = true;
      retry = timers.setTimeout(() => {
        retry = undefined;
        if (version === sending) push();
      }, USER_SYNC_RETRY_MS);
    });
  }

  function onMessage(event: Event) {
    const data: unknown = (event as MessageEvent).data;
    if (!isPlainObject(data) || data.type !== USER_SYNC_MESSAGE_TYPE) return;
    const next = readUserState(data.state);
    if (sameUserState(next, state)) return;
    // The other tab stored and pushed this state; a retry of ours would overwrite it with older data.
    needsPush = false;
    cancelRetry();
    change(next);
  }
  function update(patch: Partial<UserState>) {
    const next = keep({ ...state, ...patch });
    if (stopped || sameUserState(next, state)) return;
    change(next);
    storedAt ??= now();
    writeTimedObject(storage, USER_STATE_STORAGE_KEY, state, storedAt);
    channel?.postMessage({ type: USER_SYNC_MESSAGE_TYPE, state } satisfies UserSyncMessage);
    needsPush = true;
    push();
  }

  channel?.addEventListener('message', onMessage);

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    update,
    keepOnly(filter) {
      keep = filter;
      update({});
    },
    stop() {
      stopped = true;
      cancelRetry();
      channel?.removeEventListener('message', onMessage);
      channel?.close();
    },
  };
}
