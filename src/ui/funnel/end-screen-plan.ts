/**
 * What an end screen says and in which order it offers the ways forward, decided
 * from what is known: the lead's outcome, working hours, the demand check and the ad list. Pure,
 * so every case is a row in a table test (test/unit/end-screen-plan.test.ts).
 */
import { fillBrandFacts, type BrandFacts } from '../../core/content/brand-view.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { LeadOutcome } from './lead-outcome.ts';
import type { EndText } from './text.ts';

/** A way forward an end screen offers: the marketplace's ads, or the phone call box. */
export type EndBlock = 'ads' | 'call';

/** What the ad list came to: not known yet (server HTML, hydrating, loading), ads shown, or none to show. */
export type AdsOutcome = 'unknown' | 'shown' | 'none';

/** What an end screen's words and order depend on. */
export interface EndScreenFacts {
  /** What became of the lead (only the auto result screen speaks of it). */
  outcome: LeadOutcome;
  /** Inside working hours (payload.workingHours): an agent can take a call now. */
  open: boolean;
  /** The demand check answered with a low bid: calls from this visitor are worth little to buyers. */
  lowBid: boolean;
  /** What the ad list came to (only the ads screen speaks of it). */
  ads: AdsOutcome;
}

/** An end screen's words, filled for the brand, and its blocks, in the order shown. */
export interface EndScreenPlan {
  title: string;
  description?: string;
  /** Inside working hours on the ads screen: the offer of an agent right away. */
  agentNow?: string;
  /** Outside working hours: when the brand's calls are answered, shown in the call box. */
  agentHours?: string;
  /** The call box's words around the number. */
  callLabel: string;
  callHint: string;
  blocks: EndBlock[];
}

const ADS_FIRST: EndBlock[] = ['ads', 'call'];
const CALL_FIRST: EndBlock[] = ['call', 'ads'];
const CALL_ONLY: EndBlock[] = ['call'];

/**
 * The plan of end step `step` for `brand`, every word filled for it (who helps a caller, see
 * src/core/content/who-helps.ts):
 * - words: the auto result says "your quotes are on the way" only for a stored lead, says so
 *   plainly when storing failed, and otherwise keeps the step's own neutral words; a call screen
 *   outside working hours replaces its own words (which promise an agent now) with `closedCall`;
 *   the ads screen promises its plans and offers only once the list is shown, says there are none
 *   at the moment when the marketplace had none (`noAds`), and until then shows its title alone;
 *   it offers an agent right away inside working hours only; outside them every end screen says
 *   when calls are answered.
 * - blocks: the ads screen puts the phone first inside working hours (an agent can answer now, so
 *   the call is not left below a long list of ads) and the ads first outside them. The call and
 *   result screens show the phone alone inside working hours with a high bid or no demand result
 *   (a call from this visitor is worth most, and no ad list means no provider script on the
 *   page); on a low bid or outside working hours they offer the marketplace's ads first (the
 *   online path, when a call is worth little or no agent can answer now), then the phone. A
 *   failed lead always puts the phone first: the screen's words ask the visitor to call.
 */
export function planEndScreen(step: FunnelStep, text: EndText, facts: EndScreenFacts, brand: BrandFacts): EndScreenPlan {
  const { outcome, open, lowBid } = facts;
  const plan = (words: Pick<EndScreenPlan, 'title' | 'description' | 'agentNow'>, blocks: EndBlock[]): EndScreenPlan => {
    const fill = (copy: string) => fillBrandFacts(copy, brand);
    return {
      title: fill(words.title),
      ...(words.description ? { description: fill(words.description) } : {}),
      ...(words.agentNow ? { agentNow: fill(words.agentNow) } : {}),
      ...(open ? {} : { agentHours: text.agentHours(brand) }),
      callLabel: fill(text.callLabel),
      callHint: text.callHint,
      blocks,
    };
  };
  if (step.kind === 'ads') {
    const words = facts.ads === 'shown' ? ownWords(step) : facts.ads === 'none' ? text.noAds : { title: step.title };
    return plan({ ...words, ...(open ? { agentNow: text.agentNow } : {}) }, open ? CALL_FIRST : ADS_FIRST);
  }
  const withAds = lowBid || !open;
  if (step.kind === 'result' && outcome === 'failed') return plan(text.result.failed, withAds ? CALL_FIRST : CALL_ONLY);
  const words = step.kind === 'result' ? (outcome === 'stored' ? text.result.stored : ownWords(step)) : open ? ownWords(step) : text.closedCall;
  return plan(words, withAds ? ADS_FIRST : CALL_ONLY);
}

/** The step definition's own title and description. */
function ownWords(step: FunnelStep): Pick<EndScreenPlan, 'title' | 'description'> {
  return { title: step.title, ...(step.description ? { description: step.description } : {}) };
}
