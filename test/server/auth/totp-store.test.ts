/**
 * The second factor's part of the store (auth/totp-store.ts) on SQLite and PostgreSQL, and the
 * sealing of its secrets (auth/totp-secret-box.ts): enrolment stays unconfirmed until confirmed
 * with the secret that was checked, a confirmed one is never replaced by starting again, a time
 * step and a recovery code are each taken once (also when two take them at the same moment).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { totpSecretBox } from '../../../src/server/auth/totp-secret-box.ts';
import { totpStateOf } from '../../../src/server/auth/totp-store.ts';
import { matchingTimeStep, newTotpSecret, recoveryCodeHash, timeStepAt, totpCodeAt } from '../../../src/server/auth/totp.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const EMAIL = 'ana@example.com';

for (const dialect of STORE_DIALECTS) {
  describe(`the second factor's store on ${dialect}`, () => {
    test('start, restart, confirm only with the checked secret, never replaced once on, removed', () =>
      withStore(dialect, async (store) => {
        assert.deepEqual(await totpStateOf(store, EMAIL), { state: 'off' });
        assert.equal(await store.startTotp(EMAIL, 'first'), true);
        assert.equal(await store.startTotp('ANA@example.com', 'second'), true, 'an unconfirmed one is replaced (any spelling of the email)');
        assert.deepEqual(await totpStateOf(store, EMAIL), { state: 'pending' });
        assert.equal(await store.acceptTotpStep(EMAIL, 5), false, 'an unconfirmed factor takes no code');
        assert.equal(await store.confirmTotp(EMAIL, { secretCipher: 'first', step: 10, recoveryHashes: ['a', 'b'] }), false, 'not with the replaced secret');
        assert.equal(await store.confirmTotp(EMAIL, { secretCipher: 'second', step: 10, recoveryHashes: ['a', 'b'], now: new Date('2026-11-27T12:00:00Z') }), true);
        assert.deepEqual(await totpStateOf(store, EMAIL), { state: 'on', enabledAt: '2026-11-27T12:00:00.000Z', recoveryCodesLeft: 2 });
        assert.equal(await store.startTotp(EMAIL, 'third'), false, 'a confirmed one is not replaced');
        assert.equal((await store.getTotp(EMAIL))?.secretCipher, 'second');
        assert.equal(await store.removeTotp(EMAIL), true);
        assert.equal(await store.removeTotp(EMAIL), false);
        assert.equal(await store.getTotp(EMAIL), undefined);
      }));

    test('each time step once and in order, also when two nodes take the same one together', () =>
      withStore(dialect, async (store) => {
        await store.startTotp(EMAIL, 'sealed');
        await store.confirmTotp(EMAIL, { secretCipher: 'sealed', step: 100, recoveryHashes: [] });
        assert.equal(await store.acceptTotpStep(EMAIL, 100), false, 'the confirming step is spent');
        assert.equal(await store.acceptTotpStep(EMAIL, 99), false, 'an older step');
        const together = await Promise.all([store.acceptTotpStep(EMAIL, 101), store.acceptTotpStep(EMAIL, 101)]);
        assert.deepEqual(together.sort(), [false, true]);
        assert.equal((await store.getTotp(EMAIL))?.lastStep, 101);
      }));

    test('a recovery code is used up once, also when used twice at the same moment', () =>
      withStore(dialect, async (store) => {
        await store.startTotp(EMAIL, 'sealed');
        await store.confirmTotp(EMAIL, { secretCipher: 'sealed', step: 1, recoveryHashes: ['h1', 'h2', 'h3'] });
        assert.equal(await store.useRecoveryCode(EMAIL, 'unknown'), false);
        const together = await Promise.all([store.useRecoveryCode(EMAIL, 'h2'), store.useRecoveryCode(EMAIL, 'h2')]);
        assert.deepEqual(together.sort(), [false, true]);
        assert.deepEqual((await store.getTotp(EMAIL))?.recoveryHashes, ['h1', 'h3']);
      }));
  });
}

describe('sealed secrets and codes', () => {
  const box = totpSecretBox(randomBytes(32));
  const secret = newTotpSecret();

  test('a sealed secret opens with its key for its account only', () => {
    const sealed = box.seal(EMAIL, secret);
    assert.ok(!sealed.includes(secret));
    assert.equal(box.open(' ANA@example.com ', sealed), secret);
    assert.equal(box.open('other@example.com', sealed), undefined, 'copied to another account');
    assert.equal(totpSecretBox(randomBytes(32)).open(EMAIL, sealed), undefined, 'another key (SESSION_KEY changed)');
    assert.equal(box.open(EMAIL, `${sealed.slice(0, -2)}AA`), undefined, 'tampered with');
    assert.equal(box.open(EMAIL, 'not sealed at all'), undefined);
  });

  test('a code matches its own step within one step either side, and nothing but six digits', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    const cases: Array<[offsetSteps: number, matches: boolean]> = [[-2, false], [-1, true], [0, true], [1, true], [2, false]];
    for (const [offset, matches] of cases) {
      const at = now + offset * 30_000;
      assert.equal(matchingTimeStep(secret, totpCodeAt(secret, at), now), matches ? timeStepAt(at) : undefined, `offset ${offset}`);
    }
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) assert.equal(matchingTimeStep(secret, code, now), undefined, JSON.stringify(code));
  });

  test('recovery codes hash the same whatever the case, spaces and dashes', () => {
    assert.equal(recoveryCodeHash('abcde-fghjk'), recoveryCodeHash(' ABCDE FGHJK '));
    assert.equal(recoveryCodeHash('abcde-fghjk'), recoveryCodeHash('abcdefghjk'));
    assert.notEqual(recoveryCodeHash('abcde-fghjk'), recoveryCodeHash('abcde-fghjm'));
  });
});
