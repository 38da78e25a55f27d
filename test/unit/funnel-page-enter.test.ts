import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement, useState } from 'react';
import type { PageEnterAction } from '../../src/core/funnels/actions.ts';
import { usePageEnter } from '../../src/ui/funnel/use-page-enter.ts';

// React DOM renders into happy-dom; `act` flushes effects synchronously.
const happy = new HappyWindow({ url: 'https://ac.localhost/quiz/otc' });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { createRoot } = await import('react-dom/client');
after(() => happy.happyDOM.close());

test("a page's onEnter fires once after the first client render, with the event tracker", async () => {
  const tracked: string[] = [];
  const track = (event: string) => void tracked.push(event);
  const actions: Record<string, PageEnterAction> = { entered: (tracker) => tracker('experimentEntered', { name: 'hero', variant: 'b' }) };
  let rerender!: () => void;
  function Page() {
    const [count, setCount] = useState(0);
    rerender = () => setCount((value) => value + 1);
    usePageEnter('entered', track, actions);
    return createElement('p', null, `render ${count}`);
  }
  const container = happy.document.createElement('div');
  const root = createRoot(container as unknown as Element);
  await act(async () => root.render(createElement(Page)));
  assert.deepEqual(tracked, ['experimentEntered']);
  await act(async () => rerender());
  await act(async () => rerender());
  assert.equal(container.textContent, 'render 2');
  assert.deepEqual(tracked, ['experimentEntered'], 'later renders (step changes) do not fire it again');
  await act(async () => root.unmount());
});

test('no onEnter, no call; an unknown name is reported, not thrown into the page', async () => {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    const tracked: string[] = [];
    function Page({ name }: { name?: string }) {
      usePageEnter(name, (event) => void tracked.push(event), {});
      return null;
    }
    const root = createRoot(happy.document.createElement('div') as unknown as Element);
    await act(async () => root.render(createElement(Page, {})));
    await act(async () => root.render(createElement(Page, { name: 'missing' })));
    assert.deepEqual(tracked, []);
    assert.equal(errors.length, 1);
    assert.match(String((errors[0]![1] as Error).message), /unknown page on-enter action 'missing'/);
    await act(async () => root.unmount());
  } finally {
    console.error = original;
  }
});
