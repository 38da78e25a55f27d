import { useSyncExternalStore } from 'react';
import { phoneForms, type PhoneForms } from '../../core/marketplace/phone.ts';
import { useRuntime } from '../runtime.tsx';

/** The server and hydration snapshot: no lease, so the default number, exactly as the server rendered it. */
const NO_LEASE = () => null;

/**
 * The number to show (spec §4 "Displayed phone number") in its three forms: the live leased
 * number, else `defaultDigits`. The server and the hydrating client both render the default
 * (the server snapshot), then the client switches to a live lease right after hydration, so
 * hydration never mismatches. The store drops an expired lease at its expiration, which
 * re-renders every shown number back to the default by itself.
 */
export function useDisplayedPhone(defaultDigits: string): PhoneForms {
  const { phone } = useRuntime();
  const lease = useSyncExternalStore(phone.subscribe, phone.getSnapshot, NO_LEASE);
  return phoneForms(lease?.value ?? defaultDigits);
}
