/**
 * Serving uploaded images: `/media/{sha256}/{variant}` from the store on
 * every host (brand sites, the control center, an unknown host), with its content type, a year of
 * immutable caching and an ETag that answers 304; 404 for anything unknown; and the helper brand
 * pages use for `src`, the WebP `srcset`, `sizes` and the size.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { mediaPath } from '../../../src/core/contract/media.ts';
import { responsiveImage } from '../../../src/core/control-center/image-urls.ts';
import { processImage } from '../../../src/server/control-center/images/process-image.ts';
import { drawImage } from '../../fixtures/images.ts';
import { injectableApp } from '../../../tools/support/server.ts';

describe('/media', () => {
  let app: FastifyInstance;
  let sha256: string;
  before(async () => {
    app = await injectableApp();
    const processed = await processImage(await drawImage('jpeg', 700, 350, 9));
    sha256 = processed.sha256;
    await app.store.addImage({ branch: 'ac', ...processed, alt: 'A blue square', by: 'staff@example.com' });
  });
  after(() => app.close());

  const files: [string, string][] = [
    ['w320.webp', 'image/webp'],
    ['w640.webp', 'image/webp'],
    ['original.jpg', 'image/jpeg'],
  ];
  for (const host of ['ac.localhost', 'tqg.localhost', 'ccc.localhost', 'unknown.example', '127.0.0.1']) {
    for (const [variant, type] of files) {
      test(`${variant} on ${host}: ${type}, immutable for a year, ETag of hash and variant`, async () => {
        const response = await app.inject({ url: mediaPath(sha256, variant), headers: { host } });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], type);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        assert.equal(response.headers.etag, `"${sha256}-${variant}"`);
        assert.equal(Number(response.headers['content-length']), response.rawPayload.length);
        assert.ok(response.rawPayload.equals((await app.store.getImageFile(sha256, variant))!.data));
      });
    }
  }

  test('a matching If-None-Match answers 304 without the bytes', async () => {
    const response = await app.inject({ url: mediaPath(sha256, 'w640.webp'), headers: { host: 'ac.localhost', 'if-none-match': `"${sha256}-w640.webp"` } });
    assert.equal(response.statusCode, 304);
    assert.equal(response.rawPayload.length, 0);
  });

  const unknown: [string, string][] = [
    ['a width never made', mediaPath('0'.repeat(64), 'w960.webp')],
    ['a width this image does not have', `/media/${'f'.repeat(64)}/w1920.webp`],
    ['an unknown hash', mediaPath('0'.repeat(64), 'original.jpg')],
    ['a hash in capitals', `/media/${'A'.repeat(64)}/original.jpg`],
    ['a variant that is no variant', `/media/${'0'.repeat(64)}/..%2F..%2Fetc%2Fpasswd`],
    ['no variant', `/media/${'0'.repeat(64)}/`],
    ['the directory alone', '/media/'],
    ['one segment', `/media/${'0'.repeat(64)}`],
    ['a segment too many', `/media/${'0'.repeat(64)}/original.jpg/more`],
    ['empty segments', '/media///'],
  ];
  for (const [name, url] of unknown) {
    test(`${name}: 404, not cached`, async () => {
      const response = await app.inject({ url, headers: { host: 'ac.localhost' } });
      assert.equal(response.statusCode, 404);
      assert.notEqual(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    });
  }

  test('a width wider than the original was never made: 404', async () => {
    assert.equal((await app.inject({ url: mediaPath(sha256, 'w960.webp'), headers: { host: 'ac.localhost' } })).statusCode, 404, '700 px wide: no 960 rendition');
  });
});

describe('responsiveImage: what a brand page writes for an image', () => {
  const sha = 'c'.repeat(64);
  test('the original as src, every WebP rendition no wider than the original in the srcset, with its size', () => {
    assert.deepEqual(responsiveImage({ sha256: sha, mime: 'image/png', width: 1000, height: 400, alt: 'A chart' }, '(min-width: 40rem) 50vw, 100vw'), {
      src: `/media/${sha}/original.png`,
      webp: { type: 'image/webp', srcSet: `/media/${sha}/w320.webp 320w, /media/${sha}/w640.webp 640w, /media/${sha}/w960.webp 960w` },
      sizes: '(min-width: 40rem) 50vw, 100vw',
      width: 1000,
      height: 400,
      alt: 'A chart',
    });
  });

  test('an image narrower than every width: its one rendition at its own width; sizes default to the screen', () => {
    const image = responsiveImage({ sha256: sha, mime: 'image/jpeg', width: 200, height: 100, alt: '' });
    assert.equal(image.src, `/media/${sha}/original.jpg`);
    assert.equal(image.webp.srcSet, `/media/${sha}/w200.webp 200w`);
    assert.equal(image.sizes, '100vw');
  });

  test('every address it gives is one the upload made', async () => {
    const processed = await processImage(await drawImage('png', 1300, 200, 11));
    const image = responsiveImage({ ...processed, alt: 'x' });
    const made = new Set(processed.files.map((file) => mediaPath(processed.sha256, file.variant)));
    const named = [image.src, ...image.webp.srcSet.split(', ').map((entry) => entry.split(' ')[0]!)];
    assert.deepEqual(named.filter((url) => !made.has(url)), []);
    assert.equal(named.length, made.size);
  });

  test('a type that is not an image type is a programming error', () => {
    assert.throws(() => responsiveImage({ sha256: sha, mime: 'image/gif', width: 10, height: 10, alt: '' }), /unknown type image\/gif/);
  });
});
