import { createContext, useContext } from 'react';
import type { DemandCheckExecutor } from '../core/funnels/actions.ts';
import { EMPTY_FORM_BUCKETS, type FormValues, type FormValuesStore } from '../core/funnels/form-buckets.ts';
import type { IpLookupContext } from '../core/tracking/context.ts';
import { SERVER_ADS, type AdsRuntime } from './ads/ads-runtime.ts';
import { SERVER_COLOR_MODE, type ColorModeRuntime } from './chrome/color-mode-runtime.ts';
import { SERVER_DEMAND, type DemandRuntime } from './funnel/demand-runtime.ts';
import { SERVER_PHONE, type PhoneRuntime } from './phone/phone-runtime.ts';
import { SERVER_VISITOR_ZONE, type VisitorZoneRuntime } from './visitor-zone.ts';

/** Options of a navigation requested by a page (spec §2: keep the query string, replace history). */
export interface RuntimeNavigateOptions {
  replace?: boolean;
  keepQuery?: boolean;
  allowExternal?: boolean;
}

/** The signed-in user: all the session holds and all that is shown (spec §1). */
export interface AuthUser {
  email: string;
  name: string;
}

/** The sign-in state (spec §3 "Auth state", §4 "Auth"). */
export interface AuthState {
  /** True once the first session fetch has answered (or failed). */
  ready: boolean;
  /** True when the session holds a user. */
  loggedIn: boolean;
  user: AuthUser | null;
}

/** The sign-in session as pages use it; a store for useSyncExternalStore. */
export interface AuthSession {
  getSnapshot: () => AuthState;
  subscribe: (listener: () => void) => () => void;
  /** Signs out (spec §7 DELETE /api/_auth/session); the state is empty afterwards. Resolves to whether the server confirmed. */
  signOut(): Promise<boolean>;
}

/**
 * Where the visitor's lead stands: nothing sent yet on this page, being stored,
 * stored (with the server's status, e.g. `captured` or `call-routed`), or storing failed. End
 * screens say only what this says happened.
 */
export type LeadCaptureState =
  | { status: 'none' }
  | { status: 'pending'; funnel: string }
  | { status: 'stored'; funnel: string; leadId: string; leadStatus: string }
  | { status: 'failed'; funnel: string };

/** What the funnel hands over when its last question step is submitted. */
export interface LeadCaptureInput {
  /** Route name (routes.ts). */
  route: string;
  /** Funnel id. */
  funnel: string;
  /** The funnel's merged form values. */
  fields: Record<string, unknown>;
  /** The disclosure shown above the pressed button, when the funnel collected a phone or email. */
  consent?: { text: string; buttonLabel: string };
}

/** The visitor's lead: a store for useSyncExternalStore, plus the capture call. */
export interface LeadsRuntime {
  getSnapshot: () => LeadCaptureState;
  subscribe: (listener: () => void) => () => void;
  /**
   * Sends the lead to `POST /api/leads` (retrying with the same lead id, so it is stored once) and
   * resolves with the final state; never rejects.
   */
  capture(input: LeadCaptureInput): Promise<LeadCaptureState>;
}

/** The funnel's walked steps on the server (POST /api/funnel/step), which a lead is only taken after. */
export interface StepsRuntime {
  /**
   * Records step `step` of funnel `funnel` on route `route` (routes.ts) with its submitted
   * `answers` (a skipped step's all empty), sending any the network lost before it first.
   * Resolves, never rejects, with the name of the first earlier step the server never got, if it
   * names one (engine.ts StepSubmitDeps.recordStep).
   */
  record(route: string, funnel: string, step: string, answers: FormValues): Promise<string | undefined>;
}

/**
 * What pages may ask of the browser runtime. The UI only sees this interface: src/client
 * provides the real one, the server renders with {@link SERVER_RUNTIME}.
 */
export interface Runtime {
  navigate(href: string, options?: RuntimeNavigateOptions): Promise<void>;
  /** Records a tracking event (the tracking layer fills in the context). */
  track: (event: string, props?: Record<string, unknown>) => void;
  /** The visitor's form values: per form and shared (spec §3 "Form values"). */
  forms: FormValuesStore;
  /** Runs the marketplace demand check (spec §4); steps' on-enter actions receive it. */
  demandCheck: DemandCheckExecutor;
  /** The latest demand-check result; a low bid puts the ads before the call on end screens. */
  demand: DemandRuntime;
  /** The sign-in session (spec §4 "Auth"). */
  auth: AuthSession;
  /** The leased phone number and the lease call (spec §4 "Displayed phone number", "Phone lease"). */
  phone: PhoneRuntime;
  /** The marketplace's ad list (spec §3 "Ad list response"). */
  ads: AdsRuntime;
  /** The visitor's walked funnel steps, recorded on the server. */
  steps: StepsRuntime;
  /** The visitor's lead. */
  leads: LeadsRuntime;
  /** The colour mode and the visitor's choice of it (spec §4 "Colour mode"). */
  colorMode: ColorModeRuntime;
  /** The visitor's IP lookup (spec §3): null until it answered; the ZIP box is filled in from it (funnel/ZipPrefill.tsx). */
  ipLookup: { subscribe: (listener: () => void) => () => void; getSnapshot: () => IpLookupContext | null };
  /** The visitor's time zone (from the IP lookup's state; Eastern until it answers): opening times are said in it. */
  visitorZone: VisitorZoneRuntime;
}

/** The form store while rendering on the server: no visitor storage, nothing to merge into. */
const SERVER_FORMS: FormValuesStore = {
  subscribe: () => () => undefined,
  getSnapshot: () => EMPTY_FORM_BUCKETS,
  merge: () => EMPTY_FORM_BUCKETS,
};

/** The sign-in state before the first session fetch: not ready, signed out (on the server, and in the browser until it answers). */
export const AUTH_NOT_READY: AuthState = Object.freeze({ ready: false, loggedIn: false, user: null });

/** The session while rendering on the server: not fetched yet, so not ready. */
const SERVER_AUTH: AuthSession = {
  getSnapshot: () => AUTH_NOT_READY,
  subscribe: () => () => undefined,
  signOut: async () => false,
};

/** No lead is known while rendering on the server (a no-JavaScript post's outcome travels in the payload). */
const LEAD_NONE: LeadCaptureState = Object.freeze({ status: 'none' });
const SERVER_LEADS: LeadsRuntime = {
  getSnapshot: () => LEAD_NONE,
  subscribe: () => () => undefined,
  capture: async () => LEAD_NONE,
};

/** The runtime during server rendering: nothing can navigate or track yet. */
export const SERVER_RUNTIME: Runtime = {
  navigate: async () => undefined,
  track: () => undefined,
  forms: SERVER_FORMS,
  demandCheck: async () => undefined,
  demand: SERVER_DEMAND,
  auth: SERVER_AUTH,
  phone: SERVER_PHONE,
  ads: SERVER_ADS,
  // Nothing is submitted while rendering on the server.
  steps: { record: async () => undefined },
  leads: SERVER_LEADS,
  colorMode: SERVER_COLOR_MODE,
  // No lookup on the server: a cached page is the same for every visitor.
  ipLookup: { subscribe: () => () => undefined, getSnapshot: () => null },
  visitorZone: SERVER_VISITOR_ZONE,
};

const RuntimeContext = createContext<Runtime>(SERVER_RUNTIME);

/** Provides the runtime to the page tree. */
export const RuntimeProvider = RuntimeContext.Provider;

/** The current runtime. */
export function useRuntime(): Runtime {
  return useContext(RuntimeContext);
}
