/**
 * The sign-in session in the browser (spec §4 "Auth", §7, §8 "Session fetch failure: treated
 * silently as signed out").
 */
import { isAuthSessionResponse } from '../../core/contract/checks.ts';
import { AUTH_SESSION_PATH } from '../../core/contract/paths.ts';
import { AUTH_NOT_READY, type AuthSession, type AuthState } from '../../ui/runtime.tsx';

/** What the session fetch asks for (spec §7: Accept text/json). */
export const AUTH_SESSION_ACCEPT = 'text/json';

/** After the first fetch, without a user. */
export const SIGNED_OUT: AuthState = Object.freeze({ ready: true, loggedIn: false, user: null });

/** The browser's session: {@link AuthSession} plus the fetch that fills it. */
export interface AuthSessionClient extends AuthSession {
  /** Asks the server once (no retries); any failure counts as signed out. Resolves to the new state. */
  refresh(): Promise<AuthState>;
}

/**
 * The session client. `ready` turns true after the first fetch whatever it answered; `loggedIn`
 * is true only when the answer holds a user.
 */
export function createAuthSession(options: { fetch?: typeof fetch } = {}): AuthSessionClient {
  const { fetch: request = globalThis.fetch } = options;
  const listeners = new Set<() => void>();
  let state = AUTH_NOT_READY;

  function set(next: AuthState) {
    state = next;
    for (const listener of listeners) listener();
  }

  async function readSession(): Promise<AuthState> {
    try {
      const response = await request(AUTH_SESSION_PATH, { headers: { accept: AUTH_SESSION_ACCEPT }, cache: 'no-store' });
      if (!response.ok) return SIGNED_OUT;
      const answer: unknown = await response.json();
      if (!isAuthSessionResponse(answer) || !answer.loggedIn || !answer.user) return SIGNED_OUT;
      // The name trimmed, as the server's schema reads it.
      return { ready: true, loggedIn: true, user: { email: answer.user.email, name: answer.user.name.trim() } };
    } catch {
      return SIGNED_OUT;
    }
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async refresh() {
      set(await readSession());
      return state;
    },
    async signOut() {
      let confirmed = false;
      try {
        const response = await request(AUTH_SESSION_PATH, { method: 'DELETE', headers: { accept: AUTH_SESSION_ACCEPT } });
        void response.body?.cancel().catch(() => undefined);
        confirmed = response.ok;
      } catch {
        // The session is emptied here all the same; the caller learns the server did not confirm.
      }
      set(SIGNED_OUT);
      return confirmed;
    },
  };
}
