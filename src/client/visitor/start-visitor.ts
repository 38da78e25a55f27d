/**
 * Starts the visitor's state in the browser, before the navigator reads the address: ids, the
 * landing address's parameters (captured facts taken out of the address), the form values with
 * the captured facts pre-filled, and the user-state sync.
 */
import type { FormBuckets, FormValuesStore } from '../../core/funnels/form-buckets.ts';
import type { SessionParams } from '../../core/url-params.ts';
import { browserFormValuesStore } from '../form-values.ts';
import { prefillCapturedParams } from './captured-prefill.ts';
import { createVisitorIdentity, type VisitorIdentity } from './identity.ts';
import { captureLandingParams } from './landing-params.ts';
import { keepVisitorIdCookie, visitorIdCookieName, visitorIdFromCookie } from './visitor-cookie.ts';
import { browserStorage, type KeyValueStorage } from './stored-json.ts';
import type { UserState } from './user-state.ts';
import { createUserSync, openUserSyncChannel, type UserSync } from './user-sync.ts';

/** The visitor, as the rest of the runtime uses it. */
export interface Visitor {
  identity: VisitorIdentity;
  /** The session's click ids, campaign and tracked URL parameters. */
  sessionParams: SessionParams;
  /** The form values pages use; a merge also updates the user state. */
  forms: FormValuesStore;
  userSync: UserSync;
  localStorage: KeyValueStorage | undefined;
  sessionStorage: KeyValueStorage | undefined;
  /**
   * From now on this page stores only what the filters keep of the form values and the user
   * state, starting at once; the form values in memory stay whole. After a lead the filters
   * leave personal data out (forget-personal.ts), and the end screen still reads it from memory.
   */
  storeOnly(keep: VisitorStorageFilters): void;
}

/** What {@link Visitor.storeOnly} keeps of the form buckets and of the user state. */
export interface VisitorStorageFilters {
  forms: (buckets: FormBuckets) => FormBuckets;
  state: (state: UserState) => UserState;
}

/** The form store with every merge (a local answer) also put into the user state, which pushes it. */
function formsFeedingUserState(forms: FormValuesStore, userSync: UserSync): FormValuesStore {
  return {
    subscribe: forms.subscribe,
    getSnapshot: forms.getSnapshot,
    merge(formName, values) {
      const buckets = forms.merge(formName, values);
      userSync.update({ formValues: buckets.shared });
      return buckets;
    },
  };
}

/**
 * Starts the visitor. Answers another tab stores reach this tab's form store through the storage
 * event and its user state through the 'user-sync' channel, neither of which pushes again.
 */
export function startVisitor(view: Window = window): Visitor {
  const localStorage = browserStorage('localStorage', view);
  const sessionStorage = browserStorage('sessionStorage', view);
  const identity = createVisitorIdentity({ storage: localStorage, issuedId: visitorIdFromCookie(view.document.cookie, visitorIdCookieName(view.location)) });
  // The server buckets experiments by this cookie: it must name the id events carry.
  keepVisitorIdCookie(view, identity.anonymousId);
  const landing = captureLandingParams({ location: view.location, history: view.history, sessionStorage });
  const stored = browserFormValuesStore();
  prefillCapturedParams(stored, landing.captured);
  const userSync = createUserSync({ anonymousId: identity.anonymousId, storage: localStorage, channel: openUserSyncChannel() });
  // What changed since the last visit (new captured facts, answers given in an old version) is pushed once here.
  userSync.update({ captured: { ...userSync.getSnapshot().captured, ...landing.captured }, formValues: stored.getSnapshot().shared });
  const storeOnly = (keep: VisitorStorageFilters) => {
    stored.storeOnly(keep.forms);
    userSync.keepOnly(keep.state);
  };
  return { identity, sessionParams: landing.sessionParams, forms: formsFeedingUserState(stored, userSync), userSync, localStorage, sessionStorage, storeOnly };
}
