/**
 * Tracked event names and the props each event carries besides the shared context
 * (spec §3 "Event-specific props", §4, §7 "Other traffic").
 */

/** Page view (spec §4 step entry); step fields are set on funnel pages only. */
export interface PageViewProps {
  stepName?: string;
  stepNumber?: number;
  /** True when the route's step matched no step name and the first step was shown instead. */
  stepIsFallback?: boolean;
}

/** A funnel step was submitted (spec §4 step submit, step 2). */
export interface FormStepSubmittedProps {
  formVersion: string;
  stepName: string;
  stepNumber: number;
  /** The submitted values of the step. */
  data: Record<string, unknown>;
}

/** Target a link reports when it has no `target` attribute (spec §7: "target defaulting to self"). */
export const DEFAULT_LINK_TARGET = '_self';

/** A click on a link (spec §7 elementClicked). */
export interface LinkClickedProps {
  tagName: 'A';
  innerText: string;
  href: string;
  /** The link's target, {@link DEFAULT_LINK_TARGET} when it has none. */
  target: string;
  /** The content block id from the nearest data attribute naming a block; null outside blocks. */
  closestBlockId: string | null;
}

/** A click on a button (spec §7 elementClicked). */
export interface ButtonClickedProps {
  tagName: 'BUTTON';
  innerText: string;
  type: string;
  closestBlockId: string | null;
}

/** elementClicked props, told apart by `tagName`. */
export type ElementClickedProps = LinkClickedProps | ButtonClickedProps;

/** A click-to-call (spec §3 call events). */
export interface CallProps {
  didNumber: string;
  ctcLocation: string;
  callDurationMs?: number;
}

/** A learn-more button click (spec §3). */
export interface LearnMoreClickedProps {
  source: string;
  destination: string;
  button: string;
}

/** Ad-list events from an ad provider (spec §3 ad events). */
export interface AdEventProps {
  provider: string;
  adCount?: number;
  ads?: readonly Record<string, unknown>[];
  ad?: Record<string, unknown>;
}

/** An ad click in the Medicare-advantage case: the clicked element's data attributes (spec §3). */
export interface MedicareAdvantageAdClickProps {
  dataset: Record<string, string>;
}

/** adClicked props: a provider ad, or the Medicare-advantage dataset. */
export type AdClickedProps = AdEventProps | MedicareAdvantageAdClickProps;

/** The demand check's outcome (spec §4: low bid means a bid below 10). */
export interface LowBidResultProps {
  isLowBid: boolean;
  /** The raw marketplace response, passed on as received. */
  maResponse: unknown;
}

/** The visitor entered an experiment (spec §3). */
export interface ExperimentEnteredProps {
  name: string;
  variant: string;
}

/** A stored anonymous id was linked to the current one, sent once (spec §4). */
export interface AnonLinkProps {
  oldUserId: string;
}

/** Event-specific props by event name: the one place that pairs a tracked event with its props. */
export interface EventProps {
  pageView: PageViewProps;
  formStepSubmitted: FormStepSubmittedProps;
  elementClicked: ElementClickedProps;
  call: CallProps;
  learnMoreClicked: LearnMoreClickedProps;
  adClicked: AdClickedProps;
  adImpression: AdEventProps;
  lowBidResult: LowBidResultProps;
  experimentEntered: ExperimentEnteredProps;
  anonLink: AnonLinkProps;
}

/** A tracked event name. */
export type EventName = keyof EventProps;

/** Every tracked event name, e.g. `EVENT_NAMES.pageView === 'pageView'`; typed so none is missing or misspelt. */
export const EVENT_NAMES: { readonly [E in EventName]: E } = {
  pageView: 'pageView',
  formStepSubmitted: 'formStepSubmitted',
  elementClicked: 'elementClicked',
  call: 'call',
  learnMoreClicked: 'learnMoreClicked',
  adClicked: 'adClicked',
  adImpression: 'adImpression',
  lowBidResult: 'lowBidResult',
  experimentEntered: 'experimentEntered',
  anonLink: 'anonLink',
};
