import { useState, useSyncExternalStore } from 'react';
import { href } from '../../../core/router/route-patterns.ts';
import { AUTH_NOT_READY, useRuntime } from '../../runtime.tsx';

/**
 * The signed-in account (name and email), a link to its screen (password change), and Sign out: the session is ended (DELETE
 * /api/_auth/session through the runtime) and the browser goes to the sign-in page.
 */
export function AccountBar() {
  const { auth } = useRuntime();
  const state = useSyncExternalStore(auth.subscribe, auth.getSnapshot, () => AUTH_NOT_READY);
  const [signingOut, setSigningOut] = useState(false);
  if (!state.ready) return <p className="cc-account" aria-live="polite">Checking your session…</p>;
  if (!state.loggedIn || !state.user) return <p className="cc-account" aria-live="polite">You are not signed in.</p>;
  const signOut = async () => {
    setSigningOut(true);
    await auth.signOut();
    window.location.assign(href('cc-sign-in'));
  };
  return (
    <div className="cc-account">
      <p>
        <strong>{state.user.name}</strong> <span className="cc-account-email">{state.user.email}</span>
      </p>
      <a className="cc-account-link" href={href('cc-account')}>
        Your account
      </a>
      <button type="button" className="cc-button" onClick={() => void signOut()} disabled={signingOut}>
        Sign out
      </button>
    </div>
  );
}
