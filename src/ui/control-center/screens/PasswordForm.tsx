/**
 * The account screen's password change: current password, new password and its confirmation.
 * A plain form posted to the API, so it works without JavaScript (the server answers 303 back to
 * the screen with an outcome code); with JavaScript the same fields go as JSON, are checked first
 * with the API's own schema, and every problem shows in one alert.
 */
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_PASSWORD_CHANGE, ACCOUNT_PASSWORD_PATH, PASSWORD_CHANGE_OUTCOMES, PasswordChangeSchema, type PasswordChangeOutcome } from '../../../core/contract/account-password.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../../core/control-center/accounts.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { formText } from '../form-text.ts';
import { ProblemsAlert } from '../ProblemsAlert.tsx';

/** What the form shows: nothing yet, a success, or a refusal with its problems. */
type Status = { kind: 'idle' } | { kind: 'changed'; message: string } | { kind: 'refused'; problems: readonly string[] };

/** The status an outcome code in the address stands for (a no-JavaScript post came back); idle for none or an unknown code. */
function statusOfOutcome(outcome: string | undefined): Status {
  if (outcome === undefined || !Object.hasOwn(PASSWORD_CHANGE_OUTCOMES, outcome)) return { kind: 'idle' };
  const message = PASSWORD_CHANGE_OUTCOMES[outcome as PasswordChangeOutcome];
  return outcome === 'changed' ? { kind: 'changed', message } : { kind: 'refused', problems: [message] };
}

/** Props of {@link PasswordForm}: the outcome code of a no-JavaScript post, from the address. */
export interface PasswordFormProps {
  outcome: string | undefined;
}

/** The password change form (see the file's comment). */
export function PasswordForm({ outcome }: PasswordFormProps) {
  const id = useId();
  const [status, setStatus] = useState<Status>(() => statusOfOutcome(outcome));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = PasswordChangeSchema.safeParse({ currentPassword: formText(data, 'currentPassword'), newPassword: formText(data, 'newPassword'), confirmPassword: formText(data, 'confirmPassword') });
    if (!parsed.success) {
      setStatus({ kind: 'refused', problems: zodProblems(parsed.error) });
      return;
    }
    setBusy(true);
    try {
      await callControlCenter(ACCOUNT_PASSWORD_CHANGE, { body: parsed.data });
      form.reset();
      setStatus({ kind: 'changed', message: PASSWORD_CHANGE_OUTCOMES.changed });
    } catch (error) {
      setStatus({ kind: 'refused', problems: error instanceof ControlCenterApiError ? [error.message, ...error.problems] : ['the password could not be changed; try again'] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cc-password-form" method="post" action={ACCOUNT_PASSWORD_PATH} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change your password</h2>
      {status.kind === 'changed' ? (
        <p className="cc-notice" role="status">
          {status.message}
        </p>
      ) : null}
      {status.kind === 'refused' ? <ProblemsAlert intro="Your password was not changed:" problems={status.problems} /> : null}
      <p className="cc-field">
        <label htmlFor={`${id}-current`}>Current password</label>
        <input id={`${id}-current`} name="currentPassword" type="password" autoComplete="current-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </p>
      <p className="cc-field">
        <label htmlFor={`${id}-new`}>New password</label>
        <input id={`${id}-new`} name="newPassword" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} aria-describedby={`${id}-rules`} />
      </p>
      <p id={`${id}-rules`} className="cc-hint">
        {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters. Every other session of your account ends when it changes.
      </p>
      <p className="cc-field">
        <label htmlFor={`${id}-confirm`}>New password again</label>
        <input id={`${id}-confirm`} name="confirmPassword" type="password" autoComplete="new-password" required maxLength={MAX_PASSWORD_LENGTH} />
      </p>
      <button type="submit" className="cc-button" disabled={busy}>
        Change password
      </button>
    </form>
  );
}
