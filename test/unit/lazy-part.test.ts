/**
 * Parts kept out of the first load in a chunk of their own (ui/lazy-part.tsx) render the same markup on the
 * server whatever the browser has loaded, and hydrate without a mismatch both when the browser
 * loaded the chunk before hydrating (templates) and when it did not (the ad list): then the
 * server's nodes stay until the chunk is in, and React hydrates those very nodes. Server HTML from
 * react-dom/server, hydrated by React in happy-dom; the "chunk" is a promise the test resolves.
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

const { act, createElement, useState } = await import('react');
const { createRoot, hydrateRoot } = await import('react-dom/client');
const { renderToString } = await import('react-dom/server');
const { lazyPart } = await import('../../src/ui/lazy-part.tsx');

/** The part's code: a counter, so a click proves React owns it. */
function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return createElement('button', { type: 'button', onClick: () => setCount(count + 1) }, `${label} ${count}`);
}

/** A part whose chunk arrives when the test says so; `loads` counts the imports. */
function controlledPart() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const state = { loads: 0 };
  const part = lazyPart('Counter', async () => {
    state.loads += 1;
    await arrived;
    return Counter;
  });
  return { part, arrive, state };
}

const page = (Part: (props: { label: string }) => unknown) => createElement('main', null, createElement('h1', null, 'Page'), createElement(Part as never, { label: 'clicked' }));

async function serverHtml(): Promise<string> {
  const server = controlledPart();
  server.arrive();
  await server.part.load();
  return renderToString(page(server.part));
}

function click(element: Element) {
  element.dispatchEvent(new window.MouseEvent('click', { bubbles: true }) as unknown as Event);
}

test('a loaded part renders its markup in place, once loaded however often asked', async () => {
  const { part, arrive, state } = controlledPart();
  arrive();
  await Promise.all([part.load(), part.load()]);
  await part.load();
  assert.equal(state.loads, 1);
  // In its own Suspense boundary (the comments), content in place: nothing streamed later, nothing hidden.
  assert.equal(renderToString(page(part)), '<main><h1>Page</h1><!--$--><button type="button">clicked 0</button><!--/$--></main>');
});

const cases = [
  { name: 'chunk loaded before hydrating (a template)', loadedFirst: true },
  { name: 'chunk not loaded at hydration (the ad list)', loadedFirst: false },
];
for (const { name, loadedFirst } of cases) {
  test(`hydration without a mismatch: ${name}`, async () => {
    const container = window.document.createElement('div');
    window.document.body.append(container);
    container.innerHTML = await serverHtml();
    const serverButton = container.querySelector('button')!;
    const client = controlledPart();
    if (loadedFirst) {
      client.arrive();
      await client.part.load();
    }
    const errors: unknown[] = [];
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container as unknown as Element, page(client.part) as never, { onRecoverableError: (error) => errors.push(error) });
    });
    assert.equal(container.querySelector('button'), serverButton, 'the server node is still there');
    if (!loadedFirst) {
      assert.equal(client.state.loads, 1, 'hydration asked for the chunk');
      await act(async () => client.arrive());
    }
    assert.deepEqual(errors, [], 'no mismatch');
    assert.equal(container.querySelector('button'), serverButton, 'React hydrated the very node the server sent');
    await act(async () => click(serverButton as unknown as Element));
    assert.equal(serverButton.textContent, 'clicked 1', 'and owns it');
    await act(async () => root.unmount());
    container.remove();
  });
}

test('a part mounted before its chunk arrived keeps its state when its parent renders again (the ad list on an end screen)', async () => {
  const { part, arrive, state } = controlledPart();
  const container = window.document.createElement('div');
  window.document.body.append(container);
  const root = createRoot(container as unknown as Element);
  await act(async () => root.render(page(part) as never));
  assert.equal(container.querySelector('button'), null, 'nothing before the chunk is in');
  await act(async () => arrive());
  const button = container.querySelector('button')!;
  await act(async () => click(button as unknown as Element));
  assert.equal(button.textContent, 'clicked 1');
  // The parent renders again with the chunk in: the same component instance, not a new mount.
  const again = (label: string) => createElement('main', null, createElement('h1', null, 'Page'), createElement(part as never, { label }));
  await act(async () => root.render(again('again') as never));
  assert.equal(container.querySelector('button'), button, 'the same node');
  assert.equal(button.textContent, 'again 1', 'the same state');
  assert.equal(state.loads, 1);
  await act(async () => root.unmount());
  container.remove();
});
