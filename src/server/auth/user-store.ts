/**
 * Control-center accounts: who may sign in. An email is
 * the account's key, in the one spelling `normaliseEmail` gives; the password is stored only as a scrypt hash
 * (auth/passwords.ts). A disabled account cannot sign in, and its live sessions stop working
 * (the session lookup checks the account each time: see auth-session.ts).
 */
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../platform/store/schema.ts';
import { normaliseEmail } from '../../core/control-center/accounts.ts';

/** An account as the store gives it out: never with its password hash. */
export interface StaffUser {
  email: string;
  name: string;
  disabled: boolean;
  /** Server ISO times; lastSignInAt undefined until the first sign-in. */
  createdAt: string;
  lastSignInAt?: string;
}

/** An account to create: the password already hashed. */
export interface NewStaffUser {
  email: string;
  name: string;
  passwordHash: string;
  now?: Date;
}

/** The store's account methods. */
export interface UserStore {
  /** Creates an account; false when one with this email exists (nothing is changed then). */
  createUser(user: NewStaffUser): Promise<boolean>;
  /** The account with this email (any case), undefined when there is none. */
  getUser(email: string): Promise<StaffUser | undefined>;
  /** The stored hash of an enabled account's password, for sign-in only; undefined when there is no such enabled account. */
  getPasswordHash(email: string): Promise<string | undefined>;
  /** Every account, by email. */
  listUsers(): Promise<StaffUser[]>;
  /** How many accounts exist (enabled or not). */
  countUsers(): Promise<number>;
  /** Disables or re-enables an account; false when there is no such account. */
  setUserDisabled(email: string, disabled: boolean): Promise<boolean>;
  /** Notes a successful sign-in. */
  recordSignIn(email: string, now?: Date): Promise<void>;
  /** Replaces an account's password hash; false when there is no such account. */
  setPasswordHash(email: string, passwordHash: string): Promise<boolean>;
}


function fromRow(row: UsersTable): StaffUser {
  return {
    email: row.email,
    name: row.name,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    ...(row.last_sign_in_at ? { lastSignInAt: row.last_sign_in_at } : {}),
  };
}

/** Builds the account methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createUserQueries(db: Kysely<Database>, assertOpen: () => void): UserStore {
  return {
    async createUser({ email, name, passwordHash, now = new Date() }) {
      assertOpen();
      const result = await db
        .insertInto('users')
        .values({ email: normaliseEmail(email), name, password_hash: passwordHash, disabled: 0, created_at: now.toISOString(), last_sign_in_at: null })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async getUser(email) {
      assertOpen();
      const row = await db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },

    async getPasswordHash(email) {
      assertOpen();
      const row = await db.selectFrom('users').select('password_hash').where('email', '=', normaliseEmail(email)).where('disabled', '=', 0).executeTakeFirst();
      return row?.password_hash;
    },

    async listUsers() {
      assertOpen();
      return (await db.selectFrom('users').selectAll().orderBy('email').execute()).map(fromRow);
    },

    async countUsers() {
      assertOpen();
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async setUserDisabled(email, disabled) {
      assertOpen();
      const result = await db
        .updateTable('users')
        .set({ disabled: disabled ? 1 : 0 })
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async setPasswordHash(email, passwordHash) {
      assertOpen();
      const result = await db.updateTable('users').set({ password_hash: passwordHash }).where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async recordSignIn(email, now = new Date()) {
      assertOpen();
      await db.updateTable('users').set({ last_sign_in_at: now.toISOString() }).where('email', '=', normaliseEmail(email)).execute();
    },
  };
}
