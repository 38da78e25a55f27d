import { CTC_LOCATIONS } from '../phone/ctc-locations.ts';
import { PhoneLink } from '../phone/PhoneLink.tsx';

/** Props of {@link CallBox}: the brand's default number and the words around it, filled for the brand. */
export interface CallBoxProps {
  phone: string;
  label: string;
  hint: string;
}

/**
 * The end screens' phone box: the displayed number as a tap-to-call link, the largest thing in the
 * box (styles/end-screen.css), between a label saying who answers and a hint how to call.
 */
export function CallBox({ phone, label, hint }: CallBoxProps) {
  return (
    <div className="funnel-call" data-end-block="call">
      <p className="funnel-call-label">{label}</p>
      <PhoneLink className="funnel-phone" defaultPhone={phone} ctcLocation={CTC_LOCATIONS.callStep} />
      <p className="funnel-call-hint">{hint}</p>
    </div>
  );
}
