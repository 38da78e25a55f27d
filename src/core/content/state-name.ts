/**
 * The brand's state of incorporation by name in legal copy ("the laws of the State of Arizona"),
 * filled in by the payload loader on the server: the browser then never loads the list of state
 * names, which only the terms of service need.
 */
import type { PageConfig } from '../pages/types.ts';
import { US_STATE_NAMES } from './us-states.ts';

/** The token legal copy writes where the state's name goes. */
export const STATE_NAME_TOKEN = '{stateName}';

/**
 * `page` with every {@link STATE_NAME_TOKEN} in its body and sections replaced by the name of
 * `state` (its postal code: 'AZ' -> 'Arizona'; an unknown code stays as it is). The same page when
 * it names no state.
 *
 * @example
 * withStateName({ template: 'legal', sections: [{ id: 'law', heading: 'Law', paragraphs: ['The State of {stateName}.'] }] }, 'AZ')
 * // sections[0].paragraphs: ['The State of Arizona.']
 */
export function withStateName(page: PageConfig, state: string): PageConfig {
  const name = US_STATE_NAMES[state] ?? state;
  const fill = (text: string) => text.replaceAll(STATE_NAME_TOKEN, name);
  if (!JSON.stringify([page.body, page.sections]).includes(STATE_NAME_TOKEN)) return page;
  return {
    ...page,
    ...(page.body ? { body: page.body.map(fill) } : {}),
    ...(page.sections
      ? { sections: page.sections.map((section) => ({ ...section, heading: fill(section.heading), paragraphs: section.paragraphs.map(fill), ...(section.items ? { items: section.items.map(fill) } : {}) })) }
      : {}),
  };
}
