/**
 * The step engine (spec §2 "Multi-step form", §4 "Step entry", "Step submit"). Pure: storage,
 * tracking, actions and navigation are injected, so the browser, tests and (later) other
 * front ends run the same order of operations.
 */
import type { StepState } from '../payload/types.ts';
import { EVENT_NAMES, type FormStepSubmittedProps, type PageViewProps } from '../tracking/event-props.ts';
import { redactPersonalFields } from '../leads/personal.ts';
import { CAPTURE_LEAD_ACTION, namedAction, type DemandCheckExecutor, type FunnelActions, type LeadCaptureExecutor } from './actions.ts';
import { emptiedValues } from './field-input.ts';
import type { FormBuckets, FormValues } from './form-buckets.ts';
import type { FunnelDefinition, FunnelStep, StepCondition } from './types.ts';

/** Records a tracking event; the tracking layer adds the context (spec §3 "Tracking event context"). */
export type TrackEvent = (event: string, props: Record<string, unknown>) => void;

/** How moving to a step treats the address (spec §2: keep the query string or replace the history entry). */
export interface StepNavigation {
  keepQuery?: boolean;
  replace?: boolean;
}

/** Moving to a step keeps the ad-click query string by default, so attribution survives the funnel. */
export const DEFAULT_STEP_NAVIGATION: StepNavigation = { keepQuery: true };

/** What submitting a step needs from its surroundings. */
export interface StepSubmitDeps {
  /** Merges values into the form's bucket and the shared bucket; returns the new buckets. */
  merge(formName: string, values: FormValues): FormBuckets;
  track: TrackEvent;
  /**
   * Records the submitted step and its answers on the server, which takes a lead only from a visit
   * that walked its funnel. Resolves, never rejects, with the name of the first earlier question
   * the server says was never submitted; else undefined (recorded, or put off by the network: the
   * browser sends it again before the next step).
   */
  recordStep(step: FunnelStep, values: FormValues): Promise<string | undefined>;
  actions: FunnelActions;
  /** Stores the lead (the last question step's on-submit action). */
  captureLead: LeadCaptureExecutor;
  /** Shows `step` (the browser navigates to its URL). */
  goToStep(step: FunnelStep, navigation: StepNavigation): void | Promise<void>;
}

/** What entering a step needs. */
export interface StepEnterDeps {
  track: TrackEvent;
  actions: FunnelActions;
  demandCheck: DemandCheckExecutor;
}

/** Where a submit left the visitor. */
export type StepSubmitOutcome =
  | { kind: 'stayed' }
  | { kind: 'moved'; step: FunnelStep }
  /** The step was the last one shown: nothing follows, the visitor stays. */
  | { kind: 'last' };

/** A form's current values: each field from its own bucket, else the shared one. */
export function formValuesOf(buckets: FormBuckets, formName: string): FormValues {
  return { ...buckets.shared, ...buckets.forms[formName] };
}

/** True when `values` satisfy a step's condition (no condition: always). */
export function conditionHolds(condition: StepCondition | undefined, values: FormValues): boolean {
  if (!condition) return true;
  const value = values[condition.field];
  return condition.equals === undefined ? value !== undefined : value === condition.equals;
}

/** The index of the step after `index` that `values` let through, or undefined after the last. */
export function nextStepIndex(funnel: FunnelDefinition, index: number, values: FormValues): number | undefined {
  for (let next = index + 1; next < funnel.steps.length; next++) {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the loop keeps next below funnel.steps.length
    if (conditionHolds(funnel.steps[next]!.onlyIf, values)) return next;
  }
  return undefined;
}

/**
 * Submits step `index` with `values` (spec §4), in order: (1) merge the values into the form's
 * bucket and the shared bucket; (2) record the step-submitted event (personal values redacted:
 * they belong in the lead only); (3) record the step on the server, and go back to the first
 * earlier question it says was never submitted; (4) run the on-submit action; (5) stay if it
 * returned false, otherwise move to the next step if one exists.
 */
export async function submitStep(
  funnel: FunnelDefinition,
  index: number,
  values: FormValues,
  deps: StepSubmitDeps,
  navigation: StepNavigation = DEFAULT_STEP_NAVIGATION,
): Promise<StepSubmitOutcome> {
  const step = funnel.steps[index];
  if (!step) throw new Error(`funnel ${funnel.id} has no step ${index + 1}`);
  const buckets = deps.merge(funnel.id, values);
  const submitted: FormStepSubmittedProps = { formVersion: funnel.version, stepName: step.name, stepNumber: index + 1, data: redactPersonalFields(values) };
  deps.track(EVENT_NAMES.formStepSubmitted, { ...submitted });
  const formValues = formValuesOf(buckets, funnel.id);
  // The server takes a lead only from a visit whose steps it recorded. The step that captures the
  // lead waits for its record (the recorder sends any step still queued first, in order); every
  // other step moves on at once, so a visitor never waits on a round trip or on the chunk that
  // sends it, and a step the server never saw is named when the lead's own step is recorded.
  const recorded = deps.recordStep(step, values);
  const missing = step.onSubmit === CAPTURE_LEAD_ACTION ? await recorded : undefined;
  const back = missing && funnel.steps.find((candidate) => candidate.name === missing);
  if (back) {
    // An earlier question never reached the server (another tab, a link straight to a later step):
    // the visitor answers it again, pre-filled, as a no-JavaScript visitor is sent back to it.
    await deps.goToStep(back, navigation);
    return { kind: 'moved', step: back };
  }
  if (step.onSubmit) {
    const action = namedAction(deps.actions.submit, step.onSubmit, 'on-submit');
    if ((await action({ funnel, step, values, formValues, captureLead: deps.captureLead })) === false) return { kind: 'stayed' };
  }
  const next = nextStepIndex(funnel, index, formValues);
  if (next === undefined) return { kind: 'last' };
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- nextStepIndex answers the index of a step of this funnel
  const nextStep = funnel.steps[next]!;
  await deps.goToStep(nextStep, navigation);
  return { kind: 'moved', step: nextStep };
}

/** The skip action (spec §2): submits step `index` with every value emptied (`undefined`, see emptiedValues). */
export function skipStep(funnel: FunnelDefinition, index: number, deps: StepSubmitDeps, navigation?: StepNavigation): Promise<StepSubmitOutcome> {
  const step = funnel.steps[index];
  if (!step) throw new Error(`funnel ${funnel.id} has no step ${index + 1}`);
  return submitStep(funnel, index, emptiedValues(step), deps, navigation);
}

/**
 * Enters a step (spec §4 "Step entry"): starts its on-enter action with the demand-check
 * executor, records the page view with step name, number and fallback flag, then waits for the
 * action. The page view is not held up by a slow action; an action's failure rejects afterwards.
 */
export async function enterStep(funnel: FunnelDefinition, state: StepState, deps: StepEnterDeps): Promise<void> {
  const step = funnel.steps[state.number - 1];
  if (!step) throw new Error(`funnel ${funnel.id} has no step ${state.number}`);
  const onEnter = step.onEnter;
  // Started here, awaited after the page view; run inside an async function, an action that throws at once rejects like one that fails later.
  const entering = onEnter ? (async () => namedAction(deps.actions.enter, onEnter, 'on-enter')({ funnel, step, demandCheck: deps.demandCheck }))() : Promise.resolve();
  const view: PageViewProps = { stepName: step.name, stepNumber: state.number, stepIsFallback: state.isFallback };
  deps.track(EVENT_NAMES.pageView, { ...view });
  await entering;
}
