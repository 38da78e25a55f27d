/**
 * The type of the session routes' answer, apart from both things that describe it: the zod
 * schema (auth-session.ts, which must satisfy it) and the browser's zod-free check (checks.ts).
 * Each of those imports this file and nothing of the other's, so neither depends on the other
 * (auth-session.ts reads the user-name limit from checks.ts).
 */

/** The signed-in user as the session routes show it. */
export interface SessionUserAnswer {
  email: string;
  name: string;
}

/** The answer of every session route: `user` only when signed in. */
export interface AuthSessionResponse {
  loggedIn: boolean;
  user?: SessionUserAnswer | undefined;
}
