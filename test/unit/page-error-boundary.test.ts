import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { act, createElement } from 'react';
import { brandById } from '../../brands/index.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { PageErrorBoundary } from '../../src/ui/PageErrorBoundary.tsx';

// React DOM renders into happy-dom; `act` flushes effects synchronously.
const happy = new HappyWindow({ url: 'https://ac.localhost/otc-savings' });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { createRoot } = await import('react-dom/client');
after(() => happy.happyDOM.close());

function payload(path: string): PagePayload {
  return { kind: 'page', status: 200, buildId: 'b', path, brand: brandById('ac')!, route: { name: 'x', pattern: path, language: 'english', params: {} }, page: { template: 'landing', title: 'T' } };
}

function Broken({ fail }: { fail: boolean }) {
  if (fail) throw new Error('render failed');
  return createElement('p', null, 'page body');
}

test('a page that throws while rendering shows the generic error page, and the next page renders', async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  const container = happy.document.createElement('div');
  const root = createRoot(container as unknown as Element, { onUncaughtError: () => undefined, onCaughtError: () => undefined });
  try {
    await act(async () => root.render(createElement(PageErrorBoundary, { payload: payload('/a') }, createElement(Broken, { fail: true }))));
    assert.match(container.textContent ?? '', /500/);
    assert.match(container.textContent ?? '', /Internal Server Error/);
    await act(async () => root.render(createElement(PageErrorBoundary, { payload: payload('/b') }, createElement(Broken, { fail: false }))));
    assert.equal(container.textContent, 'page body');
  } finally {
    console.error = original;
    await act(async () => root.unmount());
  }
  assert.ok(logged.length > 0, 'the failure is logged');
});
