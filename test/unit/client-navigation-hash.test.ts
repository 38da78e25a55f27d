/**
 * The client root scrolls after a navigation (spec §2 "Navigation scrolls to top on page change,
 * or to the hash anchor when a hash is present"). A malformed hash (bad percent-encoding) must not
 * throw: the scroll runs in a layout effect above every error boundary, so a throw there takes the
 * whole page down. It scrolls nowhere instead.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement } from 'react';
import { brandById } from '../../brands/index.ts';
import type { ErrorPayload } from '../../src/core/payload/types.ts';
import type { Navigator, NavigationState } from '../../src/client/navigation/navigator.ts';
import { SERVER_RUNTIME } from '../../src/ui/runtime.tsx';

const happy = new HappyWindow({ url: 'https://ac.localhost/privacy' });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { createRoot } = await import('react-dom/client');
const { Root, hashTarget } = await import('../../src/client/Root.tsx');
after(() => happy.happyDOM.close());

const payload: ErrorPayload = { kind: 'error', status: 404, statusMessage: 'Page Not Found', description: 'x', buildId: 'b', path: '/privacy', brand: brandById('ac')!, language: 'english' };

/** A navigator stand-in holding one navigation state. */
function navigatorAt(scroll: NavigationState['scroll']): Navigator {
  const state: NavigationState = { payload, id: 1, scroll };
  return { subscribe: () => () => undefined, getSnapshot: () => state } as unknown as Navigator;
}

let scrolled: string[];
beforeEach(() => {
  scrolled = [];
  happy.scrollTo = (x: number, y: number) => void scrolled.push(`window ${x},${y}`);
  happy.document.body.innerHTML = '<h2 id="café">Cafés</h2><a name="old-anchor"></a><h2 id="100%">Full</h2>';
  for (const element of happy.document.body.children) {
    element.scrollIntoView = () => void scrolled.push(`#${element.id || element.getAttribute('name')}`);
  }
});

/** Renders Root once for `scroll` (its layout effect scrolls); returns the errors React could not catch. */
async function render(scroll: NavigationState['scroll']) {
  const uncaught: unknown[] = [];
  const container = happy.document.createElement('div');
  happy.document.body.appendChild(container);
  const root = createRoot(container as unknown as Element, { onUncaughtError: (error) => void uncaught.push(error) });
  // The Document renders <html> into a test <div>: React warns about the nesting, which is the test's doing.
  const original = console.error;
  console.error = () => undefined;
  try {
    await act(async () => root.render(createElement(Root, { navigator: navigatorAt(scroll), assets: { entry: '/e.js', css: [] }, runtime: SERVER_RUNTIME })));
    await act(async () => root.unmount());
  } finally {
    console.error = original;
    container.remove();
  }
  return uncaught;
}

describe('Root scrolls after a navigation', () => {
  test('a malformed hash does not throw and scrolls nowhere', async () => {
    for (const hash of ['#%E0%A4%A', '#%', '#%zz']) {
      scrolled = [];
      assert.deepEqual(await render({ kind: 'hash', hash }), [], hash);
      assert.deepEqual(scrolled, [], hash);
    }
  });

  test('a hash scrolls to its anchor, percent-decoded or as written', async () => {
    const cases: [string, string][] = [
      ['#caf%C3%A9', '#café'],
      ['#café', '#café'],
      ['#old-anchor', '#old-anchor'],
      ['#100%', '#100%'], // not valid percent-encoding, but an id as written
    ];
    for (const [hash, expected] of cases) {
      scrolled = [];
      assert.deepEqual(await render({ kind: 'hash', hash }), [], hash);
      assert.deepEqual(scrolled, [expected], hash);
    }
  });

  test('a hash naming nothing scrolls nowhere', async () => {
    assert.deepEqual(await render({ kind: 'hash', hash: '#nowhere' }), []);
    assert.deepEqual(scrolled, []);
  });

  test('a new page scrolls to the top; Back restores the saved position', async () => {
    await render({ kind: 'top' });
    await render({ kind: 'restore', x: 0, y: 840 });
    await render({ kind: 'none' });
    assert.deepEqual(scrolled, ['window 0,0', 'window 0,840']);
  });

  test('hashTarget: an empty hash names nothing', () => {
    assert.equal(hashTarget(happy.document as unknown as Document, '#'), undefined);
    assert.equal(hashTarget(happy.document as unknown as Document, ''), undefined);
  });
});
