/**
 * A legal page whose `{step}` names a section jumps to it in the browser: after hydration of a
 * direct visit and when the step changes on the same page. Rendered with React in happy-dom;
 * the browser's scrollIntoView is observed, not replaced by a fake of our own code.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Window } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { BRANDS } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';

const window = new Window({ url: 'https://ac.localhost/tos/consent' });
after(() => window.happyDOM.close());
// React DOM decides whether it runs in a browser when it is first imported, so the globals come first.
installDomGlobals(window);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(window));
const scrolledTo: string[] = [];
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView(this: HTMLElement) {
  scrolledTo.push(this.id);
};

const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { LegalPage } = await import('../../src/ui/templates/LegalPage.tsx');

const matcher = createMatcher(ROUTES);
const brand = BRANDS.find((b) => b.id === 'ac')!;
const payloadFor = (path: string) => loadPayload(matcher, { brand, path, query: {}, buildId: 'test' }) as PagePayload;

test('the named section is scrolled to on entry and on each step change; an unknown step scrolls nowhere', async () => {
  const container = window.document.createElement('div');
  window.document.body.append(container);
  const root = createRoot(container as unknown as HTMLElement);
  await act(async () => root.render(createElement(LegalPage, { payload: payloadFor('/tos/consent') })));
  assert.deepEqual(scrolledTo, ['consent']);
  await act(async () => root.render(createElement(LegalPage, { payload: payloadFor('/tos/arbitration') })));
  assert.deepEqual(scrolledTo, ['consent', 'arbitration']);
  await act(async () => root.render(createElement(LegalPage, { payload: payloadFor('/tos/not-a-section') })));
  await act(async () => root.render(createElement(LegalPage, { payload: payloadFor('/tos') })));
  assert.deepEqual(scrolledTo, ['consent', 'arbitration']);
  await act(async () => root.unmount());
});
