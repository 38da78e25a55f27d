import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement, useState } from 'react';
import { PAGE_ENTER_ACTIONS, TEST_PAGE_ENTERED, type PageEnterAction } from '../../src/core/pages/page-enter-actions.ts';
import { ROUTES } from '../../routes.ts';
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
    usePageEnter('entered', track, async () => actions);
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
      usePageEnter(name, (event) => void tracked.push(event), async () => ({}));
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

test('every route that sets onEnter in its page configuration names a known action; the test page sets one', () => {
  const named = ROUTES.filter((route) => route.page.onEnter !== undefined);
  for (const route of named) assert.ok(Object.hasOwn(PAGE_ENTER_ACTIONS, route.page.onEnter!), `${route.name}: unknown onEnter '${route.page.onEnter}'`);
  assert.deepEqual(named.map((route) => [route.name, route.page.onEnter]), [['test', 'testPageEntered']]);
});

test("the test page's action records one experimentEntered event with the tracker it is given", () => {
  const tracked: Array<[string, Record<string, unknown>]> = [];
  PAGE_ENTER_ACTIONS.testPageEntered!((event, props) => void tracked.push([event, props]));
  assert.deepEqual(tracked, [['experimentEntered', { ...TEST_PAGE_ENTERED }]]);
});
