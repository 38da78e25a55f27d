import { createContext, useContext } from 'react';
import type { DemandCheckExecutor } from '../core/funnels/actions.ts';
import { EMPTY_FORM_BUCKETS, type FormValuesStore } from '../core/funnels/form-buckets.ts';

/** Options of a navigation requested by a page (spec §2: keep the query string, replace history). */
export interface RuntimeNavigateOptions {
  replace?: boolean;
  keepQuery?: boolean;
  allowExternal?: boolean;
}

/**
 * What pages may ask of the browser runtime. The UI only sees this interface: src/client
 * provides the real one, the server renders with {@link SERVER_RUNTIME}.
 */
export interface Runtime {
  navigate(href: string, options?: RuntimeNavigateOptions): Promise<void>;
  /** Records a tracking event (the tracking layer fills in the context). */
  track(event: string, props?: Record<string, unknown>): void;
  /** The visitor's form values: per form and shared (spec §3 "Form values"). */
  forms: FormValuesStore;
  /** Runs the marketplace demand check (spec §4); steps' on-enter actions receive it. */
  demandCheck: DemandCheckExecutor;
}

/** The form store while rendering on the server: no visitor storage, nothing to merge into. */
const SERVER_FORMS: FormValuesStore = {
  subscribe: () => () => undefined,
  getSnapshot: () => EMPTY_FORM_BUCKETS,
  merge: () => EMPTY_FORM_BUCKETS,
};

/** The runtime during server rendering: nothing can navigate or track yet. */
export const SERVER_RUNTIME: Runtime = {
  navigate: async () => undefined,
  track: () => undefined,
  forms: SERVER_FORMS,
  demandCheck: async () => undefined,
};

const RuntimeContext = createContext<Runtime>(SERVER_RUNTIME);

/** Provides the runtime to the page tree. */
export const RuntimeProvider = RuntimeContext.Provider;

/** The current runtime. */
export function useRuntime(): Runtime {
  return useContext(RuntimeContext);
}
