import { phoneForms } from '../../core/marketplace/phone.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import type { FunnelText } from './text.ts';

/**
 * The end of a funnel: the call screen, the auto result, or the ads screen (whose marketplace
 * ads come with the marketplace issue; until then its message says results are being found).
 * Each shows the brand's phone number large, grouped for reading and as a tel: link, in the same
 * forms as the header.
 */
export function EndScreen({ step, phone, text }: { step: FunnelStep; phone: string; text: FunnelText }) {
  const number = phoneForms(phone);
  return (
    <div className={`funnel-end funnel-end-${step.kind}`} data-step-kind={step.kind}>
      {step.description ? <p className="funnel-end-text">{step.description}</p> : null}
      <div className="funnel-call">
        <p className="funnel-call-label">{text.callLabel}</p>
        <a className="funnel-phone" href={number.tel} data-phone={number.raw}>
          {number.grouped}
        </a>
        <p className="funnel-call-hint">{text.callHint}</p>
      </div>
    </div>
  );
}
