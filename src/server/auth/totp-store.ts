/**
 * The store's part of the optional second factor: one row per account that started TOTP
 * enrolment (table `staff_totp`). The secret is kept only encrypted (totp-secret-box.ts); it is
 * asked for at sign-in only once confirmed. Every write that must happen once (a code's time
 * step, a recovery code) is a conditional update, so two nodes accepting the same code at the
 * same moment cannot both succeed.
 */
import type { Kysely } from 'kysely';
import type { TotpStateAnswer } from '../../core/contract/totp.ts';
import { normaliseEmail } from '../../core/control-center/accounts.ts';
import type { Database, StaffTotpTable } from '../platform/store/schema.ts';

/** An account's second factor as stored. */
export interface StoredTotp {
  /** The encrypted secret (totp-secret-box.ts). */
  secretCipher: string;
  /** Server ISO times; confirmedAt undefined while enrolment waits for its first code. */
  createdAt: string;
  confirmedAt?: string;
  /** The last time step whose code was accepted. */
  lastStep?: number;
  /** SHA-256 hashes (hex) of the recovery codes not used yet. */
  recoveryHashes: string[];
}

/** The store's second-factor methods. Every email is read in the one spelling `normaliseEmail` gives. */
export interface TotpStore {
  /** The account's second factor, confirmed or not; undefined when it has none. */
  getTotp(email: string): Promise<StoredTotp | undefined>;
  /** Keeps a new, unconfirmed secret for the account (replacing an unconfirmed one); false when a confirmed one exists. */
  startTotp(email: string, secretCipher: string, now?: Date): Promise<boolean>;
  /**
   * Confirms the unconfirmed secret `secretCipher` (the one the code was checked against, so a
   * restarted enrolment is not confirmed by the old one's code), noting `step` as used and keeping
   * the recovery codes' hashes; false when that secret is no longer the pending one.
   */
  confirmTotp(email: string, confirmation: { secretCipher: string; step: number; recoveryHashes: string[]; now?: Date }): Promise<boolean>;
  /** Notes time step `step` as used; false when it, or a later one, was used already (a replayed code). */
  acceptTotpStep(email: string, step: number): Promise<boolean>;
  /** Uses up the recovery code with this hash; false when the account has no such unused code. */
  useRecoveryCode(email: string, hash: string): Promise<boolean>;
  /** Removes the account's second factor, confirmed or not; false when it had none. */
  removeTotp(email: string): Promise<boolean>;
}

function fromRow(row: StaffTotpTable): StoredTotp {
  return {
    secretCipher: row.secret_cipher,
    createdAt: row.created_at,
    ...(row.confirmed_at === null ? {} : { confirmedAt: row.confirmed_at }),
    ...(row.last_step === null ? {} : { lastStep: Number(row.last_step) }),
    recoveryHashes: parseHashes(row.recovery_hashes),
  };
}

function parseHashes(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** How often a recovery code's use is tried again when another use changed the list meanwhile. */
const RECOVERY_RETRIES = 5;

/** Builds the second-factor methods over an already-migrated database; `assertOpen` is the owning store's closed check. */
export function createTotpQueries(db: Kysely<Database>, assertOpen: () => void): TotpStore {
  return {
    async getTotp(email) {
      assertOpen();
      const row = await db.selectFrom('staff_totp').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return row === undefined ? undefined : fromRow(row);
    },

    async startTotp(email, secretCipher, now = new Date()) {
      assertOpen();
      const row: StaffTotpTable = { email: normaliseEmail(email), secret_cipher: secretCipher, created_at: now.toISOString(), confirmed_at: null, last_step: null, recovery_hashes: '[]' };
      const result = await db
        .insertInto('staff_totp')
        .values(row)
        .onConflict((conflict) =>
          conflict
            .column('email')
            .doUpdateSet({ secret_cipher: row.secret_cipher, created_at: row.created_at, last_step: null, recovery_hashes: '[]' })
            // A confirmed second factor is never replaced by starting again: it is turned off first.
            .where('staff_totp.confirmed_at', 'is', null),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async confirmTotp(email, { secretCipher, step, recoveryHashes, now = new Date() }) {
      assertOpen();
      const result = await db
        .updateTable('staff_totp')
        .set({ confirmed_at: now.toISOString(), last_step: step, recovery_hashes: JSON.stringify(recoveryHashes) })
        .where('email', '=', normaliseEmail(email))
        .where('secret_cipher', '=', secretCipher)
        .where('confirmed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async acceptTotpStep(email, step) {
      assertOpen();
      const result = await db
        .updateTable('staff_totp')
        .set({ last_step: step })
        .where('email', '=', normaliseEmail(email))
        .where('confirmed_at', 'is not', null)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async useRecoveryCode(email, hash) {
      assertOpen();
      const key = normaliseEmail(email);
      for (let attempt = 0; attempt < RECOVERY_RETRIES; attempt += 1) {
        const row = await db.selectFrom('staff_totp').select('recovery_hashes').where('email', '=', key).where('confirmed_at', 'is not', null).executeTakeFirst();
        if (row === undefined) return false;
        const hashes = parseHashes(row.recovery_hashes);
        if (!hashes.includes(hash)) return false;
        // Written only over the list just read: a concurrent use of the same code makes one of the two updates miss.
        const result = await db
          .updateTable('staff_totp')
          .set({ recovery_hashes: JSON.stringify(hashes.filter((item) => item !== hash)) })
          .where('email', '=', key)
          .where('recovery_hashes', '=', row.recovery_hashes)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) return true;
      }
      return false;
    },

    async removeTotp(email) {
      assertOpen();
      const result = await db.deleteFrom('staff_totp').where('email', '=', normaliseEmail(email)).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/** `email`'s second factor as the API and the CLI show it: off, pending (enrolment not confirmed), or on. */
export async function totpStateOf(store: Pick<TotpStore, 'getTotp'>, email: string): Promise<TotpStateAnswer> {
  const stored = await store.getTotp(email);
  if (stored === undefined) return { state: 'off' };
  if (stored.confirmedAt === undefined) return { state: 'pending' };
  return { state: 'on', enabledAt: stored.confirmedAt, recoveryCodesLeft: stored.recoveryHashes.length };
}
