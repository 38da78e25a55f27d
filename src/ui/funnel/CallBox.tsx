import { CTC_LOCATIONS } from '../phone/ctc-locations.ts';
import { PhoneLink } from '../phone/PhoneLink.tsx';
import { keepPhonesWhole } from './phone-text.tsx';

/** Props of {@link CallBox}: the brand's default number and the words around it, filled for the brand. */
export interface CallBoxProps {
  phone: string;
  label: string;
  hint: string;
  /** Outside working hours: when calls are answered. */
  hours?: string;
}

/**
 * The end screens' phone box: the displayed number, large, as a tap-to-call link. Outside working
 * hours `hours` says when calls are answered, above the number, so nobody calls expecting an
 * answer now.
 */
export function CallBox({ phone, label, hint, hours }: CallBoxProps) {
  return (
    <div className="funnel-call" data-end-block="call">
      {hours ? <p className="funnel-call-hours">{keepPhonesWhole(hours)}</p> : null}
      <p className="funnel-call-label">{label}</p>
      <PhoneLink className="funnel-phone" defaultPhone={phone} ctcLocation={CTC_LOCATIONS.callStep} />
      <p className="funnel-call-hint">{hint}</p>
    </div>
  );
}
