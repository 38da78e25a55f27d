/**
 * A store for useSyncExternalStore that stands in for one created later, in a chunk loaded after
 * first paint: until then it answers `initial` (what the server rendered with, so
 * hydration matches), and once the real store is attached it answers the real one's snapshot and
 * tells its listeners once, so every subscriber re-renders with the real value.
 */
export interface DeferredStore<T> {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => T;
  /** Hands over to `real`; later calls are ignored (the first store attached stays). */
  attach(real: { subscribe: (listener: () => void) => () => void; getSnapshot: () => T }): void;
}

/** A {@link DeferredStore} answering `initial` until a real store is attached. */
export function createDeferredStore<T>(initial: T): DeferredStore<T> {
  const listeners = new Set<() => void>();
  let real: { getSnapshot(): T } | undefined;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => (real ? real.getSnapshot() : initial),
    attach(store) {
      if (real) return;
      real = store;
      store.subscribe(notify);
      notify();
    },
  };
}
