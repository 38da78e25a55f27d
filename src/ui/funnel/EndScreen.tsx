import { useEffect, useState, useSyncExternalStore, type Ref } from 'react';
import type { BrandFacts } from '../../core/content/brand-view.ts';
import { PHONE_LEASE_STEP_KINDS } from '../../core/funnels/actions.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
import type { FunnelFormState } from '../../core/payload/types.ts';
import { lazyPart } from '../lazy-part.tsx';
import { usePageFacts } from '../page-facts.tsx';
import { useRuntime } from '../runtime.tsx';
import { CallBox } from './CallBox.tsx';
import { planEndScreen, type AdsOutcome } from './end-screen-plan.ts';
import { useLeadOutcome } from './lead-outcome.ts';
import { keepPhonesWhole } from './phone-text.tsx';
import type { FunnelText } from './text.ts';
import { useDemandResult } from './use-demand-result.ts';

/**
 * The ad list, a chunk of its own: only the ads end screens show it, and it renders
 * nothing until it runs in the browser, so its code loads when a screen first shows it.
 */
const AdList = lazyPart('AdList', () => import('../ads/AdList.tsx').then((module) => module.AdList));

/**
 * The call-back form, a chunk of its own: it shows only outside working hours.
 * (Placed here for the call-back work; the end screen's own rework decides where it finally sits.)
 */
const CallbackForm = lazyPart('CallbackForm', () => import('./CallbackForm.tsx').then((module) => module.CallbackForm));

/**
 * The visitor's time zone: Eastern while rendering on the server and hydrating, so the markup
 * matches, then the browser's own (the form falls back to Eastern for a zone it does not know).
 */
function useVisitorTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, serverTimeZone);
}
const noSubscription = () => () => undefined;
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => 'America/New_York';

/** Props of {@link EndScreen}. */
export interface EndScreenProps {
  /** The funnel's id: only a lead of this funnel is this screen's to speak of. */
  funnelId: string;
  step: FunnelStep;
  /** The brand: its default number, shown while no leased number is live, and who helps its callers. */
  brand: BrandFacts;
  text: FunnelText;
  /** The funnel's language, for the ad list's own words. */
  language: LeadLanguage;
  /** The funnel's product: a Medicare page's ad clicks carry their ad's dataset (spec §3). */
  product: LeadProduct;
  /** What became of a no-JavaScript post's lead (payload.formState.lead); the browser's own capture is read from the runtime. */
  postedLead?: FunnelFormState['lead'];
  /** The step title: the funnel moves focus to it after a step change. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The end of a funnel: the call screen, the auto result, or the ads screen with the marketplace's
 * ads. It says only what really happened: the auto result tells a stored lead from a
 * failed one and claims nothing when neither is known; outside working hours no screen promises an
 * agent now, it says when calls are answered and offers the marketplace's ads first; so does a
 * low bid from the demand check. The ads screen promises offers only once its list is shown, says
 * when there are none, and inside working hours puts the phone first. The words and
 * blocks come from {@link planEndScreen} and change as the lead store, the demand check and the ad
 * list answer; the blocks are keyed, so a reorder moves the ad list instead of loading it again.
 *
 * The call and result screens lease a marketplace number when shown (spec §4 "Phone lease").
 */
export function EndScreen({ funnelId, step, brand, text, language, product, postedLead, headingRef }: EndScreenProps) {
  const runtime = useRuntime();
  const { workingHours } = usePageFacts();
  const outcome = useLeadOutcome(funnelId, postedLead);
  const demand = useDemandResult();
  const [ads, setAds] = useState<AdsOutcome>('unknown');
  const leases = PHONE_LEASE_STEP_KINDS.has(step.kind);
  const timeZone = useVisitorTimeZone();
  useEffect(() => {
    if (leases) void runtime.phone.lease();
    // Once per end screen shown; re-renders of the same screen do not lease again.
  }, [step.name, leases, runtime]);

  const plan = planEndScreen(step, text.end, { outcome, open: workingHours, lowBid: demand?.isLowBid === true, ads }, brand);
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="funnel-step-title">
        {plan.title}
      </h2>
      <div
        className={`funnel-end funnel-end-${step.kind}`}
        data-step-kind={step.kind}
        data-lead-outcome={outcome}
        data-working-hours={workingHours ? 'open' : 'closed'}
      >
        {plan.description ? <p className="funnel-end-text">{keepPhonesWhole(plan.description)}</p> : null}
        {/* Phone first beside ads: on a wide screen, once the list is shown, the two stand side by side (styles/end-screen.css). */}
        <div className="funnel-end-blocks" {...(plan.blocks[0] === 'call' && plan.blocks.includes('ads') ? { 'data-call-first': '' } : {})}>
          {plan.blocks.map((block) =>
            block === 'ads' ? (
              <div key="ads" className="funnel-ads" data-end-block="ads">
                <AdList language={language} product={product} onOutcome={setAds} />
              </div>
            ) : (
              // Inside working hours the offer of an agent right away is the call box's own label
              // (not a paragraph above it saying the same): the number stays on the first screen.
              <CallBox key="call" phone={brand.phone} label={plan.agentNow ?? plan.callLabel} hint={plan.callHint} {...(plan.agentHours ? { hours: plan.agentHours } : {})} />
            ),
          )}
        </div>
        {workingHours ? null : <CallbackForm funnelId={funnelId} product={product} language={language} brand={brand} timeZone={timeZone} />}
      </div>
    </>
  );
}
