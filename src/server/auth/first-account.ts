/**
 * The local account of a development server: `npm start` outside production creates
 * one when the store has no account at all, and prints its email and password once. There is no
 * other way in without an account: production accounts come from `cobrand users add`.
 */
import type { Store } from '../platform/store/index.ts';
import { generatePassword, hashPassword } from './passwords.ts';

/** The development account's email and name. */
export const LOCAL_ACCOUNT = { email: 'admin@ccc.localhost', name: 'Local admin' } as const;

/**
 * Creates {@link LOCAL_ACCOUNT} with a random password when `store` has no account; returns the
 * lines to print (email and password), or undefined when accounts existed already. Two servers
 * starting together on one store create it once (the insert is keyed by email).
 */
export async function createLocalAccountIfNone(store: Store): Promise<string[] | undefined> {
  if ((await store.countUsers()) > 0) return undefined;
  const password = generatePassword();
  if (!(await store.createUser({ ...LOCAL_ACCOUNT, passwordHash: await hashPassword(password) }))) return undefined;
  await store.recordAudit({ userEmail: 'npm-start', branch: null, itemKind: 'user', itemId: LOCAL_ACCOUNT.email, action: 'create', after: { ...LOCAL_ACCOUNT, disabled: false } });
  return [
    'Control center: a local account was created (shown this once; add others with `cobrand users add`):',
    `  email    ${LOCAL_ACCOUNT.email}`,
    `  password ${password}`,
  ];
}
