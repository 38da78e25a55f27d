/**
 * CSP nonces from the pool (src/server/platform/http/script-nonce.ts): each 16 random bytes as base64,
 * never handed out twice, across several refills of the pool.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NONCE_BYTES, scriptNonce } from '../../src/server/platform/http/script-nonce.ts';

test('every nonce is 128 bits of base64 and none repeats, over three pool refills', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 1000; i++) {
    const nonce = scriptNonce();
    assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
    assert.equal(Buffer.from(nonce, 'base64').length, NONCE_BYTES);
    assert.ok(!seen.has(nonce), `nonce ${i} was handed out before`);
    seen.add(nonce);
  }
});
