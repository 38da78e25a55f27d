/**
 * `/account`: the signed-in staff member's own account: the password change ({@link PasswordForm})
 * and the second factor ({@link TotpEnrolment}); each part of the account is a component of its own.
 */
import { PASSWORD_CHANGE_PARAM } from '../../../core/router/control-center-route.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PasswordForm } from './PasswordForm.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/** The account screen (route `cc-account`). */
export default function AccountScreen({ payload }: ScreenProps) {
  return (
    <section className="cc-account-screen" aria-labelledby="cc-account-title">
      <h2 id="cc-account-title">Your account</h2>
      <PasswordForm outcome={payload.route.params[PASSWORD_CHANGE_PARAM]} />
      <TotpEnrolment />
    </section>
  );
}
