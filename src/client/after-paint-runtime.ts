/**
 * The runtime's marketplace, sign-in, IP-lookup and step-record parts while their code (after-paint.ts, kept out of the first
 * load) is not loaded yet: stores that answer what the server rendered with (no demand result, session not
 * fetched) and hand over to the real stores once they are in, and calls that load the chunk at
 * once and then run. The leased phone is read from the start (the store is small and the number
 * shown should not wait); only leasing a new one waits for the chunk. Nothing here imports the
 * marketplace or tracking code itself.
 */
import { AUTH_NOT_READY, type Runtime } from '../ui/runtime.tsx';
import { SERVER_VISITOR_ZONE } from '../ui/visitor-zone.ts';
import type { AfterPaint } from './after-paint.ts';
import { createDeferredStore } from './deferred-store.ts';
import type { LeasedPhoneStore } from './marketplace/leased-phone-store.ts';

/** The parts of the runtime that come from the after-paint chunk, and the hand-over to it. */
export interface AfterPaintRuntime {
  runtime: Pick<Runtime, 'demandCheck' | 'demand' | 'phone' | 'ads' | 'auth' | 'steps' | 'ipLookup' | 'visitorZone'>;
  /** Hands the stores over to the started parts. */
  attach(parts: AfterPaint): void;
}

/**
 * The stand-ins over `start`, which loads and starts the chunk (once; the runtime's), with the
 * live-lease store `phoneStore` the chunk's lease call writes into. Every call
 * resolves, never rejects, as the real ones do: a chunk that cannot load leaves the default
 * number, no demand result and no ads, the way a failed marketplace call does.
 */
export function createAfterPaintRuntime(start: () => Promise<AfterPaint>, phoneStore: Pick<LeasedPhoneStore, 'subscribe' | 'getSnapshot'>): AfterPaintRuntime {
  const demand = createDeferredStore<ReturnType<Runtime['demand']['getSnapshot']>>(undefined);
  const auth = createDeferredStore(AUTH_NOT_READY);
  const ipLookup = createDeferredStore<ReturnType<Runtime['ipLookup']['getSnapshot']>>(null);
  const visitorZone = createDeferredStore(SERVER_VISITOR_ZONE.getSnapshot());
  const started = () => start().catch(() => undefined);
  return {
    runtime: {
      demandCheck: async () => (await started())?.marketplace.demandCheck.run(),
      demand,
      phone: { subscribe: phoneStore.subscribe, getSnapshot: phoneStore.getSnapshot, lease: async () => (await started())?.marketplace.phone.lease() },
      ads: { fetchAds: async () => (await started())?.marketplace.ads.fetchAds() },
      auth: { subscribe: auth.subscribe, getSnapshot: auth.getSnapshot, signOut: async () => (await started())?.tracking.auth.signOut() ?? false },
      // A chunk that cannot load records nothing, and the visitor goes on as after a network failure.
      steps: { record: async (...step) => (await started())?.steps.record(...step) },
      ipLookup,
      visitorZone: { subscribe: visitorZone.subscribe, getSnapshot: visitorZone.getSnapshot },
    },
    attach({ tracking, marketplace, visitorZone: zone }) {
      demand.attach(marketplace.demandCheck);
      auth.attach(tracking.auth);
      ipLookup.attach({ subscribe: (listener) => tracking.ipLookup.subscribe(listener), getSnapshot: () => tracking.ipLookup.current() });
      visitorZone.attach(zone);
    },
  };
}
