/**
 * The HTML cache's parts on their own (src/server/pages/html-cache.ts): every input that changes
 * a page's bytes changes its key, including fields a payload may gain later; which payloads are
 * per-visitor; the nonce put back in place; and the byte bound.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload, Payload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { documentCacheKey, HtmlCache, isSharedPayload } from '../../src/server/pages/html-cache.ts';
import type { Assets } from '../../src/ui/boot-data.ts';

const ASSETS: Assets = { entry: '/assets/entry-A.js', css: ['/assets/styles-A.css'] };
const INSIDE_HOURS = new Date('2026-11-25T18:00:00Z');
const matcher = createMatcher(ROUTES);

function page(path = '/quiz/otc/zip', brandId = 'ac', now = INSIDE_HOURS): PagePayload {
  const payload = loadPayload(matcher, { brand: brandById(brandId)!, path, query: {}, buildId: 'build-1', now });
  assert.equal(payload.kind, 'page');
  return payload as PagePayload;
}

describe('documentCacheKey', () => {
  const base = page();
  const key = (payload: Payload, assets = ASSETS, forBot = false) => documentCacheKey({ payload, assets }, forBot);

  test('the same inputs give the same key', () => {
    assert.equal(key(page()), key(base));
  });

  // Each changes the rendered bytes, so each must give a key of its own.
  const changes: { name: string; key: () => string }[] = [
    { name: 'another build', key: () => key({ ...base, buildId: 'build-2' }) },
    { name: 'other assets', key: () => key(base, { entry: '/assets/entry-B.js', css: ASSETS.css }) },
    { name: 'another brand', key: () => key(page('/quiz/otc/zip', 'emily')) },
    { name: 'another path', key: () => key(page('/quiz/otc')) },
    { name: 'another step', key: () => key(page('/quiz/otc/medicare')) },
    { name: 'another language', key: () => key({ ...base, route: { ...base.route, language: 'spanish' } }) },
    { name: 'outside working hours', key: () => key(page('/quiz/otc/zip', 'ac', new Date('2026-11-22T18:00:00Z'))) },
    { name: "the brand's displayed phone number", key: () => key({ ...base, brand: { ...base.brand, phone: '8005550100' } }) },
    { name: 'an experiment variant', key: () => key({ ...base, experiment: { key: 'hero', variant: 'b' } }) },
    { name: 'the phone rule that applied', key: () => key({ ...base, phoneRule: { id: 'r1', afid: 'partner7', number: '8885550142' } }) },
    { name: 'a crawler', key: () => key(base, ASSETS, true) },
  ];
  for (const c of changes) {
    test(`changes with ${c.name}`, () => {
      assert.notEqual(c.key(), key(base));
    });
  }
});

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
    cache.set('k', Buffer.from(html), nonce);
    assert.equal(cache.get('k', 'b3RoZXI=')?.toString(), html.replaceAll(nonce, 'b3RoZXI='));
    assert.equal(cache.get('missing', 'b3RoZXI='), undefined);
  });

  test('a document without a nonce comes back unchanged', () => {
    const cache = new HtmlCache(1024);
    cache.set('k', Buffer.from('<p>plain</p>'), nonce);
    assert.equal(cache.get('k', 'x')?.toString(), '<p>plain</p>');
  });

  test('holds at most its bytes, dropping the least recently served first', () => {
    const cache = new HtmlCache(3 * 1000);
    const body = Buffer.alloc(900, 'a');
    for (const key of ['1', '2', '3']) cache.set(key, body, nonce);
    assert.ok(cache.get('1', nonce));
    cache.set('4', body, nonce);
    assert.equal(cache.size, 3);
    assert.equal(cache.get('2', nonce), undefined);
    assert.ok(cache.get('1', nonce));
    assert.ok(cache.get('4', nonce));
  });
});
