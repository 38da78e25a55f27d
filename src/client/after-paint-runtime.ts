/**
 * The runtime's marketplace and sign-in parts while their code (after-paint.ts) is not loaded yet
 * (issue 14): stores that answer what the server rendered with (no lease, no demand result, session
 * not fetched) and hand over to the real stores once they are in, and calls that load the chunk at
 * once and then run. Nothing here imports the marketplace or tracking code itself.
 */
import { AUTH_NOT_READY, type Runtime } from '../ui/runtime.tsx';
import type { AfterPaint } from './after-paint.ts';
import { createDeferredStore } from './deferred-store.ts';

/** The parts of the runtime that come from the after-paint chunk, and the hand-over to it. */
export interface AfterPaintRuntime {
  runtime: Pick<Runtime, 'demandCheck' | 'demand' | 'phone' | 'ads' | 'auth'>;
  /** Hands the stores over to the started parts. */
  attach(parts: AfterPaint): void;
}

/**
 * The stand-ins over `start`, which loads and starts the chunk (once; the runtime's). Every call
 * resolves, never rejects, as the real ones do: a chunk that cannot load leaves the default
 * number, no demand result and no ads, the way a failed marketplace call does.
 */
export function createAfterPaintRuntime(start: () => Promise<AfterPaint>): AfterPaintRuntime {
  const demand = createDeferredStore<ReturnType<Runtime['demand']['getSnapshot']>>(undefined);
  const phone = createDeferredStore<ReturnType<Runtime['phone']['getSnapshot']>>(null);
  const auth = createDeferredStore(AUTH_NOT_READY);
  const started = () => start().catch(() => undefined);
  return {
    runtime: {
      demandCheck: async () => (await started())?.marketplace.demandCheck.run(),
      demand,
      phone: { subscribe: phone.subscribe, getSnapshot: phone.getSnapshot, lease: async () => (await started())?.marketplace.phone.lease() },
      ads: { fetchAds: async () => (await started())?.marketplace.ads.fetchAds() },
      auth: { subscribe: auth.subscribe, getSnapshot: auth.getSnapshot, signOut: async () => (await started())?.tracking.auth.signOut() ?? false },
    },
    attach({ tracking, marketplace }) {
      demand.attach(marketplace.demandCheck);
      phone.attach(marketplace.phone);
      auth.attach(tracking.auth);
    },
  };
}
