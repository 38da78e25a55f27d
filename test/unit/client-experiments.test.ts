/**
 * The browser's side of experiments: the anonymous id adopted from the visitor-id
 * cookie the server issued (and written back), experimentEntered sent once per visitor and
 * experiment (remembered in localStorage; never for a variant staff forced), and one assignment
 * function for server and browser.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Window } from 'happy-dom';
import { ENTERED_EXPERIMENTS_STORAGE_KEY, startExperimentEntries } from '../../src/client/tracking/experiment-entries.ts';
import type { PageSource } from '../../src/client/tracking/page-views.ts';
import { ANONYMOUS_ID_STORAGE_KEY, createVisitorIdentity } from '../../src/client/visitor/identity.ts';
import { keepVisitorIdCookie, visitorIdCookieName, visitorIdFromCookie } from '../../src/client/visitor/visitor-cookie.ts';
import type { Payload } from '../../src/core/payload/types.ts';
import type { ExperimentEnteredProps } from '../../src/core/tracking/event-props.ts';
import { COOKIE_BASE_NAMES } from '../../src/core/http/cookie-names.ts';

const ISSUED = '0b9c6a52-3f1e-4d7a-9c2b-5e8f1a2b3c4d';
const STORED = '7d3e2f10-aaaa-4bbb-8ccc-123456789abc';

let window: Window;
let storage: Storage;

beforeEach(() => {
  window = new Window({ url: 'http://ac.localhost/' });
  storage = window.localStorage;
});
afterEach(() => window.happyDOM.close());

describe('the visitor-id cookie', () => {
  test('a first visit adopts the id the server issued', () => {
    assert.equal(createVisitorIdentity({ storage, issuedId: ISSUED }).anonymousId, ISSUED);
    assert.equal(storage.getItem(ANONYMOUS_ID_STORAGE_KEY), ISSUED);
  });

  test('a stored id wins over an issued one: the visitor stays who they were', () => {
    storage.setItem(ANONYMOUS_ID_STORAGE_KEY, STORED);
    assert.equal(createVisitorIdentity({ storage, issuedId: ISSUED }).anonymousId, STORED);
  });

  test('the cookie is read, and written back when it names another id', () => {
    const view = window as unknown as Pick<globalThis.Window, 'document' | 'location'>;
    const name = COOKIE_BASE_NAMES.visitorId;
    assert.equal(visitorIdFromCookie('', name), undefined);
    assert.equal(visitorIdFromCookie(`a=1; ${name}=${ISSUED}; b=2`, name), ISSUED);
    assert.equal(visitorIdFromCookie(`${name}=not-an-id`, name), undefined);
    assert.equal(visitorIdFromCookie(`__Host-${name}=${ISSUED}`, name), undefined, 'only the mode\'s name is read');
    keepVisitorIdCookie(view, STORED);
    assert.equal(visitorIdFromCookie(view.document.cookie, name), STORED);
    keepVisitorIdCookie(view, 'not-a-uuid');
    assert.equal(visitorIdFromCookie(view.document.cookie, name), STORED, 'only a UUID goes into the cookie');
  });

  test('the cookie is named __Host- on a page served over HTTPS, plainly over HTTP', () => {
    assert.equal(visitorIdCookieName({ protocol: 'https:' }), `__Host-${COOKIE_BASE_NAMES.visitorId}`);
    assert.equal(visitorIdCookieName({ protocol: 'http:' }), COOKIE_BASE_NAMES.visitorId);
  });
});

/** A navigator stand-in: the page shown now, and a way to show the next. */
function pages(first: Payload): PageSource & { show(payload: Payload): void } {
  let current = first;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => ({ payload: current }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    show(payload) {
      current = payload;
      for (const listener of listeners) listener();
    },
  };
}

/** A page payload in an experiment (only what the entries read). */
const pageIn = (experiment?: { key: string; variant: string; forced?: true }) => ({ kind: 'page', ...(experiment ? { experiment } : {}) }) as unknown as Payload;

describe('experimentEntered', () => {
  test('sent once per experiment across pages and page loads, never for a forced variant', () => {
    const sent: ExperimentEnteredProps[] = [];
    const track = (props: ExperimentEnteredProps) => void sent.push(props);
    const navigator = pages(pageIn({ key: 'otc-headline', variant: 'b' }));
    startExperimentEntries(navigator, storage, track);
    navigator.show(pageIn());
    navigator.show(pageIn({ key: 'otc-headline', variant: 'b' }));
    navigator.show(pageIn({ key: 'otc-cta', variant: 'control', forced: true }));
    navigator.show(pageIn({ key: 'otc-cta', variant: 'control' }));
    assert.deepEqual(sent, [
      { name: 'otc-headline', variant: 'b' },
      { name: 'otc-cta', variant: 'control' },
    ]);
    assert.deepEqual(JSON.parse(storage.getItem(ENTERED_EXPERIMENTS_STORAGE_KEY)!), ['otc-headline', 'otc-cta']);

    // The next page load (a reload, another tab) remembers both.
    startExperimentEntries(pages(pageIn({ key: 'otc-headline', variant: 'b' })), storage, track);
    assert.equal(sent.length, 2);
  });

  test('with storage blocked, a page still sends each entry once', () => {
    const sent: ExperimentEnteredProps[] = [];
    const navigator = pages(pageIn({ key: 'otc-headline', variant: 'b' }));
    startExperimentEntries(navigator, undefined, (props) => void sent.push(props));
    navigator.show(pageIn({ key: 'otc-headline', variant: 'b' }));
    assert.equal(sent.length, 1);
  });
});

describe('one assignment for server and browser', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? sources(file) : /\.tsx?$/.test(name) ? [file] : [];
    });

  test('the hashing is defined once, in core', () => {
    const defining = sources(path.join(root, 'src')).filter((file) => /function (fnv32a|bucketHash|assignVariant)\b/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(defining.map((file) => path.relative(root, file)).sort(), ['src/core/experiments/assignment.ts', 'src/core/experiments/hashing.ts']);
  });

  test('the server’s renderer and the browser’s control-center screen import that one function', () => {
    for (const file of ['src/server/experiments/assigned-experiment.ts', 'src/ui/control-center/screens/ExperimentScreen.tsx']) {
      assert.match(readFileSync(path.join(root, file), 'utf8'), /import \{[^}]*\bassignVariant\b[^}]*\} from '(\.\.\/)+core\/experiments\/assignment\.ts'/, file);
    }
  });
});
