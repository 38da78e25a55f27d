/**
 * CSP nonces (security.ts): 128 bits from the system's CSPRNG each, base64. They are drawn 256 at
 * a time into a pool and handed out in order, each 16 bytes used once, so a request costs a slice
 * and a base64 encoding instead of a call into the random source (about 1% of a cached page
 * answer's CPU); the same batching Node's own `randomUUID` does.
 */
import { randomFillSync } from 'node:crypto';

/** Bytes of one nonce: 128 bits, as CSP Level 3 recommends at least. */
export const NONCE_BYTES = 16;

const POOL_NONCES = 256;
const pool = Buffer.alloc(NONCE_BYTES * POOL_NONCES);
/** Where the next unused nonce starts; at the end, the pool is refilled. */
let next = pool.length;

/** A fresh nonce: 16 random bytes never handed out before, base64 (24 characters). */
export function scriptNonce(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}
