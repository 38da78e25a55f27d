/**
 * The visitor's form values in the browser (spec §3 "Form values"): per form name plus the shared
 * bucket, kept in localStorage so answers survive reloads and carry across funnels and tabs.
 */
import { EMPTY_FORM_BUCKETS, mergeFormValues, readFormBuckets, type FormBuckets, type FormValuesStore } from '../core/funnels/form-buckets.ts';

/** The localStorage key holding the buckets as JSON. */
export const FORM_VALUES_STORAGE_KEY = 'cobrand:form-values';

/** The storage the store needs; `window.localStorage` in the browser. */
export type FormValuesStorage = Pick<Storage, 'getItem' | 'setItem'>;

function load(storage: FormValuesStorage | undefined): FormBuckets {
  try {
    const text = storage?.getItem(FORM_VALUES_STORAGE_KEY);
    return text ? readFormBuckets(JSON.parse(text)) : EMPTY_FORM_BUCKETS;
  } catch {
    // Unreadable or blocked storage is an empty store, never a broken page.
    return EMPTY_FORM_BUCKETS;
  }
}

/**
 * A form-values store over `storage`. Writes go through to storage at once; a write that fails
 * (private mode, quota) keeps the values in memory for this page. With `events` (the window),
 * changes another tab makes are picked up through the `storage` event.
 */
export function createFormValuesStore(storage: FormValuesStorage | undefined, events?: Pick<Window, 'addEventListener'>): FormValuesStore {
  let snapshot = load(storage);
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  events?.addEventListener('storage', (event) => {
    if (event.key !== FORM_VALUES_STORAGE_KEY) return;
    snapshot = load(storage);
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
      try {
        storage?.setItem(FORM_VALUES_STORAGE_KEY, JSON.stringify(snapshot));
      } catch {
        // Storage full or blocked: the answers still hold for this page view.
      }
      notify();
      return snapshot;
    },
  };
}

/** The page's store over localStorage, which some browsers refuse to even expose (the getter throws). */
export function browserFormValuesStore(): FormValuesStore {
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined;
  }
  return createFormValuesStore(storage, window);
}
