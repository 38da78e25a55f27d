/**
 * Phone rules in the store (migration 0008) on SQLite and on PostgreSQL: created with an
 * id and who and when, listed per branch (never another branch's), looked up per afid, their
 * fields replaced with the updater recorded, deleted, and still there after the store is closed
 * and opened again.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PhoneRuleFields } from '../../../src/core/phone-rules/fields.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const FIRST = new Date('2026-05-01T10:00:00.000Z');
const LATER = new Date('2026-05-02T10:00:00.000Z');

const PARTNER: PhoneRuleFields = { afid: 'partner7', number: '8885550142', routes: [], startsOn: null, endsOn: null };
const LIMITED: PhoneRuleFields = { afid: 'partner7', number: '8775550143', routes: ['index', 'quiz-otc'], startsOn: '2026-05-01', endsOn: '2026-05-31' };

for (const dialect of STORE_DIALECTS) {
  describe(`phone rules on ${dialect}`, () => {
    test('created, listed per branch and per afid, with their routes and days as given', () =>
      withStore(dialect, async (store) => {
        const open = await store.createPhoneRule('ac', PARTNER, 'staff@example.com', FIRST);
        const limited = await store.createPhoneRule('ac', LIMITED, 'staff@example.com', LATER);
        const other = await store.createPhoneRule('ac', { ...PARTNER, afid: 'another' }, 'staff@example.com', FIRST);
        await store.createPhoneRule('emily', PARTNER, 'staff@example.com', FIRST);
        assert.match(open.id, /^[0-9a-f-]{36}$/);
        assert.deepEqual(open, { id: open.id, branch: 'ac', ...PARTNER, createdAt: FIRST.toISOString(), createdBy: 'staff@example.com', updatedAt: FIRST.toISOString(), updatedBy: 'staff@example.com' });
        assert.deepEqual(await store.getPhoneRule('ac', limited.id), limited);
        assert.deepEqual(limited.routes, ['index', 'quiz-otc']);
        // By afid, then oldest first; emily's rule is not ac's.
        assert.deepEqual((await store.listPhoneRules('ac')).map((rule) => rule.id), [other.id, open.id, limited.id]);
        assert.deepEqual((await store.listPhoneRulesForAfid('ac', 'partner7')).map((rule) => rule.id).sort(), [open.id, limited.id].sort());
        assert.deepEqual(await store.listPhoneRulesForAfid('ac', 'PARTNER7'), [], 'afids match exactly');
        assert.equal(await store.getPhoneRule('emily', open.id), undefined, 'a rule is found only in its own branch');
      }));

    test('updated: fields replaced, the creator kept, the updater and time recorded; unknown ids change nothing', () =>
      withStore(dialect, async (store) => {
        const rule = await store.createPhoneRule('ac', LIMITED, 'first@example.com', FIRST);
        const updated = await store.updatePhoneRule('ac', rule.id, PARTNER, 'second@example.com', LATER);
        assert.deepEqual(updated, { ...rule, ...PARTNER, updatedAt: LATER.toISOString(), updatedBy: 'second@example.com' });
        assert.equal(await store.updatePhoneRule('emily', rule.id, LIMITED, 'x@example.com'), undefined);
        assert.equal(await store.updatePhoneRule('ac', 'no-such-rule', LIMITED, 'x@example.com'), undefined);
        assert.deepEqual(await store.getPhoneRule('ac', rule.id), updated);
      }));

    test('deleted once; kept across a restart until then', () =>
      withStore(dialect, async (store, target) => {
        const kept = await store.createPhoneRule('ac', PARTNER, 'staff@example.com', FIRST);
        const gone = await store.createPhoneRule('ac', LIMITED, 'staff@example.com', FIRST);
        assert.equal(await store.deletePhoneRule('emily', gone.id), false);
        assert.equal(await store.deletePhoneRule('ac', gone.id), true);
        assert.equal(await store.deletePhoneRule('ac', gone.id), false);
        const reopened = await target.open();
        try {
          assert.deepEqual(await reopened.listPhoneRules('ac'), [kept]);
        } finally {
          await reopened.close();
        }
      }));
  });
}
