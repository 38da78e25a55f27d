/**
 * The control center's images API through the real app: an upload's
 * type judged by its bytes alone (PNG, JPEG and WebP in, SVG, GIF, truncated and oversize files
 * out, whatever their Content-Type says), WebP renditions at the responsive widths never wider
 * than the original, list, details, alt change and delete, each change in the audit log, a used
 * image's delete refused with 409 and its users, and the sign-in and branch checks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { CC_IMAGE_DELETE, CC_IMAGE_GET, CC_IMAGE_UPDATE, CC_IMAGE_UPLOAD, CC_IMAGES_LIST, fillPath, mediaPath, type ImageAnswer } from '../../../src/core/contract/index.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '../../../src/core/control-center/images.ts';
import { drawImage, SVG_IMAGE } from '../../fixtures/images.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF } from '../../support/staff.ts';

const ORIGIN = `http://${HOST}`;

describe('the control center images API', () => {
  let app: FastifyInstance;
  let cookie: string;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
    cookie = await signedInCookie(app);
  });
  after(() => app.close());

  /** PUT the bytes as an upload to `branch` with `alt` (null: no alt at all). */
  function upload(bytes: Buffer | string, options: { branch?: string; alt?: string | null; type?: string; signedIn?: boolean } = {}) {
    const { branch = 'ac', alt = 'A test picture', type = 'application/octet-stream', signedIn = true } = options;
    const query = alt === null ? '' : `?${new URLSearchParams({ alt })}`;
    return app.inject({
      method: 'PUT',
      url: fillPath(CC_IMAGE_UPLOAD.path, { branch }) + query,
      headers: { host: HOST, origin: ORIGIN, 'content-type': type, ...(signedIn ? { cookie } : {}) },
      payload: bytes,
    });
  }

  function call(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) {
    return app.inject({
      method,
      url: path,
      headers: { host: HOST, origin: ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  const imagePath = (template: string, sha256: string, branch = 'ac') => fillPath(template, { branch, image: sha256 });

  describe('what an upload is, judged by its bytes', () => {
    const accepted: { name: string; bytes: () => Promise<Buffer>; type?: string; mime: string; variant: string }[] = [
      { name: 'a PNG', bytes: () => drawImage('png', 40, 30, 1), mime: 'image/png', variant: 'original.png' },
      { name: 'a JPEG', bytes: () => drawImage('jpeg', 40, 30, 2), mime: 'image/jpeg', variant: 'original.jpg' },
      { name: 'a WebP', bytes: () => drawImage('webp', 40, 30, 3), mime: 'image/webp', variant: 'original.webp' },
      { name: 'a PNG sent as image/jpeg (a renamed file)', bytes: () => drawImage('png', 40, 30, 4), type: 'image/jpeg', mime: 'image/png', variant: 'original.png' },
    ];
    for (const { name, bytes, type, mime, variant } of accepted) {
      test(`${name} is accepted as ${mime}`, async () => {
        const response = await upload(await bytes(), type === undefined ? {} : { type });
        assert.equal(response.statusCode, 201, response.body);
        const { image, created } = response.json<{ image: ImageAnswer; created: boolean }>();
        assert.equal(created, true);
        assert.equal(image.mime, mime);
        assert.deepEqual(image.files.map((file) => file.variant).sort(), ['w40.webp', variant].sort());
      });
    }

    const refused: { name: string; bytes: () => Promise<Buffer | string>; type?: string; alt?: string | null; problem: RegExp }[] = [
      { name: 'an SVG', bytes: async () => SVG_IMAGE, problem: /SVG image; upload PNG, JPEG or WebP/ },
      { name: 'an SVG sent as image/png', bytes: async () => SVG_IMAGE, type: 'image/png', problem: /SVG image/ },
      { name: 'a GIF', bytes: () => drawImage('gif', 20, 20), type: 'image/gif', problem: /GIF image/ },
      { name: 'a text file', bytes: async () => 'hello', problem: /not a PNG, JPEG or WebP file/ },
      { name: 'a truncated PNG', bytes: async () => (await drawImage('png', 400, 300, 5)).subarray(0, 200), problem: /PNG file cannot be read/ },
      { name: 'a JPEG cut in half', bytes: async () => { const whole = await drawImage('jpeg', 400, 300, 6); return whole.subarray(0, whole.length >> 1); }, problem: /JPEG file cannot be read/ },
      { name: `${IMAGE_MAX_BYTES} + 1 bytes`, bytes: async () => Buffer.concat([await drawImage('png', 10, 10), Buffer.alloc(IMAGE_MAX_BYTES)]), problem: new RegExp(`the body is larger than ${IMAGE_MAX_BYTES} bytes`) },
      { name: 'no alt text', bytes: () => drawImage('png', 10, 10, 7), alt: null, problem: /alt: the alt text is missing/ },
      { name: 'an empty alt text', bytes: () => drawImage('png', 10, 10, 7), alt: '   ', problem: /alt: the alt text is empty/ },
      { name: 'an alt text of 251 characters', bytes: () => drawImage('png', 10, 10, 7), alt: 'a'.repeat(251), problem: /longer than 250 characters/ },
      { name: 'a JSON body', bytes: async () => '{"alt":"x"}', type: 'application/json', problem: /send the image file itself as the body/ },
      { name: 'a multipart form', bytes: async () => '--x\r\n', type: 'multipart/form-data; boundary=x', problem: /unsupported content-type/ },
    ];
    for (const { name, bytes, type, problem, ...rest } of refused) {
      test(`${name} is refused with a 400 naming the problem`, async () => {
        const response = await upload(await bytes(), { ...(type === undefined ? {} : { type }), ...('alt' in rest ? { alt: rest.alt } : {}) });
        assert.equal(response.statusCode, 400, response.body);
        const body = response.json<{ error: string; problems: string[] }>();
        assert.ok(body.problems.some((line) => problem.test(line)), body.problems.join('\n'));
      });
    }

    // Refused from the header, before decoding: a 48-megapixel camera photo, one pixel over the limit, a wide panorama.
    const tooLarge: Array<[name: string, format: 'png' | 'jpeg', width: number, height: number]> = [
      ['a 48-megapixel photo (8000 x 6000)', 'jpeg', 8000, 6000],
      ['4097 x 4096, one column over', 'png', 4097, 4096],
      ['a 20000 x 1000 panorama', 'png', 20_000, 1000],
    ];
    for (const [name, format, width, height] of tooLarge) {
      test(`${name} is refused with a 413 naming the limit`, async () => {
        const response = await upload(await drawImage(format, width, height, 8));
        assert.equal(response.statusCode, 413, response.body);
        const body = response.json<{ error: string; problems: string[] }>();
        assert.equal(body.error, 'Image too large');
        assert.match(body.problems[0]!, new RegExp(`the image is ${width} x ${height} pixels .*the most accepted is ${IMAGE_MAX_PIXELS} pixels`));
      });
    }

    test('4096 x 4096, the most pixels accepted, is stored', async () => {
      const response = await upload(await drawImage('png', 4096, 4096, 9));
      assert.equal(response.statusCode, 201, response.body);
    });

    test(`exactly ${IMAGE_MAX_BYTES} bytes is within the limit (judged on its bytes, not refused for its size)`, async () => {
      const bytes = Buffer.concat([Buffer.from('<svg'), Buffer.alloc(IMAGE_MAX_BYTES - 4, 32)]);
      const response = await upload(bytes);
      assert.equal(response.statusCode, 400);
      assert.match(response.json<{ problems: string[] }>().problems[0]!, /SVG image/);
    });
  });

  describe('renditions', () => {
    const cases: { name: string; format: 'png' | 'jpeg' | 'webp'; width: number; height: number; files: [string, number, number, string][] }[] = [
      {
        name: 'a 1000 x 500 JPEG: WebP at 320, 640 and 960, and the JPEG at its own size',
        format: 'jpeg',
        width: 1000,
        height: 500,
        files: [
          ['w320.webp', 320, 160, 'webp'],
          ['w640.webp', 640, 320, 'webp'],
          ['w960.webp', 960, 480, 'webp'],
          ['original.jpg', 1000, 500, 'jpeg'],
        ],
      },
      {
        name: 'a 2400 x 1200 PNG: every width up to 1920',
        format: 'png',
        width: 2400,
        height: 1200,
        files: [
          ['w320.webp', 320, 160, 'webp'],
          ['w640.webp', 640, 320, 'webp'],
          ['w960.webp', 960, 480, 'webp'],
          ['w1280.webp', 1280, 640, 'webp'],
          ['w1920.webp', 1920, 960, 'webp'],
          ['original.png', 2400, 1200, 'png'],
        ],
      },
      {
        name: 'a 200 x 100 WebP, narrower than every width: one WebP at its own width',
        format: 'webp',
        width: 200,
        height: 100,
        files: [
          ['w200.webp', 200, 100, 'webp'],
          ['original.webp', 200, 100, 'webp'],
        ],
      },
    ];
    for (const { name, format, width, height, files } of cases) {
      test(name, async () => {
        const response = await upload(await drawImage(format, width, height, width));
        assert.equal(response.statusCode, 201, response.body);
        const { image } = response.json<{ image: ImageAnswer }>();
        assert.deepEqual([image.width, image.height], [width, height]);
        assert.deepEqual(
          image.files.map((file) => [file.variant, file.width, file.height]),
          files.map(([variant, w, h]) => [variant, w, h]),
        );
        // Each file is what it says: read back from /media and measured by sharp.
        for (const [variant, w, h, decoded] of files) {
          const served = await app.inject({ url: mediaPath(image.sha256, variant), headers: { host: 'ac.localhost' } });
          assert.equal(served.statusCode, 200);
          const metadata = await sharp(served.rawPayload).metadata();
          assert.deepEqual([metadata.format, metadata.width, metadata.height], [decoded, w, h], variant);
        }
      });
    }

    test('an EXIF-rotated photo is stored the right way up, its location data dropped', async () => {
      const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } } })
        .toBuffer();
      const response = await upload(photo);
      assert.equal(response.statusCode, 201, response.body);
      const { image } = response.json<{ image: ImageAnswer }>();
      assert.deepEqual([image.width, image.height], [40, 60], 'orientation 6 turns it a quarter');
      const original = await app.inject({ url: mediaPath(image.sha256, 'original.jpg'), headers: { host: 'ac.localhost' } });
      const metadata = await sharp(original.rawPayload).metadata();
      assert.deepEqual([metadata.width, metadata.height, metadata.exif], [40, 60, undefined]);
    });
  });

  describe('list, details, alt text, delete', () => {
    test('the same bytes again: 200, unchanged, not created; listed once, newest first', async () => {
      const bytes = await drawImage('png', 700, 350, 100);
      const first = await upload(bytes, { alt: 'First alt' });
      assert.equal(first.statusCode, 201);
      const again = await upload(bytes, { alt: 'Second alt' });
      assert.equal(again.statusCode, 200);
      const { image, created } = again.json<{ image: ImageAnswer; created: boolean }>();
      assert.equal(created, false);
      assert.equal(image.alt, 'First alt');
      assert.equal(image.createdBy, STAFF.email);
      const list = await call('GET', fillPath(CC_IMAGES_LIST.path, { branch: 'ac' }));
      assert.equal(list.statusCode, 200);
      const images = list.json<{ images: ImageAnswer[] }>().images;
      assert.equal(images.filter((listed) => listed.sha256 === image.sha256).length, 1);
      assert.equal(images[0]?.sha256, image.sha256, 'newest first');
      assert.deepEqual(images[0]?.usedBy, []);
      const audit = await app.store.listAudit({ itemKind: 'image', itemId: image.sha256, limit: 5 });
      assert.deepEqual(audit.map((entry) => [entry.action, entry.userEmail, entry.branch]), [['upload', STAFF.email, 'ac']], 'one upload recorded, the repeat changed nothing');
    });

    test('details, an alt change (audited, answered with the new state), and a delete that removes the files', async () => {
      const { image } = (await upload(await drawImage('jpeg', 400, 200, 101), { alt: 'Old alt' })).json<{ image: ImageAnswer }>();
      const details = await call('GET', imagePath(CC_IMAGE_GET.path, image.sha256));
      assert.equal(details.statusCode, 200);
      assert.deepEqual(details.json<{ image: ImageAnswer }>().image, image);

      const changed = await call('PUT', imagePath(CC_IMAGE_UPDATE.path, image.sha256), { alt: '  A clearer alt  ' });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal(changed.json<{ image: ImageAnswer }>().image.alt, 'A clearer alt');
      const bad = await call('PUT', imagePath(CC_IMAGE_UPDATE.path, image.sha256), { alt: '' });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json<{ problems: string[] }>().problems[0]!, /^alt: the alt text is empty/);

      const deleted = await call('DELETE', imagePath(CC_IMAGE_DELETE.path, image.sha256));
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deleted.json(), { deleted: image.sha256 });
      assert.equal((await call('GET', imagePath(CC_IMAGE_GET.path, image.sha256))).statusCode, 404);
      assert.equal((await app.inject({ url: mediaPath(image.sha256, 'w320.webp'), headers: { host: 'ac.localhost' } })).statusCode, 404);
      const audit = await app.store.listAudit({ itemKind: 'image', itemId: image.sha256, limit: 5 });
      assert.deepEqual(
        audit.map((entry) => [entry.action, entry.before && (entry.before as { alt: string }).alt, entry.after && (entry.after as { alt: string }).alt]),
        [
          ['delete', 'A clearer alt', undefined],
          ['update-alt', 'Old alt', 'A clearer alt'],
          ['upload', undefined, 'Old alt'],
        ],
      );
    });

    test('an image a page uses cannot be deleted: 409 with its users; once the page stops using it, it can', async () => {
      const { image } = (await upload(await drawImage('png', 330, 100, 102))).json<{ image: ImageAnswer }>();
      const saved = await app.store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { headline: 'Hi', image: image.sha256 }, baseVersion: 0, by: STAFF.email });
      assert.ok('saved' in saved);
      const refused = await call('DELETE', imagePath(CC_IMAGE_DELETE.path, image.sha256));
      assert.equal(refused.statusCode, 409, refused.body);
      assert.deepEqual(refused.json(), {
        error: 'The image is in use',
        problems: ["the page 'quiz-otc' uses it (version 1)"],
        usedBy: [{ kind: 'page', itemKey: 'quiz-otc', version: 1 }],
      });
      assert.equal((await call('GET', imagePath(CC_IMAGE_GET.path, image.sha256))).json<{ image: ImageAnswer }>().image.usedBy.length, 1);
      await app.store.saveContentVersion({ kind: 'page', branch: 'ac', itemKey: 'quiz-otc', fields: { headline: 'Hi' }, baseVersion: 1, by: STAFF.email });
      assert.equal((await call('DELETE', imagePath(CC_IMAGE_DELETE.path, image.sha256))).statusCode, 200);
    });
  });

  describe('who and which branch', () => {
    test('signed out: 401 for every route, nothing stored', async () => {
      const sha = 'a'.repeat(64);
      const response = await upload(await drawImage('png', 10, 10, 200), { signedIn: false });
      assert.equal(response.statusCode, 401);
      for (const [method, path] of [
        ['GET', fillPath(CC_IMAGES_LIST.path, { branch: 'ac' })],
        ['GET', imagePath(CC_IMAGE_GET.path, sha)],
        ['PUT', imagePath(CC_IMAGE_UPDATE.path, sha)],
        ['DELETE', imagePath(CC_IMAGE_DELETE.path, sha)],
      ] as const) {
        const answer = await app.inject({ method, url: path, headers: { host: HOST, origin: ORIGIN } });
        assert.equal(answer.statusCode, 401, `${method} ${path}`);
      }
    });

    test('a cross-site upload is refused (403) even when signed in', async () => {
      const response = await app.inject({
        method: 'PUT',
        url: `${fillPath(CC_IMAGE_UPLOAD.path, { branch: 'ac' })}?alt=x`,
        headers: { host: HOST, origin: 'https://evil.example', cookie, 'content-type': 'image/png' },
        payload: await drawImage('png', 10, 10, 201),
      });
      assert.equal(response.statusCode, 403);
    });

    const notFound: [string, string, number, RegExp][] = [
      ['an unknown branch', fillPath(CC_IMAGES_LIST.path, { branch: 'nope' }), 404, /there is no branch 'nope'/],
      ['the control center itself', fillPath(CC_IMAGES_LIST.path, { branch: 'ccc' }), 404, /there is no branch 'ccc'/],
      ['an image key that is not a hash', imagePath(CC_IMAGE_GET.path, 'not-a-hash'), 400, /^image: not an image hash/],
      ['an unknown image', imagePath(CC_IMAGE_GET.path, 'b'.repeat(64)), 404, /branch ac has no image b{64}/],
      ['an image of another branch', imagePath(CC_IMAGE_GET.path, 'b'.repeat(64), 'tqg'), 404, /branch tqg has no image/],
    ];
    for (const [name, path, status, problem] of notFound) {
      test(`${name}: ${status} with the problem`, async () => {
        const response = await call('GET', path);
        assert.equal(response.statusCode, status, response.body);
        assert.match(response.json<{ problems: string[] }>().problems[0]!, problem);
      });
    }
  });
});
