import { CTC_LOCATIONS } from '../phone/ctc-locations.ts';
import { PhoneLink } from '../phone/PhoneLink.tsx';
import { keepPhonesWhole } from './phone-text.tsx';
import type { FunnelText } from './text.ts';

/**
 * The end screens' phone box: the displayed number, large, as a tap-to-call link. Outside working
 * hours `hours` says when agents are available, above the number, so nobody calls expecting an
 * answer now.
 */
export function CallBox({ phone, text, hours }: { phone: string; text: FunnelText; hours?: string }) {
  return (
    <div className="funnel-call" data-end-block="call">
      {hours ? <p className="funnel-call-hours">{keepPhonesWhole(hours)}</p> : null}
      <p className="funnel-call-label">{text.callLabel}</p>
      <PhoneLink className="funnel-phone" defaultPhone={phone} ctcLocation={CTC_LOCATIONS.callStep} />
      <p className="funnel-call-hint">{text.callHint}</p>
    </div>
  );
}
