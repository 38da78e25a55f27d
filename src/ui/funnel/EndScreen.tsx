import { useEffect, useId, useState, type Ref } from 'react';
import type { BrandFacts } from '../../core/content/brand-view.ts';
import { PHONE_LEASE_STEP_KINDS } from '../../core/funnels/actions.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import { longOpening } from '../../core/hours/opening-words-long.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
import type { FunnelFormState } from '../../core/payload/types.ts';
import { lazyPart } from '../lazy-part.tsx';
import { usePageFacts } from '../page-facts.tsx';
import { useRuntime } from '../runtime.tsx';
import { useVisitorTimeZone } from '../use-visitor-zone.ts';
import { CallBox } from './CallBox.tsx';
import { CallbackForm } from './CallbackForm.tsx';
import { END_TEXT } from './end-text.ts';
import { planEndScreen, type AdsOutcome, type EndBlock, type EndScreenPlan } from './end-screen-plan.ts';
import { useLeadOutcome } from './lead-outcome.ts';
import { keepPhonesWhole } from './phone-text.tsx';
import { useDemandResult } from './use-demand-result.ts';

/**
 * The ad list, a chunk of its own: only the ads end screens show it, and it renders
 * nothing until it runs in the browser, so its code loads when a screen first shows it.
 */
const AdList = lazyPart('AdList', () => import('../ads/AdList.tsx').then((module) => module.AdList));

/** Props of {@link EndScreen}. */
export interface EndScreenProps {
  /** The funnel's id: only a lead of this funnel is this screen's to speak of. */
  funnelId: string;
  step: FunnelStep;
  /** The brand: its default number, shown while no leased number is live, and who helps its callers. */
  brand: BrandFacts;
  /** The funnel's language: the screen's words and the ad list's. */
  language: LeadLanguage;
  /** The funnel's product: what a stored lead's words say was received; a Medicare page's ad clicks carry their ad's dataset (spec §3). */
  product: LeadProduct;
  /** What became of a no-JavaScript post's lead (payload.formState.lead); the browser's own capture is read from the runtime. */
  postedLead?: FunnelFormState['lead'];
  /** The step title: the funnel moves focus to it after a step change. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * The end of a funnel: the call screen, the auto result, or the ads screen with the marketplace's
 * ads. It says only what really happened: only a stored lead is thanked (the auto result's quotes
 * come by phone and email from the companies in the consent; life and health say who will call from
 * which number), a failed one is told so, and nothing is claimed when neither is known. Inside
 * working hours the call box comes first; outside them the screen opens with a notice that nobody
 * can answer now and when lines open again, in the visitor's own zone (Eastern until the IP lookup
 * names their state), then the call-back request, and only then the sponsored ads. The words and
 * blocks come from {@link planEndScreen} and change as the lead store, the demand check, the ad
 * list and the visitor's zone answer; the blocks are keyed, so a reorder moves the ad list instead
 * of loading it again.
 *
 * The call and result screens lease a marketplace number when shown (spec §4 "Phone lease").
 */
export function EndScreen({ funnelId, step, brand, language, product, postedLead, headingRef }: EndScreenProps) {
  const runtime = useRuntime();
  const { workingHours, nextOpening } = usePageFacts();
  const timeZone = useVisitorTimeZone();
  const outcome = useLeadOutcome(funnelId, postedLead);
  const demand = useDemandResult();
  const [ads, setAds] = useState<AdsOutcome>('unknown');
  const leases = PHONE_LEASE_STEP_KINDS.has(step.kind);
  useEffect(() => {
    if (leases) void runtime.phone.lease();
    // Once per end screen shown; re-renders of the same screen do not lease again.
  }, [step.name, leases, runtime]);

  const opening = workingHours || nextOpening === undefined ? undefined : longOpening(nextOpening, timeZone, language);
  const facts = { outcome, open: workingHours, lowBid: demand?.isLowBid === true, ads, product, opening };
  const plan = planEndScreen(step, END_TEXT[language], facts, brand);
  const renderBlock = (block: EndBlock) => {
    switch (block) {
      case 'closed':
        return <ClosedNotice key="closed" closed={plan.closed} />;
      case 'callback':
        return <CallbackForm key="callback" funnelId={funnelId} product={product} language={language} brand={brand} timeZone={timeZone} />;
      case 'ads':
        return (
          <div key="ads" className="funnel-ads-block" data-end-block="ads">
            {/* Said only over a list that is there: an empty heading would promise plans. */}
            {ads === 'shown' ? <h3 className="funnel-ads-heading">{plan.adsHeading}</h3> : null}
            <div className="funnel-ads">
              <AdList language={language} product={product} onOutcome={setAds} />
            </div>
          </div>
        );
      case 'call':
        // Inside working hours the offer of an agent right away is the call box's own label
        // (not a paragraph above it saying the same): the number stays on the first screen.
        return <CallBox key="call" phone={brand.phone} label={plan.agentNow ?? plan.callLabel} hint={plan.callHint} />;
    }
  };
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
        {...(plan.blocks[0] === 'call' && plan.blocks.includes('ads') ? { 'data-call-first': '' } : {})}
      >
        {/* What can be done now first, under the title; the longer words after it. */}
        <div className="funnel-end-lead">{plan.blocks.slice(0, plan.leading).map(renderBlock)}</div>
        {plan.description ? <p className="funnel-end-text">{keepPhonesWhole(plan.description)}</p> : null}
        <div className="funnel-end-blocks">{plan.blocks.slice(plan.leading).map(renderBlock)}</div>
      </div>
    </>
  );
}

/** Outside working hours, the first block: nobody can answer now, and when lines open again. */
function ClosedNotice({ closed }: { closed: EndScreenPlan['closed'] }) {
  const heading = useId();
  if (!closed) return null;
  return (
    <section className="funnel-closed" data-end-block="closed" role="status" aria-labelledby={heading}>
      <h3 id={heading} className="funnel-closed-title">
        {closed.title}
      </h3>
      {closed.opensAgain ? <p className="funnel-closed-opening">{closed.opensAgain}</p> : null}
    </section>
  );
}
