/**
 * The signed-in account's second factor (contract: core/contract/totp.ts). Off: a button starts
 * enrolment, which shows the QR code the server made (an otpauth:// URI) and the secret as text,
 * and asks for the code the app then shows; the right code turns it on and shows the recovery
 * codes, this once. On: it says since when and how many recovery codes are left, and turns off
 * with the current password or a current code.
 */
import { useId, useState, type FormEvent } from 'react';
import { CC_TOTP_CONFIRM, CC_TOTP_DISABLE, CC_TOTP_GET, CC_TOTP_START, type TotpStateAnswer } from '../../../core/contract/totp.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { formText } from '../form-text.ts';
import { ProblemsAlert } from '../ProblemsAlert.tsx';
import { CallFailure, useCall } from '../use-call.tsx';

/** A secret being enrolled, as the server gave it once. */
interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/** A refused call, for {@link ProblemsAlert}. */
interface Refusal {
  intro: string;
  problems: readonly string[];
}

function refusalOf(error: unknown, intro: string): Refusal {
  return error instanceof ControlCenterApiError ? { intro, problems: error.problems } : { intro, problems: [error instanceof Error ? error.message : String(error)] };
}

/** The second-factor section of the account screen. */
export function TotpEnrolment() {
  const [version, setVersion] = useState(0);
  const state = useCall(`totp:${version}`, () => callControlCenter(CC_TOTP_GET));
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | undefined>(undefined);
  const refresh = () => setVersion((value) => value + 1);
  return (
    <section className="cc-totp" aria-labelledby="cc-totp-title">
      <h3 id="cc-totp-title">Second factor (authenticator app)</h3>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} /> : null}
      {state.status === 'loading' ? <p aria-live="polite">Loading…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.state === 'on' ? <TotpOn state={state.value} onOff={refresh} /> : null}
      {state.status === 'done' && state.value.state !== 'on' ? (
        <TotpOff
          onOn={(codes) => {
            setRecoveryCodes(codes);
            refresh();
          }}
        />
      ) : null}
    </section>
  );
}

/** Off (or enrolment not confirmed): start enrolment, then confirm it with a code. */
function TotpOff({ onOn }: { onOn: (recoveryCodes: readonly string[]) => void }) {
  const id = useId();
  const [enrolment, setEnrolment] = useState<Enrolment | undefined>(undefined);
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setEnrolment(await callControlCenter(CC_TOTP_START, { body: {} }));
      setRefusal(undefined);
    } catch (error) {
      setRefusal(refusalOf(error, 'Enrolment did not start:'));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = formText(new FormData(event.currentTarget), 'code');
    setBusy(true);
    try {
      const { recoveryCodes } = await callControlCenter(CC_TOTP_CONFIRM, { body: { code } });
      onOn(recoveryCodes);
    } catch (error) {
      setRefusal(refusalOf(error, 'The second factor is not on yet:'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cc-totp-off">
      <p>Off: signing in asks for your password only. With it on, signing in also asks for the code an authenticator app shows.</p>
      {refusal ? <ProblemsAlert intro={refusal.intro} problems={refusal.problems} /> : null}
      <button type="button" className="cc-button" onClick={() => void start()} disabled={busy}>
        {enrolment ? 'Start again with a new secret' : 'Set up an authenticator app'}
      </button>
      {enrolment ? (
        <form className="cc-totp-confirm" onSubmit={(event) => void confirm(event)}>
          <p>Scan this code with your authenticator app, or type the secret into it:</p>
          {/* The server made this SVG from the otpauth:// URI (qrcode); it holds paths only. */}
          <div className="cc-totp-qr" role="img" aria-label="QR code of the new secret" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p>
            Secret: <code id={`${id}-secret`} className="cc-totp-secret">{enrolment.secret}</code>
          </p>
          <p className="cc-field">
            <label htmlFor={`${id}-code`}>Code the app shows now</label>
            <input id={`${id}-code`} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required maxLength={32} spellCheck={false} />
          </p>
          <button type="submit" className="button" disabled={busy}>
            Turn on
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** On: since when, recovery codes left, and turning it off with the password or a code. */
function TotpOn({ state, onOff }: { state: TotpStateAnswer; onOff: () => void }) {
  const id = useId();
  const [refusal, setRefusal] = useState<Refusal | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = formText(data, 'password');
    const code = formText(data, 'code');
    setBusy(true);
    try {
      await callControlCenter(CC_TOTP_DISABLE, { body: { ...(password ? { password } : {}), ...(code ? { code } : {}) } });
      onOff();
    } catch (error) {
      setRefusal(refusalOf(error, 'The second factor is still on:'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cc-totp-on">
      <p>
        On since {state.enabledAt ?? 'enrolment'}; {state.recoveryCodesLeft ?? 0} recovery codes left. Signing in asks for your password, then a code.
      </p>
      <form className="cc-totp-disable" onSubmit={(event) => void turnOff(event)}>
        <p>To turn it off, give your current password or a current code.</p>
        {refusal ? <ProblemsAlert intro={refusal.intro} problems={refusal.problems} /> : null}
        <p className="cc-field">
          <label htmlFor={`${id}-password`}>Current password</label>
          <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" maxLength={256} />
        </p>
        <p className="cc-field">
          <label htmlFor={`${id}-code`}>or a current code</label>
          <input id={`${id}-code`} name="code" type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={32} spellCheck={false} />
        </p>
        <button type="submit" className="cc-button" disabled={busy}>
          Turn off
        </button>
      </form>
    </div>
  );
}

/** The recovery codes, shown once right after turning it on. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  return (
    <div className="cc-totp-recovery" role="status">
      <p>
        The second factor is on. Keep these recovery codes somewhere safe: each signs you in once without the app, and they are not shown again.
      </p>
      <ul className="cc-totp-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="cc-button" onClick={onDone}>
        I have kept them
      </button>
    </div>
  );
}
