/**
 * What became of the visitor's lead, as the end screens may tell it: stored, failed,
 * or unknown. Unknown covers everything that is not a known outcome (nothing sent on this page,
 * still sending, a lead of another funnel), so a screen never claims a delivery that did not happen.
 */
import { useSyncExternalStore } from 'react';
import type { FunnelFormState } from '../../core/payload/types.ts';
import { useRuntime, type LeadCaptureState } from '../runtime.tsx';

/** A lead's outcome as an end screen tells it. */
export type LeadOutcome = 'stored' | 'failed' | 'unknown';

/**
 * The outcome for funnel `funnelId`: the browser's capture state when it is about this funnel and
 * finished, else what a no-JavaScript post's answer said (`formState.lead`), else unknown.
 */
export function leadOutcome(state: LeadCaptureState, funnelId: string, posted?: FunnelFormState['lead']): LeadOutcome {
  if ((state.status === 'stored' || state.status === 'failed') && state.funnel === funnelId) return state.status;
  return posted?.status ?? 'unknown';
}

/** The server's (and the hydrating browser's) capture state: nothing sent from this page. */
const NOTHING_SENT: LeadCaptureState = Object.freeze({ status: 'none' });
const nothingSent = () => NOTHING_SENT;

/**
 * {@link leadOutcome} of the runtime's lead store, re-rendering when it changes. Hydration reads
 * the server snapshot (nothing sent), so server HTML and the first browser render agree; a
 * no-JavaScript post's outcome comes from the payload on both sides.
 */
export function useLeadOutcome(funnelId: string, posted?: FunnelFormState['lead']): LeadOutcome {
  const { leads } = useRuntime();
  const state = useSyncExternalStore(leads.subscribe, leads.getSnapshot, nothingSent);
  return leadOutcome(state, funnelId, posted);
}
