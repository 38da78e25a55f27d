/**
 * Scroll positions by history entry in sessionStorage (src/client/navigation/scroll-memory.ts),
 * the browser's own restoration switched off while the app runs and back on at pagehide, and the
 * navigator restoring a position saved by an earlier document of the same tab (after a reload,
 * or Back to an entry whose document is gone).
 */
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { Window } from 'happy-dom';
import { brandById } from '../../brands/index.ts';
import { Navigator } from '../../src/client/navigation/navigator.ts';
import { createScrollMemory, manageScrollRestoration, SCROLL_MEMORY_LIMIT, SCROLL_STORAGE_KEY } from '../../src/client/navigation/scroll-memory.ts';
import type { Payload } from '../../src/core/payload/types.ts';

const windows: Window[] = [];
afterEach(async () => {
  for (const window of windows.splice(0)) await window.happyDOM.close();
});
function newWindow(url = 'https://ac.localhost/'): Window {
  const window = new Window({ url });
  windows.push(window);
  return window;
}

describe('scroll memory', () => {
  test('keeps positions by entry in sessionStorage, whole pixels', () => {
    const { sessionStorage } = newWindow();
    const memory = createScrollMemory(sessionStorage);
    memory.save('a', { x: 0, y: 812.4 });
    memory.save('b', { x: 3, y: 40 });
    assert.deepEqual(memory.get('a'), { x: 0, y: 812 });
    assert.deepEqual(memory.get('b'), { x: 3, y: 40 });
    assert.equal(memory.get('c'), undefined);
    assert.deepEqual(JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!), [['a', 0, 812], ['b', 3, 40]]);
  });

  test('another document of the tab finds them (a reload, Back to a gone document)', () => {
    const { sessionStorage } = newWindow();
    createScrollMemory(sessionStorage).save('entry', { x: 0, y: 500 });
    assert.deepEqual(createScrollMemory(sessionStorage).get('entry'), { x: 0, y: 500 });
  });

  test(`bounded: at most ${SCROLL_MEMORY_LIMIT} entries, the least recently saved dropped first`, () => {
    const { sessionStorage } = newWindow();
    const memory = createScrollMemory(sessionStorage);
    for (let i = 0; i < SCROLL_MEMORY_LIMIT + 10; i++) memory.save(`e${i}`, { x: 0, y: i });
    memory.save('e10', { x: 0, y: 1000 }); // saved again: now the newest
    memory.save('one-more', { x: 0, y: 1 });
    const kept = (JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY)!) as [string][]).map(([key]) => key);
    assert.equal(kept.length, SCROLL_MEMORY_LIMIT);
    assert.equal(memory.get('e11'), undefined);
    assert.deepEqual(memory.get('e10'), { x: 0, y: 1000 });
    assert.deepEqual(memory.get('e59'), { x: 0, y: 59 });
    assert.deepEqual(kept.slice(-2), ['e10', 'one-more']);
  });

  test('unreadable contents read as empty; refused storage still remembers for this document', () => {
    const { sessionStorage } = newWindow();
    for (const junk of ['{not json', '{"a":1}', '[["a","x",1]]']) {
      sessionStorage.setItem(SCROLL_STORAGE_KEY, junk);
      assert.equal(createScrollMemory(sessionStorage).get('a'), undefined, junk);
    }
    const refusing = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } };
    const memory = createScrollMemory(refusing);
    memory.save('a', { x: 0, y: 9 });
    assert.deepEqual(memory.get('a'), { x: 0, y: 9 });
    assert.deepEqual(createScrollMemory(undefined).get('a'), undefined);
  });
});

describe("the browser's own scroll restoration", () => {
  test("'manual' while the app runs, 'auto' from pagehide (after saving), 'manual' again at pageshow", () => {
    const window = newWindow();
    const saved: string[] = [];
    const stop = manageScrollRestoration(window as unknown as Parameters<typeof manageScrollRestoration>[0], () => void saved.push(window.history.scrollRestoration));
    assert.equal(window.history.scrollRestoration, 'manual');
    window.dispatchEvent(new window.Event('pagehide'));
    assert.deepEqual(saved, ['manual'], 'the position is saved first');
    assert.equal(window.history.scrollRestoration, 'auto', 'a real reload or a bfcache return restores natively');
    window.dispatchEvent(new window.Event('pageshow'));
    assert.equal(window.history.scrollRestoration, 'manual');
    stop();
    window.dispatchEvent(new window.Event('pagehide'));
    assert.equal(window.history.scrollRestoration, 'manual', 'stopped');
  });
});

describe('the navigator and saved positions', () => {
  const payload = (path: string): Payload => ({ kind: 'page', status: 200, buildId: 'b', path, brand: brandById('ac')!, route: { name: path, pattern: path, language: 'english', params: {} }, page: { template: 'landing', title: path } });

  function navigatorIn(window: Window, scroll: { x: number; y: number }) {
    return new Navigator(payload(new URL(window.location.href).pathname), {
      fetchPayload: async (path) => payload(path),
      routeRule: () => undefined,
      progress: { start() {}, finish() {}, fail() {} },
      newVersionAvailable: () => false,
      fullLoad: () => undefined,
      scrollMemory: createScrollMemory(window.sessionStorage),
      location: window.location,
      history: window.history,
      scrollPosition: () => scroll,
    });
  }

  test('leaving an entry saves its position; a new document on that entry starts there', async () => {
    const window = newWindow('https://ac.localhost/');
    const scroll = { x: 0, y: 0 };
    const first = navigatorIn(window, scroll);
    assert.deepEqual(first.getSnapshot().scroll, { kind: 'none' }, 'a fresh entry: the browser decides');
    const homeKey = (window.history.state as { key: string }).key;
    scroll.y = 1200;
    await first.navigate('/privacy');
    assert.deepEqual(createScrollMemory(window.sessionStorage).get(homeKey), { x: 0, y: 1200 });

    // The document is gone (a reload, then Back): the next one on the home entry restores it.
    window.history.replaceState({ key: homeKey }, '', 'https://ac.localhost/');
    const next = navigatorIn(window, { x: 0, y: 0 });
    assert.deepEqual(next.getSnapshot().scroll, { kind: 'restore', x: 0, y: 1200 });
  });

  test('Back within the document restores the saved position', async () => {
    const window = newWindow('https://ac.localhost/');
    const scroll = { x: 0, y: 640 };
    const navigator = navigatorIn(window, scroll);
    const homeKey = (window.history.state as { key: string }).key;
    await navigator.navigate('/privacy');
    window.history.replaceState({ key: homeKey }, '', 'https://ac.localhost/');
    await navigator.restore();
    assert.deepEqual(navigator.getSnapshot().scroll, { kind: 'restore', x: 0, y: 640 });
  });
});
