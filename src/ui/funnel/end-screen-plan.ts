/**
 * What an end screen says and in which order it offers the ways forward, decided
 * from what is known: the lead's outcome, working hours and the next opening, the demand check and
 * the ad list. Pure, so every case is a row in a table test (test/unit/end-screen-plan.test.ts).
 */
import { fillBrandFacts, type BrandFacts } from '../../core/content/brand-view.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
import type { EndText } from './end-text.ts';
import type { LeadOutcome } from './lead-outcome.ts';

/**
 * A block an end screen shows: the notice that nobody can answer now, the call-back request form,
 * the marketplace's ads, or the phone call box.
 */
export type EndBlock = 'closed' | 'callback' | 'ads' | 'call';

/** What the ad list came to: not known yet (server HTML, hydrating, loading), ads shown, or none to show. */
export type AdsOutcome = 'unknown' | 'shown' | 'none';

/** What an end screen's words and order depend on. */
export interface EndScreenFacts {
  /** What became of the lead (the auto result and the call screens of products that took contact details speak of it). */
  outcome: LeadOutcome;
  /** Inside working hours (payload.workingHours): an agent can take a call now. */
  open: boolean;
  /** The demand check answered with a low bid: calls from this visitor are worth little to buyers. */
  lowBid: boolean;
  /** What the ad list came to (only the ads screen speaks of it). */
  ads: AdsOutcome;
  /** The funnel's product: which words say what was received. */
  product: LeadProduct;
  /** Outside working hours, the next opening in the visitor's own zone ("Monday at 8 a.m. Eastern"); unknown: not said. */
  opening?: string | undefined;
}

/** An end screen's words, filled for the brand, and its blocks, in the order shown. */
export interface EndScreenPlan {
  title: string;
  description?: string;
  /** Inside working hours on the ads screen: the offer of an agent right away. */
  agentNow?: string;
  /** Outside working hours: the notice's heading and the line saying when calls are next answered. */
  closed?: { title: string; opensAgain?: string };
  /** The heading over the ads (they always follow another block). */
  adsHeading: string;
  /** The call box's words around the number. */
  callLabel: string;
  callHint: string;
  /** Every block, in the order shown. */
  blocks: EndBlock[];
  /**
   * How many of `blocks` come before the description: the call box inside working hours, the
   * notice and the call-back request outside them, so what can be done now is on a phone's first
   * screen under the title, and the longer words follow it.
   */
  leading: number;
}

const CLOSED: EndBlock[] = ['closed', 'callback', 'ads', 'call'];
const CALL_FIRST: EndBlock[] = ['call', 'ads'];
const CALL_ONLY: EndBlock[] = ['call'];

/**
 * The plan of end step `step` for `brand`, every word filled for it (who helps a caller, see
 * src/core/content/who-helps.ts):
 * - words: the auto result thanks only a stored lead and says its quotes come by phone and email
 *   from the companies named in the consent, says so plainly when storing failed, and otherwise
 *   keeps the step's own neutral words; a call screen of a product whose funnel took contact
 *   details (`received`) says, once the lead is stored, what was received and who will call from
 *   which number, within which hours, and that storing failed as the auto result does; any other call screen outside working hours replaces its own
 *   words (which promise an agent now) with `closedCall`; the ads screen promises its plans and
 *   offers only once the list is shown, says there are none at the moment when the marketplace had
 *   none (`noAds`), and until then shows its title alone; it offers an agent right away inside
 *   working hours only.
 * - blocks: inside working hours someone can answer now, so the call box comes first, on the first
 *   screen, and the ads (the ads screen's own, or a low bid's) follow it; a high bid or no demand
 *   result on a call or result screen shows the phone alone (no ad list means no provider script
 *   on the page). Outside working hours the first block says so with the next opening, the
 *   call-back request follows, and only then the sponsored ads and, last, the number to call once
 *   lines are open; no ad ever comes before the notice and the form.
 */
export function planEndScreen(step: FunnelStep, text: EndText, facts: EndScreenFacts, brand: BrandFacts): EndScreenPlan {
  const { outcome, open, lowBid } = facts;
  const fill = (copy: string) => fillBrandFacts(copy, brand);
  const plan = (words: Pick<EndScreenPlan, 'title' | 'description' | 'agentNow'>, openBlocks: EndBlock[]): EndScreenPlan => ({
    title: fill(words.title),
    ...(words.description ? { description: fill(words.description) } : {}),
    ...(words.agentNow ? { agentNow: fill(words.agentNow) } : {}),
    ...(open ? {} : { closed: { title: text.closed.title, ...(facts.opening ? { opensAgain: text.closed.opensAgain(facts.opening) } : {}) } }),
    adsHeading: text.adsHeading,
    callLabel: fill(open ? text.callLabel : text.closedCallLabel),
    callHint: text.callHint,
    blocks: open ? openBlocks : CLOSED,
    leading: open ? 1 : 2,
  });
  if (step.kind === 'ads') {
    const words = facts.ads === 'shown' ? ownWords(step) : facts.ads === 'none' ? text.noAds : { title: step.title };
    return plan({ ...words, ...(open ? { agentNow: text.agentNow } : {}) }, CALL_FIRST);
  }
  const withAds = lowBid ? CALL_FIRST : CALL_ONLY;
  if (step.kind === 'result') {
    const words = outcome === 'stored' ? text.result.stored : outcome === 'failed' ? text.result.failed : ownWords(step);
    return plan(words, withAds);
  }
  const received = text.received[facts.product];
  if (received && outcome === 'stored') return plan({ title: received.title, description: `${received.description} ${text.agentHours(brand)}` }, withAds);
  if (received && outcome === 'failed') return plan(text.result.failed, withAds);
  return plan(open ? ownWords(step) : text.closedCall, withAds);
}

/** The step definition's own title and description. */
function ownWords(step: FunnelStep): Pick<EndScreenPlan, 'title' | 'description'> {
  return { title: step.title, ...(step.description ? { description: step.description } : {}) };
}
