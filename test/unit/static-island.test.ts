/**
 * Less to hydrate: a static island keeps the very DOM nodes the server sent through
 * hydration and through re-renders with the same content, and renders its children afresh when
 * a navigation gives it other content. Server HTML from react-dom/server, hydrated by React in
 * happy-dom.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Window } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';

const window = new Window({ url: 'https://ac.localhost/' });
after(() => window.happyDOM.close());
// React DOM decides whether it runs in a browser when it is first imported, so the globals come first.
installDomGlobals(window);
before(() => installDomGlobals(window));

const { act, createElement } = await import('react');
const { hydrateRoot } = await import('react-dom/client');
const { renderToString } = await import('react-dom/server');
const { StaticIsland, STATIC_ISLAND_ATTRIBUTE, captureStaticIslands, forgetStaticIslands, staticIslandId } = await import('../../src/ui/static-island.tsx');

/** A page: a counter React owns (proof hydration ran) and an island of copy. */
function Page({ copy, count }: { copy: string; count: number }) {
  return createElement(
    'main',
    null,
    createElement('button', { type: 'button' }, `clicked ${count}`),
    createElement(StaticIsland, { contentKey: copy }, createElement('p', { className: 'copy' }, copy), createElement('a', { href: '/tos' }, 'Terms')),
  );
}

/** Whether React hydrated or rendered `node` (it keeps a `__reactFiber$…` key on every node it owns). */
const ownedByReact = (node: object) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

test('the island id is a pure hash of the content key', () => {
  const cases = [
    { a: 'footer|ac|english', b: 'footer|ac|english', same: true },
    { a: 'footer|ac|english', b: 'footer|ac|spanish', same: false },
    { a: '', b: ' ', same: false },
  ];
  for (const { a, b, same } of cases) assert.equal(staticIslandId(a) === staticIslandId(b), same, `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  assert.match(staticIslandId('x'), /^[0-9a-z]+$/);
});

test('hydration keeps the server nodes of an island; other content renders its children', async () => {
  forgetStaticIslands();
  const container = window.document.createElement('div');
  window.document.body.append(container);
  container.innerHTML = renderToString(createElement(Page, { copy: 'Long legal text.', count: 0 }));
  const serverParagraph = container.querySelector('p.copy');
  assert.ok(serverParagraph);
  assert.equal(container.querySelector(`[${STATIC_ISLAND_ATTRIBUTE}]`)?.getAttribute(STATIC_ISLAND_ATTRIBUTE), staticIslandId('Long legal text.'));

  assert.equal(captureStaticIslands(container as unknown as ParentNode), 1);
  const errors: unknown[] = [];
  let root!: ReturnType<typeof hydrateRoot>;
  await act(async () => {
    root = hydrateRoot(container as unknown as Element, createElement(Page, { copy: 'Long legal text.', count: 0 }), { onRecoverableError: (error) => errors.push(error) });
  });
  assert.deepEqual(errors, [], 'hydrated without a mismatch');
  assert.equal(container.querySelector('p.copy'), serverParagraph, 'the very node the server sent');
  // React marks each node it hydrated with its fiber: the button has one, the island's copy none.
  assert.ok(ownedByReact(container.querySelector('button')!), 'the button was hydrated');
  assert.ok(!ownedByReact(serverParagraph), 'the copy was not hydrated');
  assert.ok(!ownedByReact(container.querySelector('a')!), 'nor its link');

  // A re-render around it (React owns the button) leaves the island's nodes alone.
  await act(async () => root.render(createElement(Page, { copy: 'Long legal text.', count: 1 })));
  assert.equal(container.querySelector('button')?.textContent, 'clicked 1', 'React owns the rest of the page');
  assert.equal(container.querySelector('p.copy'), serverParagraph);

  // Other content (a client navigation): nothing was captured for it, so React renders it.
  await act(async () => root.render(createElement(Page, { copy: 'Another page.', count: 1 })));
  assert.equal(container.querySelector('p.copy')?.textContent, 'Another page.');
  assert.ok(ownedByReact(container.querySelector('p.copy')!), 'rendered by React');
  assert.equal(container.querySelector('a')?.getAttribute('href'), '/tos');
  // And back: the captured server HTML again, whole.
  await act(async () => root.render(createElement(Page, { copy: 'Long legal text.', count: 1 })));
  assert.equal(container.querySelector('p.copy')?.textContent, 'Long legal text.');
  assert.equal(container.querySelectorAll('p.copy').length, 1);
  await act(async () => root.unmount());
  forgetStaticIslands();
});
