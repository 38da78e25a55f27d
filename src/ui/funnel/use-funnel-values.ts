import { useMemo, useSyncExternalStore } from 'react';
import { formPrefill, type FormBuckets, type FormValues, type FormValuesStore } from '../../core/funnels/form-buckets.ts';
import type { FunnelDefinition } from '../../core/funnels/types.ts';
import type { FunnelFormState } from '../../core/payload/types.ts';

/** While rendering on the server and hydrating, the visitor's storage is unknown: `null`. */
const noBuckets = (): FormBuckets | null => null;

/**
 * The values a funnel's form starts from. On the server and during hydration: the server's form
 * state (the no-JavaScript form cookie), so the first client render matches the HTML exactly.
 * Afterwards: the visitor's stored values (form bucket, else shared bucket) over the server's.
 */
export function useFunnelValues(forms: FormValuesStore, funnel: FunnelDefinition, formState: FunnelFormState | undefined): FormValues {
  const buckets = useSyncExternalStore<FormBuckets | null>(forms.subscribe, forms.getSnapshot, noBuckets);
  return useMemo(() => {
    const server = formState?.values ?? {};
    return buckets ? { ...server, ...formPrefill(buckets, funnel.id, funnel.product) } : server;
  }, [buckets, funnel, formState]);
}
