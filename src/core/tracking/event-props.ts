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
  /**
   * The composed page-view name the browser's tracker adds, e.g. 'quiz-otc - funnel - zip'
   * (pageViewName); the pages never set it themselves.
   */
  pageName?: string;
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

/**
 * The attribute that marks a learn-more control: a link that takes the visitor on to read about
 * an offer (a call to action's link to its funnel, the home page's offer links, a named carrier's
 * review). A click on one is also a learnMoreClicked event.
 */
export const LEARN_MORE_ATTRIBUTE = 'data-learn-more';

/** A click on a learn-more control (spec §3), one marked with {@link LEARN_MORE_ATTRIBUTE}. */
export interface LearnMoreClickedProps {
  /**
   * Where on the page the control is: the id of the content block holding it (its nearest
   * `data-block-id`, e.g. 'hero-cta', 'closing-cta-button', 'offers', 'trust'); 'page' outside
   * every block. Which page it is on is the event context's `page`.
   */
  source: string;
  /** Where it leads: the link's absolute address, e.g. 'https://ac.example/quiz/otc'. */
  destination: string;
  /** What it says: the link's visible text, trimmed, e.g. 'Check my OTC benefits'. */
  button: string;
}

/** Ad-list events from an ad provider (spec §3 ad events). */
export interface AdEventProps {
  provider: string;
  adCount?: number;
  ads?: readonly Record<string, unknown>[];
  ad?: Record<string, unknown>;
}

/** An ad click in the Medicare-advantage case (spec §3): the ads a Medicare page shows. */
export interface MedicareAdvantageAdClickProps {
  /**
   * The clicked ad element's data attributes, as the DOM's `dataset` names them (camel case,
   * without `data-`), e.g. `{ adId: 'ma-1', carrier: 'Humana', position: '1' }`.
   */
  dataset: Record<string, string>;
}

/** adClicked props: the provider's ad, with its element's dataset in the Medicare-advantage case; or the dataset alone. */
export type AdClickedProps = (AdEventProps & Partial<MedicareAdvantageAdClickProps>) | MedicareAdvantageAdClickProps;

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

/** True when `name` is a tracked event name the contract knows. */
export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(EVENT_NAMES, name);
}
