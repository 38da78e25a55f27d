/**
 * A page whose template is a chunk of its own is shown only once that chunk is in. The
 * navigator awaits its `prepare` for a fetched payload, for one a prefetch cached, and on
 * Back/Forward; a chunk that cannot load is a failed navigation (the full load), and a page with
 * nothing to prepare is shown as before.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { Window } from 'happy-dom';
import { brandById } from '../../brands/index.ts';
import { Navigator } from '../../src/client/navigation/navigator.ts';
import type { Payload } from '../../src/core/payload/types.ts';

const ORIGIN = 'https://ac.localhost';

function page(path: string, template: 'landing' | 'playground' = 'landing'): Payload {
  return { kind: 'page', status: 200, buildId: 'b', path, brand: brandById('ac')!, route: { name: path, pattern: path, language: 'english', params: {} }, page: { template, title: path } };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

let window: Window;
let events: string[];
/** The chunk load the test releases, or fails. */
let chunk: { promise: Promise<void>; resolve(): void; reject(error: Error): void };

beforeEach(() => {
  window = new Window({ url: `${ORIGIN}/` });
  events = [];
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  chunk = { promise, resolve, reject };
});
afterEach(() => window.happyDOM.close());

function start(cached: Record<string, Payload> = {}) {
  const navigator = new Navigator(page('/'), {
    fetchPayload: async (path) => page(path.split('?')[0]!, path.startsWith('/playground') ? 'playground' : 'landing'),
    routeRule: () => undefined,
    progress: { start: () => void events.push('progress start'), finish: () => void events.push('progress finish'), fail: () => void events.push('progress fail') },
    newVersionAvailable: () => false,
    fullLoad: (href) => void events.push(`full load ${href}`),
    prepare: (payload) => (payload.kind === 'page' && payload.page.template === 'playground' ? (events.push(`prepare ${payload.path}`), chunk.promise) : undefined),
    location: window.location,
    history: window.history,
    scrollPosition: () => ({ x: 0, y: 0 }),
  });
  for (const [path, payload] of Object.entries(cached)) navigator.remember(path, payload);
  return navigator;
}

const shownPath = (navigator: Navigator) => navigator.getSnapshot().payload.path;

const cases = [
  { name: 'a fetched payload', cached: false },
  { name: 'a payload a prefetch cached', cached: true },
];
for (const { name, cached } of cases) {
  test(`${name} is shown once its template's chunk is in`, async () => {
    const navigator = start(cached ? { '/playground': page('/playground', 'playground') } : {});
    const done = navigator.navigate('/playground');
    await settle();
    assert.equal(shownPath(navigator), '/', 'still the old page while the chunk loads');
    assert.deepEqual(events, ['progress start', 'prepare /playground']);
    chunk.resolve();
    await done;
    assert.equal(shownPath(navigator), '/playground');
    assert.deepEqual(events, ['progress start', 'prepare /playground', 'progress finish']);
  });
}

test('a chunk that cannot load is a failed navigation: the full load', async (t) => {
  t.mock.method(console, 'error', () => undefined);
  const navigator = start();
  const done = navigator.navigate('/playground');
  await settle();
  chunk.reject(new Error('Failed to fetch dynamically imported module'));
  await done;
  assert.equal(shownPath(navigator), '/');
  assert.deepEqual(events.slice(-2), ['progress fail', `full load ${ORIGIN}/playground`]);
});

test('a page with nothing to prepare is shown as before; Back to a cached playground waits for its chunk', async () => {
  const navigator = start({ '/playground': page('/playground', 'playground') });
  await navigator.navigate('/otc');
  assert.equal(shownPath(navigator), '/otc');
  assert.deepEqual(events, ['progress start', 'progress finish']);
  window.history.replaceState({ key: 'back' }, '', `${ORIGIN}/playground`);
  const restored = navigator.restore();
  await settle();
  assert.equal(shownPath(navigator), '/otc', 'not yet');
  chunk.resolve();
  await restored;
  assert.equal(shownPath(navigator), '/playground');
});
