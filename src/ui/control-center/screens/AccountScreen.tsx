/**
 * `/account`: the signed-in staff member's own account. Holds the password change
 * ({@link PasswordForm}); each part of the account is a component of its own.
 */
import { PASSWORD_CHANGE_PARAM } from '../../../core/router/control-center-route.ts';
import type { ScreenProps } from '../screen-props.ts';
import { PasswordForm } from './PasswordForm.tsx';

/** The account screen (route `cc-account`). */
export default function AccountScreen({ payload }: ScreenProps) {
  return (
    <section className="cc-account-screen">
      <PasswordForm outcome={payload.route.params[PASSWORD_CHANGE_PARAM]} />
    </section>
  );
}
