/**
 * The HTML cache's parts on their own (src/server/pages/html-cache.ts): which payloads are
 * per-visitor; the nonce and status put back in place; and the byte bound. The key, made from
 * the request, is tested through the server (html-cache-tuple.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../../brands/index.ts';
import { ROUTES } from '../../../routes.ts';
import { loadPayload } from '../../../src/core/payload/load.ts';
import type { PagePayload, Payload } from '../../../src/core/payload/types.ts';
import { createMatcher } from '../../../src/core/router/match.ts';
import { HtmlCache, isSharedPayload } from '../../../src/server/pages/html-cache.ts';

const INSIDE_HOURS = new Date('2026-11-25T18:00:00Z');
const matcher = createMatcher(ROUTES);

function page(path = '/quiz/otc/zip', brandId = 'ac', now = INSIDE_HOURS): PagePayload {
  const payload = loadPayload(matcher, { brand: brandById(brandId)!, path, query: {}, buildId: 'build-1', now });
  assert.equal(payload.kind, 'page');
  return payload;
}

describe('isSharedPayload', () => {
  const base = page();
  const cases: { name: string; payload: Payload; shared: boolean }[] = [
    { name: 'a plain page', payload: base, shared: true },
    { name: 'the not-found page', payload: loadPayload(matcher, { brand: brandById('ac')!, path: '/nope', query: {}, buildId: 'b' }), shared: true },
    { name: 'a draft preview', payload: { ...base, preview: true }, shared: false },
    { name: "a no-JavaScript visitor's form state", payload: { ...base, formState: { values: { zipcode: '90210' } } }, shared: false },
    { name: 'a privacy choice', payload: { ...base, privacy: { optedOut: true, optedOutAt: null, gpc: true } }, shared: false },
    { name: 'the control center', payload: page('/', 'ccc'), shared: false },
  ];
  for (const c of cases) {
    test(`${c.name}: ${c.shared ? 'shared' : 'per visitor'}`, () => {
      assert.equal(isSharedPayload(c.payload), c.shared);
    });
  }
});

describe('HtmlCache', () => {
  const nonce = 'bm9uY2Utb2YtcmVuZGVy';
  const html = `<html><script nonce="${nonce}">a</script><script nonce="${nonce}" src="/x.js"></script></html>`;

  test("a hit carries the asking response's nonce wherever the rendering one stood", () => {
    const cache = new HtmlCache(1024 * 1024);
    cache.set('k', Buffer.from(html), nonce, 404);
    assert.equal(cache.get('k', 'b3RoZXI=')?.body.toString(), html.replaceAll(nonce, 'b3RoZXI='));
    assert.equal(cache.get('k', 'b3RoZXI=')?.status, 404);
    assert.equal(cache.get('missing', 'b3RoZXI='), undefined);
  });

  test('a document without a nonce comes back unchanged', () => {
    const cache = new HtmlCache(1024);
    cache.set('k', Buffer.from('<p>plain</p>'), nonce, 200);
    assert.equal(cache.get('k', 'x')?.body.toString(), '<p>plain</p>');
  });

  test('holds at most its bytes, dropping the least recently served first', () => {
    const cache = new HtmlCache(3 * 1000);
    const body = Buffer.alloc(900, 'a');
    for (const key of ['1', '2', '3']) cache.set(key, body, nonce, 200);
    assert.ok(cache.get('1', nonce));
    cache.set('4', body, nonce, 200);
    assert.equal(cache.size, 3);
    assert.equal(cache.get('2', nonce), undefined);
    assert.ok(cache.get('1', nonce));
    assert.ok(cache.get('4', nonce));
  });
});
