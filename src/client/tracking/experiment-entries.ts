/**
 * experimentEntered (spec §3 props name, variant): sent once per visitor per experiment,
 * when a page the server rendered in an experiment's variant is shown (on load or after a client
 * navigation). Sent experiments are remembered in localStorage, so a reload, another page of the
 * same test or another tab sends nothing again. A variant forced by staff (`?exp=`) is never sent:
 * QA visits stay out of the results.
 */
import type { Payload } from '../../core/payload/types.ts';
import type { ExperimentEnteredProps } from '../../core/tracking/event-props.ts';
import { readStoredJson, writeStoredJson, type KeyValueStorage } from '../visitor/stored-json.ts';
import type { PageSource } from './page-views.ts';

/** localStorage key of the experiment keys this visitor's entry was sent for. */
export const ENTERED_EXPERIMENTS_STORAGE_KEY = 'cobrand:experiments-entered';

/** The experiment keys already sent from this browser. */
function sentKeys(storage: KeyValueStorage | undefined): string[] {
  const stored = readStoredJson(storage, ENTERED_EXPERIMENTS_STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
}

/** Sends the entry of every shown page's experiment not sent before; returns the unsubscribe function. */
export function startExperimentEntries(pages: PageSource, storage: KeyValueStorage | undefined, track: (props: ExperimentEnteredProps) => void): () => void {
  // In memory too: with storage blocked a page still sends each entry only once.
  const sent = new Set(sentKeys(storage));
  const enter = (payload: Payload) => {
    if (payload.kind !== 'page' || !payload.experiment || payload.experiment.forced) return;
    const { key, variant } = payload.experiment;
    if (sent.has(key)) return;
    sent.add(key);
    writeStoredJson(storage, ENTERED_EXPERIMENTS_STORAGE_KEY, [...new Set([...sentKeys(storage), key])]);
    track({ name: key, variant });
  };
  let shown = pages.getSnapshot().payload;
  enter(shown);
  return pages.subscribe(() => {
    const { payload } = pages.getSnapshot();
    if (payload === shown) return;
    shown = payload;
    enter(payload);
  });
}
