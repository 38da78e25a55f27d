/**
 * The navigator's one race counter (src/client/navigation/navigator.ts): navigations, Back/Forward
 * restores and failures all take a ticket, and only the newest may render, touch history, end
 * the progress bar or fall back to a full load. Payload fetches are controlled promises, so each
 * test decides which answer arrives first.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import { Window } from 'happy-dom';
import { brandById } from '../../brands/index.ts';
import { Navigator, type NavigatorDeps } from '../../src/client/navigation/navigator.ts';
import type { PayloadAnswer } from '../../src/client/payloads.ts';
import type { Payload } from '../../src/core/payload/types.ts';
import type { RouteRule } from '../../src/core/router/route.ts';

const ORIGIN = 'https://ac.localhost';

function page(path: string): Payload {
  return { kind: 'page', status: 200, buildId: 'b', path, brand: brandById('ac')!, route: { name: path, pattern: path, language: 'english', params: {} }, page: { template: 'landing', title: path } };
}

/** A fetch whose answers the test releases one by one, in any order. */
class Answers {
  private readonly waiting = new Map<string, { resolve(answer: PayloadAnswer): void; reject(error: Error): void }>();
  readonly asked: string[] = [];
  fetch = (pathAndSearch: string) =>
    new Promise<PayloadAnswer>((resolve, reject) => {
      this.asked.push(pathAndSearch);
      this.waiting.set(pathAndSearch, { resolve, reject });
    });
  async answer(path: string, answer: PayloadAnswer = page(path)) {
    this.take(path).resolve(answer);
    await settle();
  }
  async fail(path: string) {
    this.take(path).reject(new Error(`network down for ${path}`));
    await settle();
  }
  private take(path: string) {
    const waiting = this.waiting.get(path);
    assert.ok(waiting, `a fetch of ${path} is waiting`);
    this.waiting.delete(path);
    return waiting;
  }
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

let window: Window;
let answers: Answers;
let events: string[];
let rules: Record<string, RouteRule>;
let navigator: Navigator;

function start(): Navigator {
  const deps: NavigatorDeps = {
    fetchPayload: answers.fetch,
    routeRule: (path) => rules[path],
    progress: { start: () => void events.push('progress start'), finish: () => void events.push('progress finish'), fail: () => void events.push('progress fail') },
    newVersionAvailable: () => false,
    fullLoad: (href) => void events.push(`full load ${href}`),
    location: window.location,
    history: window.history,
    scrollPosition: () => ({ x: 0, y: 0 }),
  };
  return new Navigator(page('/'), deps);
}

/** What the visitor sees: the shown payload's path and the address bar's path. */
function shown() {
  const { payload } = navigator.getSnapshot();
  return { payload: payload.path, address: new URL(window.location.href).pathname };
}

/** The browser's Back to `path`: the address and entry change, then popstate calls restore(). */
function back(path: string): Promise<void> {
  window.history.replaceState({ key: `back-${path}` }, '', `${ORIGIN}${path}`);
  return navigator.restore();
}

beforeEach(() => {
  window = new Window({ url: `${ORIGIN}/` });
  // Also as globals, the browser's, for code that reads them rather than its deps.
  for (const [name, value] of Object.entries({ location: window.location, history: window.history, scrollX: 0, scrollY: 0 })) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  answers = new Answers();
  events = [];
  rules = {};
  navigator = start();
  mock.method(console, 'error', () => undefined);
});

afterEach(async () => {
  mock.restoreAll();
  await window.happyDOM.close();
});

describe('navigate against navigate', () => {
  test('a slow older navigation never overwrites a newer one', async () => {
    const older = navigator.navigate('/slow');
    const newer = navigator.navigate('/fast');
    await answers.answer('/fast');
    await answers.answer('/slow');
    await Promise.all([older, newer]);
    assert.deepEqual(shown(), { payload: '/fast', address: '/fast' });
    assert.equal(window.history.length, 2, 'the older navigation pushed no entry');
    assert.deepEqual(events, ['progress start', 'progress start', 'progress finish']);
  });

  test('in order, both render', async () => {
    const first = navigator.navigate('/one');
    await answers.answer('/one');
    const second = navigator.navigate('/two');
    await answers.answer('/two');
    await Promise.all([first, second]);
    assert.deepEqual(shown(), { payload: '/two', address: '/two' });
    assert.equal(window.history.length, 3);
  });
});

describe('navigate against restore (Back/Forward)', () => {
  test('Back to a cached page while a navigation loads: the navigation, answered later, does not push over it', async () => {
    const first = navigator.navigate('/b');
    await answers.answer('/b');
    await first;
    const slow = navigator.navigate('/c');
    await back('/'); // cached since the start: renders at once
    await answers.answer('/c');
    await slow;
    assert.deepEqual(shown(), { payload: '/', address: '/' });
    assert.equal(window.history.length, 2, 'no entry for /c');
  });

  test('a slow restore never overwrites a navigation that started after it', async () => {
    const restoring = back('/old'); // not cached: fetched
    const navigating = navigator.navigate('/new');
    await answers.answer('/new');
    await answers.answer('/old');
    await Promise.all([restoring, navigating]);
    assert.deepEqual(shown(), { payload: '/new', address: '/new' });
    assert.ok(!events.some((event) => event.startsWith('full load') || event === 'progress fail'), events.join(', '));
  });

  test('a slow navigation never overwrites a restore that started after it', async () => {
    const navigating = navigator.navigate('/new');
    const restoring = back('/old');
    await answers.answer('/old');
    await answers.answer('/new');
    await Promise.all([restoring, navigating]);
    assert.deepEqual(shown(), { payload: '/old', address: '/old' });
    assert.equal(window.history.length, 1, 'the navigation pushed no entry after Back');
  });

  test('of two restores, the newer wins', async () => {
    const first = back('/one');
    const second = back('/two');
    await answers.answer('/two');
    await answers.answer('/one');
    await Promise.all([first, second]);
    assert.deepEqual(shown(), { payload: '/two', address: '/two' });
  });
});

describe('failures', () => {
  test('an older navigation that fails after a newer success neither fails the bar nor reloads', async () => {
    const older = navigator.navigate('/broken');
    const newer = navigator.navigate('/fine');
    await answers.answer('/fine');
    await answers.fail('/broken');
    await Promise.all([older, newer]);
    assert.deepEqual(shown(), { payload: '/fine', address: '/fine' });
    assert.deepEqual(events, ['progress start', 'progress start', 'progress finish']);
  });

  test('an older restore that fails after a newer navigation does not reload', async () => {
    const restoring = back('/broken');
    const navigating = navigator.navigate('/fine');
    await answers.answer('/fine');
    await answers.fail('/broken');
    await Promise.all([restoring, navigating]);
    assert.deepEqual(shown(), { payload: '/fine', address: '/fine' });
    assert.ok(!events.some((event) => event.startsWith('full load') || event === 'progress fail'), events.join(', '));
  });

  test('the newest navigation failing still falls back to a full load', async () => {
    const older = navigator.navigate('/fine');
    const newer = navigator.navigate('/broken');
    await answers.fail('/broken');
    await answers.answer('/fine');
    await Promise.all([older, newer]);
    assert.deepEqual(events, ['progress start', 'progress start', 'progress fail', `full load ${ORIGIN}/broken`]);
    assert.equal(shown().payload, '/', 'the older success does not render over the reload either');
  });

  test('the newest restore failing falls back to a full load of its entry', async () => {
    const restoring = back('/broken');
    await answers.fail('/broken');
    await restoring;
    assert.deepEqual(events, ['progress start', 'progress fail', `full load ${ORIGIN}/broken`]);
  });
});

describe('show() and redirects take tickets too', () => {
  test('a navigation pending when a guard shows its 404 does not render over it', async () => {
    const pending = navigator.navigate('/later');
    navigator.show({ ...page('/'), path: '/guarded' });
    await answers.answer('/later');
    await pending;
    assert.deepEqual(shown(), { payload: '/guarded', address: '/' });
  });

  test("a twin's redirect answer is followed like a manifest rule: the target gets the only new entry", async () => {
    const going = navigator.navigate('/otc?gclid=abc');
    await answers.answer('/otc?gclid=abc', { kind: 'redirect', redirect: '/otc-allowance' });
    await answers.answer('/otc-allowance?gclid=abc', page('/otc-allowance'));
    await going;
    assert.deepEqual(shown(), { payload: '/otc-allowance', address: '/otc-allowance' });
    assert.equal(window.location.search, '?gclid=abc', 'the query string survives the redirect');
    assert.equal(window.history.length, 2, 'the page it started from stays behind it');
  });

  test('a manifest rule redirects before anything is fetched; an external one is a full load', async () => {
    rules = { '/otc': { redirect: '/otc-allowance' }, '/away': { redirect: 'https://www.medicare.gov/' } };
    const going = navigator.navigate('/otc');
    assert.deepEqual(answers.asked, ['/otc-allowance']);
    await answers.answer('/otc-allowance');
    await going;
    assert.equal(shown().address, '/otc-allowance');
    await navigator.navigate('/away');
    assert.equal(events.at(-1), 'full load https://www.medicare.gov/');
  });

  test('rules that redirect in a loop end in a full load, not an endless chase', async () => {
    rules = { '/a': { redirect: '/b' }, '/b': { redirect: '/a' } };
    await navigator.navigate('/a');
    assert.match(events.at(-1)!, /^full load https:\/\/ac\.localhost\/[ab]$/);
    assert.deepEqual(answers.asked, []);
  });
});
