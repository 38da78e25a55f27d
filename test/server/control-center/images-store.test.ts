/**
 * Images in the store (migration 0006) on SQLite and on PostgreSQL: added once per
 * branch and sha256, files stored as bytes that come back byte for byte (blob / bytea), listed
 * newest first, alt text changed, deleted with the files kept while another branch still has the
 * same bytes, and everything still there after the store is closed and opened again.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import type { NewImage } from '../../../src/server/platform/store/index.ts';
import { STORE_DIALECTS, withStore } from '../../fixtures/store-targets.ts';

const FIRST = new Date('2026-05-01T10:00:00.000Z');
const LATER = new Date('2026-05-02T10:00:00.000Z');

/** An image record with two files of random bytes (every byte value appears in a large enough sample). */
function newImage(branch: string, seed: string, now = FIRST): NewImage {
  const original = Buffer.concat([Buffer.from([0, 255, 0, 10, 13, 0x5c, 0x27]), randomBytes(4096)]);
  const rendition = randomBytes(1024);
  return {
    branch,
    sha256: createHash('sha256').update(seed).digest('hex'),
    alt: `A picture called ${seed}`,
    mime: 'image/png',
    width: 800,
    height: 600,
    bytes: original.length,
    by: 'staff@example.com',
    files: [
      { variant: 'original.png', mime: 'image/png', width: 800, height: 600, data: original },
      { variant: 'w640.webp', mime: 'image/webp', width: 640, height: 480, data: rendition },
    ],
    now,
  };
}

for (const dialect of STORE_DIALECTS) {
  describe(`images on ${dialect}`, () => {
    test('added once per branch: the same bytes again change nothing, and files come back byte for byte', () =>
      withStore(dialect, async (store) => {
        const image = newImage('ac', 'one');
        const added = await store.addImage(image);
        assert.equal(added.created, true);
        assert.deepEqual(
          { ...added.image, files: undefined },
          { branch: 'ac', sha256: image.sha256, alt: image.alt, mime: 'image/png', width: 800, height: 600, bytes: image.bytes, createdAt: FIRST.toISOString(), createdBy: 'staff@example.com', files: undefined },
        );
        // Narrowest first, with each file's size in bytes.
        assert.deepEqual(added.image.files, [
          { variant: 'w640.webp', mime: 'image/webp', width: 640, height: 480, bytes: 1024 },
          { variant: 'original.png', mime: 'image/png', width: 800, height: 600, bytes: image.files[0]!.data.length },
        ]);
        for (const file of image.files) {
          const stored = await store.getImageFile(image.sha256, file.variant);
          assert.equal(stored?.mime, file.mime);
          assert.ok(Buffer.isBuffer(stored?.data));
          assert.ok(stored.data.equals(file.data), `${file.variant} came back changed`);
        }
        const again = await store.addImage({ ...image, alt: 'Another alt', by: 'other@example.com', now: LATER });
        assert.equal(again.created, false);
        assert.deepEqual(again.image, added.image, 'the first upload stays as it was');
        assert.equal(await store.getImageFile(image.sha256, 'w960.webp'), undefined);
        assert.equal(await store.getImageFile('0'.repeat(64), 'original.png'), undefined);
      }));

    test('listed per branch, newest first; get, alt change and unknown images', () =>
      withStore(dialect, async (store) => {
        const older = newImage('ac', 'older', FIRST);
        const newer = newImage('ac', 'newer', LATER);
        await store.addImage(older);
        await store.addImage(newer);
        await store.addImage(newImage('tqg', 'elsewhere'));
        assert.deepEqual((await store.listImages('ac')).map((image) => image.sha256), [newer.sha256, older.sha256]);
        assert.deepEqual(await store.listImages('emily'), []);
        assert.equal((await store.getImage('ac', older.sha256))?.alt, older.alt);
        assert.equal(await store.getImage('tqg', older.sha256), undefined, 'images belong to their branch');
        const changed = await store.updateImageAlt('ac', older.sha256, 'A better description');
        assert.equal(changed?.alt, 'A better description');
        assert.equal((await store.getImage('ac', older.sha256))?.alt, 'A better description');
        assert.equal(await store.updateImageAlt('tqg', older.sha256, 'nope'), undefined);
      }));

    test('deleting removes the branch’s image, and its files only once no branch has the same bytes', () =>
      withStore(dialect, async (store) => {
        const shared = newImage('ac', 'shared');
        await store.addImage(shared);
        await store.addImage({ ...shared, branch: 'tqg' });
        assert.equal(await store.deleteImage('ac', shared.sha256), true);
        assert.equal(await store.getImage('ac', shared.sha256), undefined);
        assert.ok(await store.getImageFile(shared.sha256, 'original.png'), 'tqg still has these bytes');
        assert.equal(await store.deleteImage('ac', shared.sha256), false, 'nothing left to delete');
        assert.equal(await store.deleteImage('tqg', shared.sha256), true);
        assert.equal(await store.getImageFile(shared.sha256, 'original.png'), undefined);
        assert.equal(await store.getImageFile(shared.sha256, 'w640.webp'), undefined);
      }));

    test('still there after the store is closed and opened again', () =>
      withStore(dialect, async (store, target) => {
        const image = newImage('ac', 'durable');
        await store.addImage(image);
        const reopened = await target.open();
        try {
          assert.equal((await reopened.getImage('ac', image.sha256))?.alt, image.alt);
          assert.ok((await reopened.getImageFile(image.sha256, 'original.png'))?.data.equals(image.files[0]!.data));
        } finally {
          await reopened.close();
        }
      }));
  });
}
