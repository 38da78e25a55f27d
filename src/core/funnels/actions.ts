/**
 * Named step actions (spec §2, §4). Funnel definitions travel as JSON in the page payload, so a
 * step names its on-enter / on-submit action and the engine looks the name up here.
 */
import type { FormValues } from './form-buckets.ts';
import type { FunnelDefinition, FunnelStep, StepKind } from './types.ts';

/**
 * Runs the marketplace demand check (spec §4 "Demand check"). Injected: the browser's
 * (src/client/marketplace/demand-check.ts), a no-op while rendering on the server; it swallows
 * its own failures (spec §8).
 */
export type DemandCheckExecutor = () => Promise<void>;

/**
 * Stores the visitor's lead: the browser's sends it to `POST /api/leads`
 * (src/client/leads), resolving once the server answered or the retries ran out; it never
 * rejects, and the end screen reads the outcome from the runtime.
 */
export type LeadCaptureExecutor = (formValues: FormValues) => Promise<void>;

/** What an on-enter action receives (spec §4 "Step entry": the demand-check executor). */
export interface StepEnterContext {
  funnel: FunnelDefinition;
  step: FunnelStep;
  demandCheck: DemandCheckExecutor;
}

/** What an on-submit action receives: the step's submitted values and the form's merged values. */
export interface StepSubmitContext {
  funnel: FunnelDefinition;
  step: FunnelStep;
  values: FormValues;
  formValues: FormValues;
  captureLead: LeadCaptureExecutor;
}

/** An on-enter action. */
export type StepEnterAction = (context: StepEnterContext) => void | Promise<void>;

/** An on-submit action; `false` keeps the visitor on the step (spec §4 step submit, 4). */
export type StepSubmitAction = (context: StepSubmitContext) => boolean | void | Promise<boolean | void>;

/** The actions steps may name, by name. */
export interface FunnelActions {
  enter: Readonly<Record<string, StepEnterAction>>;
  submit: Readonly<Record<string, StepSubmitAction>>;
}

/** The on-submit action of every funnel's last question step (funnels.ts sets it). */
export const CAPTURE_LEAD_ACTION = 'captureLead';

/**
 * The actions of the funnels in funnels.ts. The end screens check lead demand on entry; the last
 * question step captures the lead on submit, and the visitor moves on once it is stored or
 * storing failed (the end screen says which). The phone lease is not an action: the end screens in
 * {@link PHONE_LEASE_STEP_KINDS} lease the number they show when they are shown.
 */
export const FUNNEL_ACTIONS: FunnelActions = {
  enter: {
    checkDemand: ({ demandCheck }) => demandCheck(),
  },
  submit: {
    [CAPTURE_LEAD_ACTION]: async ({ captureLead, formValues }) => {
      await captureLead(formValues);
    },
  },
};

/**
 * The end screens that lease a marketplace phone number when shown (spec §4 "Phone lease: the
 * funnel's call step"): the Medicare call screen and the auto result screen, which is the auto
 * funnels' call step. The ads screen shows the marketplace's ads instead and leases nothing.
 */
export const PHONE_LEASE_STEP_KINDS: ReadonlySet<StepKind> = new Set<StepKind>(['call', 'result']);

/** The action named `name`; throws for an unknown name so a bad definition fails loudly. */
export function namedAction<A>(registry: Readonly<Record<string, A>>, name: string, kind: 'on-enter' | 'on-submit' | 'page on-enter'): A {
  if (!Object.hasOwn(registry, name)) throw new Error(`unknown ${kind} action '${name}'`);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- Object.hasOwn just found the name in the registry
  return registry[name]!;
}
