/**
 * Migration 0012 on SQLite and PostgreSQL: what else pages show and staff change (published
 * images, authors, phone rules) bumps the content epoch, so the HTML cache, keyed by the epoch
 * (src/server/pages/html-cache.ts), serves the change on the next request of every process.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../../tools/support/store-targets.ts';

const BY = 'ann@example.com';
const SHA = 'a'.repeat(64);
const IMAGE = { branch: 'ac', sha256: SHA, alt: 'A porch', mime: 'image/png', width: 2, height: 2, bytes: 4, by: BY, files: [{ variant: 'w640.webp', mime: 'image/webp', width: 2, height: 2, data: Buffer.from('webp') }] };
const RULE = { afid: 'partner7', number: '8885550142', routes: [], startsOn: null, endsOn: null };

for (const dialect of STORE_DIALECTS) {
  describe(`content epoch, migration 0012, on ${dialect}`, () => {
    test('bumped by images, their alt text, authors and phone rules, written by another store', () =>
      withStore(dialect, async (store, target) => {
        const other = await target.open();
        try {
          let ruleId = '';
          const steps: [string, (on: Store) => Promise<unknown>][] = [
            ['add an image', (on) => on.addImage(IMAGE)],
            ['change its alt text', (on) => on.updateImageAlt('ac', SHA, 'A blue porch')],
            ['delete it', (on) => on.deleteImage('ac', SHA)],
            ['create an author', (on) => on.createAuthor('ac', { name: 'Dana Writer', bio: 'Explains Medicare.', expertise: ['Medicare'], tone: 'warm' }, BY)],
            ['create a phone rule', async (on) => (ruleId = (await on.createPhoneRule('ac', RULE, BY)).id)],
            ['change it', (on) => on.updatePhoneRule('ac', ruleId, { ...RULE, number: '8775550143' }, BY)],
            ['delete it', (on) => on.deletePhoneRule('ac', ruleId)],
          ];
          // The stored counter, read directly: this file tests the triggers; how a store learns of a
          // new epoch (a read per request, or PostgreSQL's notification) is content-epoch-notify's.
          const stored = async () => Number((await target.column('select value from content_epoch where id = 1'))[0]);
          for (const [what, change] of steps) {
            const before = await stored();
            await change(other);
            const after = await stored();
            assert.ok(after > before, `${what}: ${before} -> ${after}`);
          }
        } finally {
          await other.close();
        }
      }));
  });
}
