/**
 * An address whose percent-encoding does not decode (pages/bad-url.ts): the brand's error page
 * with status 400 for a visitor asking for HTML, with the page's security headers; the API's JSON
 * 400 for /api/ paths and for clients that do not take HTML. A seeded property run (fast-check)
 * over generated paths holds the rule for any mix of good and broken escapes, and never a 5xx.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import fc from 'fast-check';
import { brandById } from '../../../brands/index.ts';
import { BOOT_DATA_ID } from '../../../src/ui/boot-data.ts';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const BAD_URL_PROBLEMS = ['the address is not valid: its percent-encoding does not decode'];

function bootPayload(html: string): Record<string, unknown> {
  const match = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json"(?: nonce="[^"]*")?>([^<]*)</script>`).exec(html);
  assert.ok(match, 'boot data embedded');
  return JSON.parse(match[1]!).payload;
}

describe('an address that does not decode', () => {
  const pages: Array<{ brand: string; method: HTTPMethods; url: string }> = [
    { brand: 'ac', method: 'GET', url: '/%E0%A4%A' },
    { brand: 'tqg', method: 'GET', url: '/quiz/auto/%E0%A4%A?gclid=abc' },
    { brand: 'emily', method: 'GET', url: '/%' },
    { brand: 'wc', method: 'GET', url: '/go-4-life/%ZZ' },
    { brand: 'ac', method: 'GET', url: '/quiz/otc/%C3%28' },
    { brand: 'bh', method: 'GET', url: '/articles/%ED%A0%80' },
    // A funnel step's no-JavaScript post to a broken address.
    { brand: 'tqg', method: 'POST', url: '/quiz/auto/zip%E0' },
  ];
  for (const { brand, method, url } of pages) {
    test(`${method} ${url} on ${brand}, asking for HTML: the brand's error page, 400`, async () => {
      const response = await app.inject({ method, url, headers: { host: `${brand}.localhost`, accept: HTML } });
      assert.equal(response.statusCode, 400);
      assert.match(String(response.headers['content-type']), /^text\/html/);
      // The page's own headers: the hooks ran as for any page.
      assert.match(String(response.headers['content-security-policy']), /nonce-/);
      const name = brandById(brand)?.name;
      assert.ok(name && response.body.includes(`<title>Bad Request - ${name}</title>`), `titled with ${name}`);
      assert.match(response.body, /<p class="error-code">400<\/p>/);
      assert.match(response.body, /This address is not valid/);
      const payload = bootPayload(response.body);
      assert.deepEqual([payload.kind, payload.status, payload.statusMessage, payload.path], ['error', 400, 'Bad Request', url.split('?')[0]]);
    });
  }

  const json: Array<{ method: HTTPMethods; url: string; accept: string }> = [
    { method: 'GET', url: '/api/leads/%E0%A4%A', accept: 'application/json' },
    { method: 'POST', url: '/api/events%', accept: HTML },
    { method: 'GET', url: '/%E0%A4%A/_payload.json', accept: 'application/json' },
    { method: 'GET', url: '/%E0%A4%A', accept: '*/*' },
  ];
  for (const { method, url, accept } of json) {
    test(`${method} ${url} (Accept ${accept}): the JSON 400 with its problem`, async () => {
      const response = await app.inject({ method, url, headers: { host: 'ac.localhost', accept } });
      assert.equal(response.statusCode, 400);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual(response.json(), { error: 'Bad request', problems: BAD_URL_PROBLEMS });
    });
  }

  test('on a host that is no brand, the unknown-site page still answers first', async () => {
    const response = await app.inject({ url: '/%E0%A4%A', headers: { host: 'nobody.example', accept: HTML } });
    assert.equal(response.statusCode, 404);
    assert.match(String(response.headers['content-type']), /^text\/html/);
  });

  test('an address that decodes is not touched: a known page 200, an unknown one the 404 page', async () => {
    for (const [url, status] of [['/quiz/auto', 200], ['/caf%C3%A9', 404], ['/%25E0', 404]] as const) {
      const response = await app.inject({ url, headers: { host: 'tqg.localhost', accept: HTML } });
      assert.equal(response.statusCode, status, url);
    }
  });
});

/** Whether every segment of `path` decodes, the rule a browser's address and the router share. */
function decodes(path: string): boolean {
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

test('generated paths (fast-check, seeded): 400 page exactly when a segment does not decode, never a 5xx', async () => {
  const hex = fc.constantFrom(...'0123456789abcdefABCDEFgZ');
  const piece = fc.oneof(
    fc.stringMatching(/^[a-z0-9-]{1,6}$/),
    // An escape of any byte: ASCII decodes, a lone byte of a multibyte character does not.
    fc.integer({ min: 0, max: 255 }).map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`),
    // A well-formed multibyte character.
    fc.constantFrom('%C3%A9', '%E2%82%AC', '%F0%9F%98%80'),
    // A percent sign with zero, one or two characters after it, hex or not.
    fc.array(hex, { maxLength: 2 }).map((chars) => `%${chars.join('')}`),
  );
  const path = fc.array(fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('')), { minLength: 1, maxLength: 3 }).map((segments) => `/${segments.join('/')}`);
  await fc.assert(
    fc.asyncProperty(path, async (generated) => {
      const response = await app.inject({ url: generated, headers: { host: 'ac.localhost', accept: HTML } });
      assert.ok(response.statusCode < 500, `${generated}: ${response.statusCode}`);
      assert.match(String(response.headers['content-type']), /^text\/html/, generated);
      if (decodes(generated)) assert.notEqual(response.statusCode, 400, `${generated} decodes`);
      else {
        assert.equal(response.statusCode, 400, `${generated} does not decode`);
        assert.ok(response.body.includes('<title>Bad Request - American Coverage</title>'), generated);
      }
    }),
    { seed: 20_261_127, numRuns: 150 },
  );
});
