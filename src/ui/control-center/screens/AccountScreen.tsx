/**
 * `/account`: the signed-in staff member's own account settings. For now its second factor
 * (TotpEnrolment); other account settings mount here beside it.
 */
import type { ScreenProps } from '../screen-props.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The account screen (route `cc-account`). */
export default function AccountScreen(_props: ScreenProps) {
  return (
    <section className="cc-account-screen" aria-labelledby="cc-account-title">
      <h2 id="cc-account-title">Your account</h2>
      <TotpEnrolment />
    </section>
  );
}
