/**
 * Password hashing for control-center accounts: Node's scrypt, a memory-hard KDF in
 * the standard library (no native package to build on three Node versions). A stored hash reads
 * `scrypt$N$r$p$salt$key` (salt and key base64url), so its cost can be raised later and old
 * hashes still verify.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: N = 2^15, r = 8, p = 1 (OWASP's minimum for scrypt), 32 MiB of memory per hash. */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;

/**
 * Hashes that run at once. scrypt runs on libuv's thread pool (4 threads by default), which file
 * reads and compression share: two at a time leave the other threads to the visitors' pages and
 * files however many sign-ins arrive together.
 */
export const HASH_CONCURRENCY = 2;

/**
 * Hashes that may wait for a turn; past them a sign-in is refused at once ({@link HashingBusyError})
 * instead of queueing: about a second of waiting at 2 at a time and some 100 ms a hash.
 */
export const HASH_QUEUE_LIMIT = 16;

/** Thrown when {@link HASH_CONCURRENCY} hashes run and {@link HASH_QUEUE_LIMIT} more wait. */
export class HashingBusyError extends Error {
  constructor() {
    super('password hashing is busy');
    this.name = 'HashingBusyError';
  }
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when a hashing turn is free; throws {@link HashingBusyError} when the queue is full. */
async function inHashingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (running stays as it is), or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Bytes of salt and of derived key. */
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.N * cost.r * 2 };
  return inHashingTurn(() => new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)))));
}

/** The stored form of `password`: a fresh salt and its scrypt key. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` is the one `stored` was made from; false for a wrong one or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isSafeInteger(value) && value > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the account does not exist, so a wrong email takes as long as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** Spends the time of one verification against a hash no password matches (see {@link decoyHash}). */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(password, await decoyHash);
  return false;
}

/** A random password for a generated account: 20 characters from a 32-letter alphabet (100 bits). */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789-';
  return [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length]).join('');
}
