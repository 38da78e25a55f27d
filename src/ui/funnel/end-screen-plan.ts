/**
 * What an end screen says and in which order it offers the ways forward (issue 8), decided from
 * what is known: the lead's outcome, working hours and the demand check. Pure, so every case is
 * a row in a table test (test/unit/end-screen-plan.test.ts).
 */
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { LeadOutcome } from './lead-outcome.ts';
import type { EndText } from './text.ts';

/** A way forward an end screen offers: the marketplace's ads, or the phone call box. */
export type EndBlock = 'ads' | 'call';

/** What an end screen's words and order depend on. */
export interface EndScreenFacts {
  /** What became of the lead (only the auto result screen speaks of it). */
  outcome: LeadOutcome;
  /** Inside working hours (payload.workingHours): an agent can take a call now. */
  open: boolean;
  /** The demand check answered with a low bid: calls from this visitor are worth little to buyers. */
  lowBid: boolean;
}

/** An end screen's words and blocks, in the order shown. */
export interface EndScreenPlan {
  title: string;
  description?: string;
  /** Inside working hours on the ads screen: the offer of an agent right away. */
  agentNow?: string;
  /** Outside working hours: when agents take calls, shown in the call box. */
  agentHours?: string;
  blocks: EndBlock[];
}

const ADS_FIRST: EndBlock[] = ['ads', 'call'];
const CALL_FIRST: EndBlock[] = ['call', 'ads'];
const CALL_ONLY: EndBlock[] = ['call'];

/**
 * The plan of end step `step`:
 * - words: the auto result says "your quotes are on the way" only for a stored lead, says so
 *   plainly when storing failed, and otherwise keeps the step's own neutral words; a call screen
 *   outside working hours replaces its own words (which promise an agent now) with `closedCall`;
 *   the ads screen offers an agent right away inside working hours only; outside them every end
 *   screen says when agents are available.
 * - blocks: the ads screen shows its ads, then the phone. The call and result screens show the
 *   phone alone inside working hours with a high bid or no demand result (as before: a call from
 *   this visitor is worth most, and no ad list means no provider script on the page); on a low bid
 *   or outside working hours they offer the marketplace's ads first (the online path, when a call
 *   is worth little or no agent can answer now), then the phone. A failed lead always puts the
 *   phone first: the screen's words ask the visitor to call.
 */
export function planEndScreen(step: FunnelStep, text: EndText, facts: EndScreenFacts): EndScreenPlan {
  const { outcome, open, lowBid } = facts;
  const hours = open ? {} : { agentHours: text.agentHours };
  if (step.kind === 'ads') {
    return { ...ownWords(step), ...(open ? { agentNow: text.agentNow } : {}), ...hours, blocks: ADS_FIRST };
  }
  const withAds = lowBid || !open;
  if (step.kind === 'result' && outcome === 'failed') return { ...text.result.failed, ...hours, blocks: withAds ? CALL_FIRST : CALL_ONLY };
  const words = step.kind === 'result' ? (outcome === 'stored' ? text.result.stored : ownWords(step)) : open ? ownWords(step) : text.closedCall;
  return { ...words, ...hours, blocks: withAds ? ADS_FIRST : CALL_ONLY };
}

/** The step definition's own title and description. */
function ownWords(step: FunnelStep): Pick<EndScreenPlan, 'title' | 'description'> {
  return { title: step.title, ...(step.description ? { description: step.description } : {}) };
}
