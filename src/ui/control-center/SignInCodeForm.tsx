import { AUTH_SESSION_CODE_PATH } from '../../core/contract/paths.ts';
import { safeNextPath, SIGN_IN_CODE_FAILURE_MESSAGE } from '../../core/control-center/paths.ts';

/** Props of the second-factor form: where to go afterwards, and whether the last code was refused. */
export interface SignInCodeFormProps {
  next: string | undefined;
  failed: boolean;
}

/**
 * The second step of signing in to an account with TOTP on: the code from the authenticator app
 * (or a recovery code), posted as a plain form to `POST /api/_auth/session/code`, so it works
 * without JavaScript. The server answers 303 to `next`, back here with `failed=1`, or to the
 * first step when the few minutes after the password have run out.
 */
export function SignInCodeForm({ next, failed }: SignInCodeFormProps) {
  return (
    <form className="cc-sign-in" method="post" action={AUTH_SESSION_CODE_PATH} aria-describedby={failed ? 'sign-in-code-failed' : 'sign-in-code-hint'}>
      {failed ? (
        <p id="sign-in-code-failed" className="cc-error" role="alert">
          {SIGN_IN_CODE_FAILURE_MESSAGE}
        </p>
      ) : null}
      <input type="hidden" name="next" value={safeNextPath(next)} />
      <p id="sign-in-code-hint">Your account asks for a second factor: enter the 6-digit code your authenticator app shows now, or one of your recovery codes.</p>
      <p className="cc-field">
        <label htmlFor="sign-in-code">Code</label>
        <input id="sign-in-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required maxLength={32} spellCheck={false} />
      </p>
      <button type="submit" className="button">
        Verify
      </button>
    </form>
  );
}
