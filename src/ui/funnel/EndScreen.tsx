import { useEffect } from 'react';
import { PHONE_LEASE_STEP_KINDS } from '../../core/funnels/actions.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import { AdList } from '../ads/AdList.tsx';
import { CTC_LOCATIONS } from '../phone/ctc-locations.ts';
import { PhoneLink } from '../phone/PhoneLink.tsx';
import { useRuntime } from '../runtime.tsx';
import type { FunnelText } from './text.ts';

/** Props of {@link EndScreen}. */
export interface EndScreenProps {
  step: FunnelStep;
  /** The brand's default number, shown while no leased number is live. */
  phone: string;
  text: FunnelText;
  /** The funnel's language, for the ad list's own words. */
  language: LeadLanguage;
}

/**
 * The end of a funnel: the call screen, the auto result, or the ads screen with the marketplace's
 * ads. The call and result screens lease a marketplace number when shown (spec §4 "Phone
 * lease"). Each shows the displayed number large, in the same forms as the header, which switch
 * together to the leased number and back to the default when the lease ends.
 */
export function EndScreen({ step, phone, text, language }: EndScreenProps) {
  const runtime = useRuntime();
  const leases = PHONE_LEASE_STEP_KINDS.has(step.kind);
  useEffect(() => {
    if (leases) void runtime.phone.lease();
    // Once per end screen shown; re-renders of the same screen do not lease again.
  }, [step.name, leases, runtime]);

  return (
    <div className={`funnel-end funnel-end-${step.kind}`} data-step-kind={step.kind}>
      {step.description ? <p className="funnel-end-text">{step.description}</p> : null}
      {step.kind === 'ads' ? <AdList language={language} /> : null}
      <div className="funnel-call">
        <p className="funnel-call-label">{text.callLabel}</p>
        <PhoneLink className="funnel-phone" defaultPhone={phone} ctcLocation={CTC_LOCATIONS.callStep} />
        <p className="funnel-call-hint">{text.callHint}</p>
      </div>
    </div>
  );
}
