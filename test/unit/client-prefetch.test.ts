import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { PREFETCH_DELAY_MS, PREFETCH_MAX_LINKS, schedulePrefetch, type PrefetchOptions } from '../../src/client/prefetch.ts';
import type { Payload } from '../../src/core/payload/types.ts';
import type { PayloadAnswer } from '../../src/client/payloads.ts';

let window: Window;
let fetched: string[];
let cache: Map<string, PayloadAnswer>;
let stops: Array<() => void>;

beforeEach(() => {
  window = new Window({ url: 'https://ac.localhost/start?afid=7' });
  fetched = [];
  cache = new Map();
  stops = [];
  mock.timers.enable({ apis: ['setTimeout'] });
});

afterEach(async () => {
  for (const stop of stops) stop();
  mock.timers.reset();
  mock.restoreAll();
  await window.happyDOM.close();
});

/** A payload standing for whatever the server would answer for `path`. */
const payloadFor = (path: string) => ({ kind: 'error', status: 404, path }) as unknown as Payload;

/** Lets every pending promise callback run (the prefetch chain is promise-driven). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function start(html: string, options: Partial<PrefetchOptions> = {}) {
  window.document.body.innerHTML = html;
  const { stop } = schedulePrefetch({
    navigator: { has: (key) => cache.has(key), remember: (key, payload) => cache.set(key, payload) },
    fetchPayload: async (path) => {
      fetched.push(path);
      return payloadFor(path);
    },
    payloadKey: (url) => url.pathname + url.search,
    document: window.document as unknown as Document,
    connection: { effectiveType: '4g' },
    ...options,
  });
  stops.push(stop);
}

async function afterDelay() {
  mock.timers.tick(PREFETCH_DELAY_MS);
  await settle();
}

function hover(selector: string, type: 'pointerover' | 'focusin' = 'pointerover') {
  const element = window.document.querySelector(selector)!;
  element.dispatchEvent(new window.Event(type, { bubbles: true }));
}

test('constants: 1 s delay (spec §9), 20 links', () => {
  assert.equal(PREFETCH_DELAY_MS, 1000);
  assert.equal(PREFETCH_MAX_LINKS, 20);
});

describe('prefetch of the links in the page', () => {
  test('starts 1 s after start, not before', async () => {
    start('<a href="/a">a</a>');
    mock.timers.tick(PREFETCH_DELAY_MS - 1);
    await settle();
    assert.deepEqual(fetched, []);
    mock.timers.tick(1);
    await settle();
    assert.deepEqual(fetched, ['/a']);
    assert.ok(cache.has('/a'), 'remembered under its key');
  });

  test('nothing at all on a slow-2g connection', async () => {
    start('<a href="/a">a</a><a href="/b">b</a>', { connection: { effectiveType: 'slow-2g' } });
    await afterDelay();
    hover('a[href="/b"]');
    await settle();
    assert.deepEqual(fetched, []);
  });

  test('only distinct same-origin page links, not yet cached', async () => {
    cache.set('/cached', payloadFor('/cached'));
    start(`
      <a href="/a">a</a>
      <a href="/a">a again</a>
      <a href="https://ac.localhost/a#section">a with a hash</a>
      <a href="/a?x=1">a with a query</a>
      <a href="b">relative</a>
      <a href="/cached">cached</a>
      <a href="https://other.example/c">external</a>
      <a href="//other.example/c">protocol-relative external</a>
      <a href="http://ac.localhost/a">other scheme, other origin</a>
      <a href="/d" download>download</a>
      <a href="/e" target="_blank">new window</a>
      <a href="/f" rel="noopener external">rel external</a>
      <a href="/g" target="_self">same window</a>
      <a href="#top">hash only</a>
      <a href="/start?afid=7#x">this page with a hash</a>
      <a href="/start?afid=7">this page</a>
      <a href="mailto:help@example.com">mail</a>
      <a href="javascript:void 0">script</a>
      <a href="http://[bad">unparsable</a>
      <a>no href</a>
    `);
    await afterDelay();
    assert.deepEqual(fetched, ['/a', '/a?x=1', '/b', '/g']);
    assert.deepEqual([...cache.keys()].sort(), ['/a', '/a?x=1', '/b', '/cached', '/g']);
  });

  const limits: Array<[label: string, maxLinks: number | undefined, expected: number]> = [
    ['the default 20', undefined, 20],
    ['a given 3', 3, 3],
    ['none', 0, 0],
  ];
  for (const [label, maxLinks, expected] of limits) {
    test(`at most ${label} links`, async () => {
      start(Array.from({ length: 30 }, (_, i) => `<a href="/p${i}">${i}</a>`).join(''), maxLinks === undefined ? {} : { maxLinks });
      await afterDelay();
      assert.equal(fetched.length, expected);
      assert.deepEqual(fetched, Array.from({ length: expected }, (_, i) => `/p${i}`));
    });
  }

  test('one prefetch at a time', async () => {
    const pending: Array<() => void> = [];
    start('<a href="/a">a</a><a href="/b">b</a>', {
      fetchPayload: (path) => {
        fetched.push(path);
        return new Promise((resolve) => pending.push(() => resolve(payloadFor(path))));
      },
    });
    await afterDelay();
    assert.deepEqual(fetched, ['/a']);
    pending.shift()!();
    await settle();
    assert.deepEqual(fetched, ['/a', '/b']);
  });

  test('waits for idle time between prefetches when it can', async () => {
    const idle: Array<() => void> = [];
    start('<a href="/a">a</a><a href="/b">b</a>', { whenIdle: (callback) => idle.push(callback) });
    await afterDelay();
    assert.deepEqual(fetched, []);
    idle.shift()!();
    await settle();
    assert.deepEqual(fetched, ['/a']);
    idle.shift()!();
    await settle();
    assert.deepEqual(fetched, ['/a', '/b']);
  });

  test('a failure is ignored (console.debug only) and the next link still goes', async () => {
    const debug = mock.method(console, 'debug', () => undefined);
    start('<a href="/broken">x</a><a href="/a">a</a>', {
      fetchPayload: async (path) => {
        fetched.push(path);
        if (path === '/broken') throw new Error('503');
        return payloadFor(path);
      },
    });
    await afterDelay();
    assert.deepEqual(fetched, ['/broken', '/a']);
    assert.deepEqual([...cache.keys()], ['/a']);
    assert.equal(debug.mock.callCount(), 1);
    hover('a[href="/broken"]');
    await settle();
    assert.deepEqual(fetched, ['/broken', '/a'], 'a failed path is not retried');
  });

  test('stop() before the delay prevents everything', async () => {
    start('<a href="/a">a</a>');
    stops.pop()!();
    await afterDelay();
    hover('a');
    await settle();
    assert.deepEqual(fetched, []);
  });
});

describe('prefetch on intent', () => {
  test('pointer or focus on a link prefetches it, once, after the delay', async () => {
    start('<a href="/a"><span id="label">a</span></a><a href="/b">b</a><a href="https://other.example/">x</a>', { maxLinks: 0 });
    hover('#label');
    await settle();
    assert.deepEqual(fetched, [], 'not before the delay');
    await afterDelay();
    hover('#label');
    hover('a[href="/a"]');
    hover('a[href="/b"]', 'focusin');
    hover('a[href="https://other.example/"]');
    await settle();
    assert.deepEqual(fetched, ['/a', '/b']);
  });

  test('covers links rendered after the scan, skips cached ones', async () => {
    start('', { maxLinks: 0 });
    await afterDelay();
    window.document.body.innerHTML = '<a href="/later">later</a><a href="/cached">cached</a>';
    cache.set('/cached', payloadFor('/cached'));
    hover('a[href="/later"]');
    hover('a[href="/cached"]');
    await settle();
    assert.deepEqual(fetched, ['/later']);
  });
});

describe('bad options', () => {
  const invalid: Array<[string, Partial<PrefetchOptions>]> = [
    ['a negative delay', { delayMs: -1 }],
    ['a fractional link limit', { maxLinks: 1.5 }],
  ];
  for (const [label, options] of invalid) test(`rejects ${label}`, () => assert.throws(() => start('', options), RangeError));
});
