/**
 * Compression: hashed JS and CSS come from the build's brotli and gzip twins; pages
 * and JSON are compressed on the fly, keeping their status and streaming their first bytes.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { href } from '../../../routes.ts';
import { DEFAULT_DIST_DIR } from '../../../src/server/app.ts';
import { readBuildManifest } from '../../../src/server/platform/build-info.ts';
import { injectableApp, startTestServer, type TestServer } from '../../../tools/support/server.ts';

let app: FastifyInstance;
let entry: string;
before(async () => {
  app = await injectableApp();
  entry = (await readBuildManifest(DEFAULT_DIST_DIR)).assets.entry;
});
after(() => app.close());

/** The body as sent, decoded by its Content-Encoding. */
function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  assert.equal(encoding, undefined, `unexpected encoding ${encoding}`);
  return body.toString('utf8');
}

/** What each Accept-Encoding gets: brotli first when both are accepted, nothing when neither is. */
const ACCEPTS = [
  { accept: 'gzip, deflate, br', expected: 'br' },
  { accept: 'br', expected: 'br' },
  { accept: 'gzip', expected: 'gzip' },
  { accept: 'identity', expected: undefined },
  { accept: undefined, expected: undefined },
] as const;

describe('each Accept-Encoding on an asset, a page and a JSON twin', () => {
  const targets = [
    { what: 'hashed entry script', url: () => entry, type: /javascript/, status: 200 },
    { what: 'page', url: () => href('quiz-otc'), type: /text\/html/, status: 200 },
    { what: '404 page', url: () => '/no-such-page-here', type: /text\/html/, status: 404 },
    { what: 'payload twin', url: () => `${href('quiz-otc')}/_payload.json`, type: /application\/json/, status: 200 },
  ];
  for (const target of targets) {
    for (const { accept, expected } of ACCEPTS) {
      test(`${target.what} with Accept-Encoding ${accept ?? '(none)'}: ${expected ?? 'uncompressed'}`, async () => {
        const headers: Record<string, string> = { host: 'ac.localhost' };
        if (accept !== undefined) headers['accept-encoding'] = accept;
        const response = await app.inject({ url: target.url(), headers });
        assert.equal(response.statusCode, target.status);
        assert.match(response.headers['content-type'] as string, target.type);
        assert.equal(response.headers['content-encoding'], expected);
        const text = decoded(expected, response.rawPayload);
        if (target.type.test('text/html')) assert.match(text, /^<!DOCTYPE html>.*<\/html>$/s);
        else if (target.type.test('application/json')) assert.equal(typeof JSON.parse(text), 'object');
        else assert.equal(text, await readFile(path.join(DEFAULT_DIST_DIR, entry), 'utf8'));
        if (expected) assert.match(String(response.headers.vary), /accept-encoding/i);
      });
    }
  }

  test('the asset is the build-time twin, byte for byte (not compressed per request)', async () => {
    for (const [accept, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
      const response = await app.inject({ url: entry, headers: { host: 'ac.localhost', 'accept-encoding': accept } });
      assert.deepEqual(response.rawPayload, await readFile(path.join(DEFAULT_DIST_DIR, entry + suffix)));
    }
  });
});

describe('streaming over a real socket', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  /** The status, headers and raw chunks of one GET, as the network delivered them. */
  function get(url: string, accept: string): Promise<{ status: number; headers: Record<string, unknown>; chunks: Buffer[] }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: url, headers: { host: `ac.localhost:${server.port}`, 'accept-encoding': accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, chunks }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const cases = [
    { url: () => href('quiz-otc'), status: 200, accept: 'gzip', partial: (bytes: Buffer) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) },
    { url: () => '/no-such-page-here', status: 404, accept: 'br', partial: (bytes: Buffer) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }) },
  ];
  for (const c of cases) {
    test(`${c.url()} (${c.status}, ${c.accept}): chunked, and its first chunk already decodes to the start of the document`, async () => {
      const { status, headers, chunks } = await get(c.url(), c.accept);
      assert.equal(status, c.status);
      assert.equal(headers['content-encoding'], c.accept);
      assert.equal(headers['transfer-encoding'], 'chunked');
      assert.equal(headers['content-length'], undefined);
      // Flushed per write: the first bytes on the wire decode on their own, without the rest of the
      // stream; a compressor that held the page in its window would send only a header first.
      assert.match(c.partial(chunks[0]!).toString('utf8'), /^<!DOCTYPE html><html/);
    });
  }
});
