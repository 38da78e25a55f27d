/**
 * `cobrand images add|list` in-process against SQLite and PostgreSQL: the same checks
 * and renditions as the API, the sha256 and addresses printed, the upload in the audit log as the
 * operator, and every bad value named with its exit code (2 usage, 1 a file that is no image).
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { drawImage, SVG_IMAGE } from '../../fixtures/images.ts';
import { createStoreTarget, STORE_DIALECTS, type StoreTarget } from '../../../tools/support/store-targets.ts';
import { cobrandInProcess } from '../../support/cli.ts';

for (const dialect of STORE_DIALECTS) {
  describe(`cobrand images on ${dialect}`, () => {
    let target: StoreTarget;
    let store: Store;
    let folder: string;
    let photo: string;
    let photoHash: string;
    before(async () => {
      target = createStoreTarget(dialect);
      store = await target.open();
      folder = mkdtempSync(path.join(tmpdir(), 'cli-images-'));
      photo = path.join(folder, 'photo.jpg');
      const bytes = await drawImage('jpeg', 700, 300, 3);
      photoHash = createHash('sha256').update(bytes).digest('hex');
      writeFileSync(photo, bytes);
      writeFileSync(path.join(folder, 'logo.svg'), SVG_IMAGE);
      writeFileSync(path.join(folder, 'huge.png'), Buffer.alloc(5 * 1024 * 1024 + 1));
    });
    after(async () => {
      await store.close();
      await target.cleanup();
      rmSync(folder, { recursive: true, force: true });
    });

    const images = (args: string[]) => cobrandInProcess(['images', ...args], { openStore: () => target.open(), actor: () => 'ops' });

    test('add stores the image with its renditions, prints its sha256 and addresses, and audits it', async () => {
      const run = await images(['add', '--brand', 'ac', photo, '--alt', 'A quiet street']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^added: ${photoHash} \\(image/jpeg, 700 x 300\\) to ac$`, 'm'));
      for (const variant of ['w320.webp', 'w640.webp', 'original.jpg']) assert.match(run.stdout, new RegExp(`^/media/${photoHash}/${variant.replace('.', '\\.')} `, 'm'));
      const image = await store.getImage('ac', photoHash);
      assert.deepEqual([image?.alt, image?.createdBy, image?.files.map((file) => file.variant)], ['A quiet street', 'cli:ops', ['w320.webp', 'w640.webp', 'original.jpg']]);
      const [entry] = await store.listAudit({ itemKind: 'image', itemId: photoHash, limit: 5 });
      assert.deepEqual([entry?.action, entry?.userEmail, entry?.branch], ['upload', 'cli:ops', 'ac']);
      const again = await images(['add', '--brand', 'ac', photo, '--alt', 'Another alt']);
      assert.equal(again.code, 0);
      assert.match(again.stdout, /^already there \(unchanged\)/);
    });

    test('list prints the branch’s images, as a table or JSON', async () => {
      const table = await images(['list', '--brand', 'ac']);
      assert.equal(table.code, 0, table.stderr);
      assert.match(table.stdout, /^SHA256 +ALT +TYPE/);
      assert.match(table.stdout, new RegExp(`${photoHash} +A quiet street +image/jpeg +700 x 300`));
      const json = await images(['list', '--brand', 'ac', '--json']);
      const listed = JSON.parse(json.stdout) as { sha256: string; files: unknown[] }[];
      assert.deepEqual(listed.map((image) => [image.sha256, image.files.length]), [[photoHash, 3]]);
      const empty = await images(['list', '--brand', 'tqg']);
      assert.match(empty.stdout, /tqg has no images yet/);
    });

    const refusals: { name: string; args: () => string[]; code: number; stderr: RegExp }[] = [
      { name: 'an unknown brand', args: () => ['add', '--brand', 'zz', photo, '--alt', 'x'], code: 2, stderr: /unknown brand 'zz'/ },
      { name: 'the control center', args: () => ['list', '--brand', 'ccc'], code: 2, stderr: /'ccc' is the control center/ },
      { name: 'no --alt', args: () => ['add', '--brand', 'ac', photo], code: 2, stderr: /--alt/ },
      { name: 'an empty --alt', args: () => ['add', '--brand', 'ac', photo, '--alt', ' '], code: 2, stderr: /the alt text is empty/ },
      { name: 'a missing file', args: () => ['add', '--brand', 'ac', path.join(folder, 'nope.png'), '--alt', 'x'], code: 2, stderr: /cannot read '.*nope\.png': no such file/ },
      { name: 'an SVG', args: () => ['add', '--brand', 'ac', path.join(folder, 'logo.svg'), '--alt', 'x'], code: 1, stderr: /'.*logo\.svg': the file is an SVG image; upload PNG, JPEG or WebP; nothing was stored/ },
      { name: 'a file over 5 MB', args: () => ['add', '--brand', 'ac', path.join(folder, 'huge.png'), '--alt', 'x'], code: 1, stderr: /is 5242881 bytes; the largest accepted is 5242880 bytes/ },
    ];
    for (const { name, args, code, stderr } of refusals) {
      test(`${name}: exit ${code}, named on stderr, nothing stored`, async () => {
        const before = (await store.listImages('ac')).length;
        const run = await images(args());
        assert.equal(run.code, code, run.stderr);
        assert.match(run.stderr, stderr);
        assert.equal((await store.listImages('ac')).length, before);
      });
    }
  });
}
