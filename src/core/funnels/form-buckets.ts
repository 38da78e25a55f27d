/**
 * Form values (spec §3 "Form values"): one bucket per form name plus one shared bucket holding the
 * merged values of all forms. A question answered in one funnel is pre-filled in every other
 * funnel of the same visitor through the shared bucket, so nobody is asked twice.
 */
import { readStoredLead } from '../leads/stored.ts';
import type { LeadProduct } from '../leads/product.ts';
import { storedPathAnswers } from './path-answers.ts';

/**
 * A step's or a bucket's values by lead field name. `undefined` means absent: the lead schemas
 * treat only `undefined` as "no value" (an empty string is an invalid value, not a missing one).
 */
export type FormValues = Readonly<Record<string, unknown>>;

/** Every form's bucket and the shared bucket. */
export interface FormBuckets {
  readonly forms: Readonly<Record<string, FormValues>>;
  readonly shared: FormValues;
}

/** No values yet. */
export const EMPTY_FORM_BUCKETS: FormBuckets = Object.freeze({ forms: Object.freeze({}), shared: Object.freeze({}) });

/**
 * A store of form buckets, as the step engine and the pages use it. The browser keeps it in
 * localStorage; the server has none. Follows React's useSyncExternalStore contract.
 */
export interface FormValuesStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => FormBuckets;
  /** Merges `values` into form `formName`'s bucket and the shared bucket; returns the new buckets. */
  merge(formName: string, values: FormValues): FormBuckets;
}

/** `bucket` with `values` merged in; an `undefined` value removes the field (a skipped or cleared answer). */
function mergeBucket(bucket: FormValues, values: FormValues): FormValues {
  const merged: Record<string, unknown> = { ...bucket };
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

/** Spec §4 step submit (1): `values` merged into form `formName`'s bucket and into the shared bucket. Pure. */
export function mergeFormValues(buckets: FormBuckets, formName: string, values: FormValues): FormBuckets {
  return {
    forms: { ...buckets.forms, [formName]: mergeBucket(buckets.forms[formName] ?? {}, values) },
    shared: mergeBucket(buckets.shared, values),
  };
}

/**
 * The values form `formName` starts from: each field from the form's own bucket, else from the
 * shared bucket. Values invalid for `product` are dropped (spec §5: an invalid stored value is
 * silently treated as absent), so stale storage never breaks a form. The path answers
 * (path-answers.ts) are kept too: they steer the path ("Step N of M", Back). The no-JavaScript
 * form cookie keeps the shared bucket only, so they are read from both.
 */
export function formPrefill(buckets: FormBuckets, formName: string, product: LeadProduct): Record<string, unknown> {
  const own = buckets.forms[formName];
  return { ...readStoredLead(product, buckets.shared), ...readStoredLead(product, own), ...storedPathAnswers({ ...buckets.shared, ...own }) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads buckets back from storage (localStorage, a cookie). Anything malformed reads as empty;
 * field values are checked later, per product, by {@link formPrefill}. Never throws.
 */
export function readFormBuckets(raw: unknown): FormBuckets {
  if (!isPlainObject(raw)) return EMPTY_FORM_BUCKETS;
  const forms = isPlainObject(raw.forms) ? Object.fromEntries(Object.entries(raw.forms).filter((entry) => isPlainObject(entry[1]))) : {};
  return { forms: forms as Record<string, FormValues>, shared: isPlainObject(raw.shared) ? raw.shared : {} };
}
