/**
 * Props of the engagement events whose features land later (spec §3 "Event-specific props"):
 * learn-more clicks, ad clicks and experiment entries. Each helper reads what the event needs
 * from the element or the ad, so the features only call the tracker with the result.
 */
import type { AdEventProps, ExperimentEnteredProps, LearnMoreClickedProps, MedicareAdvantageAdClickProps } from '../../core/tracking/event-props.ts';
import { readStoredJson, writeStoredJson, type KeyValueStorage } from '../visitor/stored-json.ts';

/** sessionStorage key of the experiments entered this session, as 'name=variant' strings. */
export const EXPERIMENTS_ENTERED_STORAGE_KEY = 'cobrand:experiments-entered';

/**
 * A learn-more click: `source` says where the button sits (a block or offer id), the destination
 * is the link's address (empty for a button) and `button` its text.
 */
export function learnMoreClickedProps(element: Element, source: string): LearnMoreClickedProps {
  const destination = element.tagName === 'A' ? (element as HTMLAnchorElement).href : '';
  const button = ((element as HTMLElement).innerText ?? element.textContent ?? '').trim();
  return { source, destination, button };
}

/** A click on one of a provider's ads. */
export function providerAdClickedProps(provider: string, ad: Record<string, unknown>): AdEventProps {
  return { provider, ad };
}

/** A click on a Medicare-advantage ad: the clicked element's data attributes (spec §3 "dataset"). */
export function medicareAdvantageAdClickProps(element: HTMLElement): MedicareAdvantageAdClickProps {
  const dataset: Record<string, string> = {};
  for (const [key, value] of Object.entries(element.dataset)) if (value !== undefined) dataset[key] = value;
  return { dataset };
}

/**
 * Records an experiment entry once per session and variant: a visitor who sees the experiment on
 * every page is one entry, not one per page view. Returns whether it recorded one now.
 */
export function enterExperiment(storage: KeyValueStorage | undefined, props: ExperimentEnteredProps, track: (props: ExperimentEnteredProps) => void): boolean {
  const key = `${props.name}=${props.variant}`;
  const raw = readStoredJson(storage, EXPERIMENTS_ENTERED_STORAGE_KEY);
  const entered = Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : [];
  if (entered.includes(key)) return false;
  writeStoredJson(storage, EXPERIMENTS_ENTERED_STORAGE_KEY, [...entered, key]);
  track(props);
  return true;
}
