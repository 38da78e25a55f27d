/**
 * Sign-in sessions kept server-side: the cookie carries only a
 * random session id (encrypted), the store says whether that session is still live. Signing out
 * revokes the row, so a copied cookie stops working on every node at once; a session also ends on
 * its own at `expiresAt`.
 *
 * The store never holds the id itself, only its SHA-256: someone reading the table (a backup, a
 * replica) cannot turn a row into a working cookie. Expired rows are deleted whenever a session
 * is created, so the table holds roughly one day of sign-ins.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { assertPositiveInteger } from '../platform/store/arguments.ts';
import type { Database, SessionsTable } from '../platform/store/schema.ts';
import { normaliseEmail } from '../../core/control-center/accounts.ts';

/** Who a session belongs to. */
export interface SessionPrincipal {
  email: string;
  name: string;
}

/** A live session. */
export interface StoredSession {
  /** The secret session id (43 base64url characters) the cookie carries. */
  id: string;
  user: SessionPrincipal;
  /** Server ISO times. */
  createdAt: string;
  expiresAt: string;
}

/** A session to start. */
export interface NewSession {
  user: SessionPrincipal;
  /** How long it lives, in seconds (a positive integer). */
  ttlSeconds: number;
  /** The start time (default: now). */
  now?: Date;
}

/** The store's session methods. */
export interface SessionStore {
  /** Starts a session and returns it with its new secret id; expired sessions are purged on the way. */
  createSession(session: NewSession): Promise<StoredSession>;
  /** The session with this id when it is live (neither revoked nor expired at `now`); otherwise undefined. */
  getSession(id: string, now?: Date): Promise<StoredSession | undefined>;
  /** Ends the session with this id, on every node; true when a live session was ended. */
  revokeSession(id: string, now?: Date): Promise<boolean>;
  /** Ends every live session of the account `email` (a password change), on every node; how many were ended. */
  revokeSessionsOf(email: string, now?: Date): Promise<number>;
}

/** Bytes of randomness in a session id. */
const SESSION_ID_BYTES = 32;

/** A session id as {@link SessionStore.createSession} makes them; anything else is not looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The primary key a session id is stored under. */
function idHash(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

function fromRow(id: string, row: SessionsTable): StoredSession {
  return { id, user: { email: row.user_email, name: row.user_name }, createdAt: row.created_at, expiresAt: row.expires_at };
}

/** Builds the session methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createSessionQueries(db: Kysely<Database>, assertOpen: () => void): SessionStore {
  return {
    async createSession({ user, ttlSeconds, now = new Date() }) {
      assertOpen();
      assertPositiveInteger('session ttlSeconds', ttlSeconds);
      const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
      const createdAt = now.toISOString();
      const row: SessionsTable = {
        id: idHash(id),
        user_email: user.email,
        user_name: user.name,
        created_at: createdAt,
        expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
        revoked_at: null,
      };
      await db.deleteFrom('sessions').where('expires_at', '<=', createdAt).execute();
      await db.insertInto('sessions').values(row).execute();
      return fromRow(id, row);
    },

    async getSession(id, now = new Date()) {
      assertOpen();
      if (!SESSION_ID.test(id)) return undefined;
      const row = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', idHash(id))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row === undefined ? undefined : fromRow(id, row);
    },

    async revokeSession(id, now = new Date()) {
      assertOpen();
      if (!SESSION_ID.test(id)) return false;
      const at = now.toISOString();
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', idHash(id))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async revokeSessionsOf(email, now = new Date()) {
      assertOpen();
      const at = now.toISOString();
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_email', '=', normaliseEmail(email))
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
