/**
 * The versioned content store (pages: every version kept with who and when, publish,
 * restore, a second save on the same version refused) on SQLite and on PostgreSQL, including two
 * stores on one database saving on the same base version at the same moment: exactly one wins and
 * the other is told which version did.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ContentSave } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const T1 = new Date('2026-05-01T10:00:00.000Z');
const T2 = new Date('2026-05-01T11:00:00.000Z');
const T3 = new Date('2026-05-01T12:00:00.000Z');
const IMAGE = 'a'.repeat(64);

const save = (overrides: Partial<ContentSave>): ContentSave => ({
  kind: 'page',
  branch: 'ac',
  itemKey: 'quiz-otc',
  fields: { headline: 'One' },
  baseVersion: 0,
  by: 'ann@example.com',
  now: T1,
  ...overrides,
});

for (const dialect of STORE_DIALECTS) {
  describe(`content store on ${dialect}`, () => {
    test('saves numbered versions, lists them newest first, and refuses a save on a stale base', () =>
      withStore(dialect, async (store) => {
        const first = await store.saveContentVersion(save({}));
        assert.ok('saved' in first);
        assert.deepEqual(first.saved, { kind: 'page', branch: 'ac', itemKey: 'quiz-otc', version: 1, fields: { headline: 'One' }, createdAt: T1.toISOString(), createdBy: 'ann@example.com' });
        const second = await store.saveContentVersion(save({ fields: { headline: 'Two' }, baseVersion: 1, by: 'bob@example.com', now: T2 }));
        assert.ok('saved' in second && second.saved.version === 2);

        const stale = await store.saveContentVersion(save({ fields: { headline: 'Late' }, baseVersion: 1, by: 'cy@example.com', now: T3 }));
        assert.ok('conflict' in stale);
        assert.equal(stale.conflict.version, 2);
        assert.equal(stale.conflict.createdBy, 'bob@example.com');
        assert.deepEqual(stale.conflict.fields, { headline: 'Two' });

        const versions = await store.listContentVersions('page', 'ac', 'quiz-otc');
        assert.deepEqual(versions.map((v) => [v.version, v.fields.headline, v.createdBy]), [
          [2, 'Two', 'bob@example.com'],
          [1, 'One', 'ann@example.com'],
        ]);
        assert.equal((await store.getContentVersion('page', 'ac', 'quiz-otc', 1))?.fields.headline, 'One');
        assert.equal(await store.getContentVersion('page', 'ac', 'quiz-otc', 9), undefined);
        // Items are separate per kind, branch and key.
        assert.deepEqual(await store.listContentVersions('page', 'emily', 'quiz-otc'), []);
        assert.deepEqual(await store.listContentVersions('article', 'ac', 'quiz-otc'), []);
      }));

    test('refuses a base version that never existed or is not a whole number', () =>
      withStore(dialect, async (store) => {
        await assert.rejects(store.saveContentVersion(save({ baseVersion: 3 })), /has no version 3/);
        await assert.rejects(store.saveContentVersion(save({ baseVersion: -1 })), RangeError);
        await assert.rejects(store.saveContentVersion(save({ baseVersion: 1.5 })), RangeError);
        assert.deepEqual(await store.listContentVersions('page', 'ac', 'quiz-otc'), []);
      }));

    test('publishes a version, re-publishes an older one (restore), and lists items with their live version', () =>
      withStore(dialect, async (store) => {
        assert.equal(await store.getLiveContent('page', 'ac', 'quiz-otc'), undefined);
        assert.equal(await store.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'ann@example.com', T1), undefined, 'no such version yet');
        await store.saveContentVersion(save({}));
        await store.saveContentVersion(save({ fields: { headline: 'Two' }, baseVersion: 1, now: T2 }));

        assert.deepEqual(await store.publishContentVersion('page', 'ac', 'quiz-otc', 2, 'bob@example.com', T2), { version: 2, publishedAt: T2.toISOString(), publishedBy: 'bob@example.com' });
        const live = await store.getLiveContent('page', 'ac', 'quiz-otc');
        assert.equal(live?.version, 2);
        assert.deepEqual(live?.fields, { headline: 'Two' });
        assert.deepEqual(live?.live, { version: 2, publishedAt: T2.toISOString(), publishedBy: 'bob@example.com' });

        await store.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'cy@example.com', T3);
        const restored = await store.getLiveContent('page', 'ac', 'quiz-otc');
        assert.equal(restored?.version, 1);
        assert.deepEqual(restored?.fields, { headline: 'One' });
        assert.equal(restored?.live.publishedBy, 'cy@example.com');

        await store.saveContentVersion(save({ itemKey: 'grocery', fields: { title: 'G' } }));
        const items = await store.listContentItems('page', 'ac');
        assert.deepEqual(
          items.map((item) => [item.itemKey, item.newest.version, item.live?.version]),
          [
            ['grocery', 1, undefined],
            ['quiz-otc', 2, 1],
          ],
        );
        assert.deepEqual(await store.listContentItems('page', 'emily'), []);
      }));

    test('a branch has live content of a kind once one of its items is published, and only that kind and branch', () =>
      withStore(dialect, async (store) => {
        await store.saveContentVersion(save({ kind: 'article', branch: 'emily', itemKey: 'first' }));
        assert.equal(await store.hasLiveContent('article', 'emily'), false, 'a draft is not live');
        await store.publishContentVersion('article', 'emily', 'first', 1, 'ann@example.com', T1);
        assert.equal(await store.hasLiveContent('article', 'emily'), true);
        assert.equal(await store.hasLiveContent('article', 'wc'), false, 'another branch');
        assert.equal(await store.hasLiveContent('page', 'emily'), false, 'another kind');
      }));

    test("finds the items whose newest or live version uses an image", () =>
      withStore(dialect, async (store) => {
        await store.saveContentVersion(save({ fields: { image: IMAGE } }));
        await store.publishContentVersion('page', 'ac', 'quiz-otc', 1, 'ann@example.com');
        // The newest version drops the image, but the live one still shows it.
        await store.saveContentVersion(save({ fields: {}, baseVersion: 1 }));
        await store.saveContentVersion(save({ kind: 'article', itemKey: 'why-otc', fields: { image: IMAGE } }));
        await store.saveContentVersion(save({ itemKey: 'grocery', fields: { image: 'b'.repeat(64) } }));
        const users = await store.findContentUsingImage('ac', IMAGE);
        assert.deepEqual(
          users.map((user) => `${user.kind}:${user.itemKey}@${user.version}`).sort(),
          ['article:why-otc@1', 'page:quiz-otc@1'],
        );
        assert.deepEqual(await store.findContentUsingImage('emily', IMAGE), []);
      }));

    test('two stores saving on the same base version at once: exactly one wins', () =>
      withStore(dialect, async (store, target) => {
        const other = await target.open();
        try {
          await store.saveContentVersion(save({}));
          for (let round = 1; round <= 5; round += 1) {
            const outcomes = await Promise.all([
              store.saveContentVersion(save({ fields: { headline: `A${round}` }, baseVersion: round, by: 'ann@example.com' })),
              other.saveContentVersion(save({ fields: { headline: `B${round}` }, baseVersion: round, by: 'bob@example.com' })),
            ]);
            const saved = outcomes.flatMap((outcome) => ('saved' in outcome ? [outcome.saved] : []));
            const conflicts = outcomes.flatMap((outcome) => ('conflict' in outcome ? [outcome.conflict] : []));
            assert.equal(saved.length, 1, `round ${round}: one save wins`);
            assert.equal(conflicts.length, 1, `round ${round}: one save is refused`);
            assert.equal(saved[0]!.version, round + 1);
            assert.deepEqual(conflicts[0], saved[0], 'the loser sees the winning version');
          }
          assert.equal((await store.listContentVersions('page', 'ac', 'quiz-otc')).length, 6);
        } finally {
          await other.close();
        }
      }));
  });
}
