/**
 * What the browser keeps once the visitor's lead is accepted: no personal field (the one list,
 * core/leads/personal.ts) in the stored form values or the user state. Its own chunk, loaded when
 * a lead is stored, so the rules weigh nothing on a page's first load.
 *
 * @example
 * // start-runtime.ts loads this module as its own chunk when the lead is stored, and hands it over:
 * visitor.storeOnly({ forms: withoutPersonalAnswers, state: withoutPersonalState });
 */
import type { FormBuckets } from '../../core/funnels/form-buckets.ts';
import { isPersonalField } from '../../core/leads/personal.ts';
import type { UserState } from './user-state.ts';

/** A copy of `values` without its personal fields (the one list: {@link isPersonalField}). */
export function withoutPersonalFields<T>(values: Readonly<Record<string, T>>): Record<string, T> {
  return Object.fromEntries(Object.entries(values).filter(([field]) => !isPersonalField(field)));
}

/** `buckets` with no personal field in any bucket: the ZIP and the other answers stay. */
export function withoutPersonalAnswers(buckets: FormBuckets): FormBuckets {
  const forms = Object.fromEntries(Object.entries(buckets.forms).map(([name, values]) => [name, withoutPersonalFields(values)]));
  return { forms, shared: withoutPersonalFields(buckets.shared) };
}

/**
 * `state` without personal data: the personal fields of its form values and captured landing
 * facts (firstname, phone, dateofbirth…) removed; ZIP, answers, `age` and the leased number stay.
 */
export function withoutPersonalState(state: UserState): UserState {
  return { ...state, captured: withoutPersonalFields(state.captured), formValues: withoutPersonalFields(state.formValues) };
}

/**
 * The module is the filters Visitor.storeOnly takes, its `forms` and `state`: the page hands the
 * loaded module over as it is, which keeps the first load that much lighter.
 */
export { withoutPersonalAnswers as forms, withoutPersonalState as state };
