/**
 * What a control-center account is made of, one schema per field, shared by the CLI
 * (`cobrand users add`), the sign-in API and its page.
 */
import * as z from 'zod';
import { normaliseEmail } from '../contact/spelling.ts';

/** Shortest password accepted for a new account (NIST SP 800-63B asks for at least 8; staff accounts reach every lead). */
export const MIN_PASSWORD_LENGTH = 12;

/** Longest password accepted: hashing megabytes would be a denial of service. */
export const MAX_PASSWORD_LENGTH = 256;

/** Longest accepted account name. */
const MAX_NAME_LENGTH = 256;

/**
 * The one spelling of an email that names an account, used for every look-up, every stored
 * account and every count of failed sign-ins: two spellings that a person would read as one
 * address must never get two budgets of guesses. Shared with the leads' contact keys.
 */
export { normaliseEmail };

/** An account's email, its key, in the spelling {@link normaliseEmail} gives. */
export const StaffEmailSchema = z
  .string()
  .transform(normaliseEmail)
  .pipe(z.email({ error: (issue) => `'${String(issue.input)}' is not an email address` }));

/** The name shown for an account. */
export const StaffNameSchema = z.string().trim().min(1, 'the name is empty').max(MAX_NAME_LENGTH, `the name is longer than ${MAX_NAME_LENGTH} characters`);

/** A new account's password. */
export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `the password is shorter than ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `the password is longer than ${MAX_PASSWORD_LENGTH} characters`);

/** A password given at sign-in: any non-empty text up to the maximum (its length says nothing else). */
export const SignInPasswordSchema = z.string().min(1, 'the password is empty').max(MAX_PASSWORD_LENGTH, `the password is longer than ${MAX_PASSWORD_LENGTH} characters`);
