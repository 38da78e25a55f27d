/**
 * The visitor's form values in the browser (spec §3 "Form values"): per form name plus the shared
 * bucket, kept in localStorage so answers survive reloads and carry across funnels and tabs.
 * Stored answers expire 30 days after they were first stored, and once a lead is sent the
 * personal ones (names, email, phone, address, date of birth) leave storage ({@link
 * BrowserFormValuesStore.storeOnly}): the page keeps them in memory only, for its end screen.
 */
import { EMPTY_FORM_BUCKETS, mergeFormValues, readFormBuckets, type FormBuckets, type FormValuesStore } from '../core/funnels/form-buckets.ts';
import { browserStorage, readTimedObject, writeTimedObject, type KeyValueStorage } from './visitor/stored-json.ts';

/** The localStorage key holding the buckets as JSON, with the time they were first stored (`storedAt`). */
export const FORM_VALUES_STORAGE_KEY = 'cobrand:form-values';

/** The storage the store needs; `window.localStorage` in the browser. */
export type FormValuesStorage = KeyValueStorage;

/** The browser's form store: the pages' store, plus the step that follows a sent lead. */
export interface BrowserFormValuesStore extends FormValuesStore {
  /**
   * From now on this page stores only `keep(snapshot)`, starting at once; the snapshot (memory)
   * stays whole. After a lead, `keep` leaves the personal fields out (visitor/forget-personal.ts),
   * so storage loses them while the end screen still reads them.
   */
  storeOnly(keep: (buckets: FormBuckets) => FormBuckets): void;
}

/**
 * A form-values store over `storage`. Writes go through to storage at once; a write that fails
 * (private mode, quota) keeps the values in memory for this page. With `events` (the window),
 * changes another tab makes are picked up through the `storage` event. `now` (epoch ms) ages
 * the stored entry.
 *
 * @example
 * const forms = createFormValuesStore(window.localStorage, window);
 * forms.merge('medicare', { zipcode: '33101', firstName: 'Ana' });
 * forms.storeOnly(withoutPersonalAnswers); // the lead was sent: storage keeps the ZIP, memory keeps both
 */
export function createFormValuesStore(storage: FormValuesStorage | undefined, events?: Pick<Window, 'addEventListener'>, now: () => number = Date.now): BrowserFormValuesStore {
  let snapshot: FormBuckets = EMPTY_FORM_BUCKETS;
  /** When the stored entry was first written; undefined while nothing (or only an expired entry) is stored. */
  let storedAt: number | undefined;
  let keep = (buckets: FormBuckets) => buckets;
  const load = () => {
    // Unreadable, blocked or expired storage is an empty store, never a broken page.
    const entry = readTimedObject(storage, FORM_VALUES_STORAGE_KEY, now());
    snapshot = entry ? readFormBuckets(entry) : EMPTY_FORM_BUCKETS;
    storedAt = entry?.storedAt;
  };
  const save = () => {
    storedAt ??= now();
    // Storage full or blocked: the answers still hold for this page view.
    writeTimedObject(storage, FORM_VALUES_STORAGE_KEY, keep(snapshot), storedAt);
  };
  load();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  events?.addEventListener('storage', (event) => {
    if (event.key !== FORM_VALUES_STORAGE_KEY) return;
    load();
    notify();
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    merge(formName, values) {
      snapshot = mergeFormValues(snapshot, formName, values);
      save();
      notify();
      return snapshot;
    },
    storeOnly(filter) {
      keep = filter;
      save();
    },
  };
}

/** The page's store over localStorage, which some browsers refuse to even expose (the getter throws). */
export function browserFormValuesStore(): BrowserFormValuesStore {
  return createFormValuesStore(browserStorage('localStorage'), window);
}
