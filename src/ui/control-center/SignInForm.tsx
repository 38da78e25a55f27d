import { AUTH_SESSION_PATH } from '../../core/contract/auth-session.ts';
import { MAX_PASSWORD_LENGTH } from '../../core/control-center/accounts.ts';
import { safeNextPath, SIGN_IN_FAILURE_MESSAGE } from '../../core/control-center/paths.ts';

/** Props of the sign-in form: where to go afterwards, and whether the last attempt failed. */
export interface SignInFormProps {
  next: string | undefined;
  failed: boolean;
}

/**
 * The control center's sign-in: email and password posted as a plain form to
 * `POST /api/_auth/session`, so it works without JavaScript; the server answers 303 to `next` or
 * back here with `failed=1`, and says nothing more than {@link SIGN_IN_FAILURE_MESSAGE}.
 */
export function SignInForm({ next, failed }: SignInFormProps) {
  return (
    <form className="cc-sign-in" method="post" action={AUTH_SESSION_PATH} aria-describedby={failed ? 'sign-in-failed' : undefined}>
      {failed ? (
        <p id="sign-in-failed" className="cc-error" role="alert">
          {SIGN_IN_FAILURE_MESSAGE}
        </p>
      ) : null}
      <input type="hidden" name="next" value={safeNextPath(next)} />
      <p className="cc-field">
        <label htmlFor="sign-in-email">Email</label>
        <input id="sign-in-email" name="email" type="email" autoComplete="username" required spellCheck={false} />
      </p>
      <p className="cc-field">
        <label htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </p>
      <button type="submit" className="button">
        Sign in
      </button>
    </form>
  );
}
