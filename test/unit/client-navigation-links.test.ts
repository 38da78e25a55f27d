/**
 * One link predicate (src/client/navigation/links.ts) behind click interception and prefetch:
 * a link is prefetched exactly when a plain click on it would be a client navigation (and it is
 * not the page already shown). Before, each decided on its own and they disagreed, e.g. on
 * `href="#"` and on links whose href is no URL.
 */
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import { after, beforeEach, describe, mock, test } from 'node:test';
import { Window } from 'happy-dom';
import { interceptableLink, interceptLinkClicks } from '../../src/client/navigation/link-intercept.ts';
import { navigationTarget } from '../../src/client/navigation/links.ts';
import { schedulePrefetch } from '../../src/client/prefetch.ts';

const PAGE = 'https://ac.localhost/quiz/otc?gclid=abc';
const window = new Window({ url: PAGE });
const document = window.document as unknown as Document;
after(() => window.happyDOM.close());

/** [anchor HTML, the URL a click navigates to client-side or undefined, prefetched?] */
const LINKS: [string, string | undefined, boolean][] = [
  ['<a href="/privacy">', 'https://ac.localhost/privacy', true],
  ['<a href="privacy?x=1">', 'https://ac.localhost/quiz/privacy?x=1', true],
  ['<a href="https://ac.localhost/tos#cookies">', 'https://ac.localhost/tos#cookies', true],
  ['<a href="/quiz/otc?gclid=abc">', 'https://ac.localhost/quiz/otc?gclid=abc', false], // this page again: navigates, nothing to fetch
  ['<a href="/quiz/otc">', 'https://ac.localhost/quiz/otc', true], // another query is another page
  ['<a href="#faq">', undefined, false], // a hash change: the browser scrolls
  ['<a href="#">', undefined, false],
  ['<a href="/quiz/otc?gclid=abc#faq">', undefined, false],
  ['<a href="https://example.org/">', undefined, false],
  ['<a href="//example.org/x">', undefined, false],
  ['<a href="tel:+15551234567">', undefined, false],
  ['<a href="mailto:help@example.org">', undefined, false],
  ['<a href="javascript:void(0)">', undefined, false],
  ['<a href="/privacy" download>', undefined, false],
  ['<a href="/privacy" target="_blank">', undefined, false],
  ['<a href="/privacy" target="_self">', 'https://ac.localhost/privacy', true],
  ['<a href="/privacy" rel="noopener external">', undefined, false],
  ['<a href="http://[::1">', undefined, false], // not a URL
];

function anchor(html: string): Element {
  document.body.innerHTML = `${html}link</a>`;
  return document.querySelector('a')!;
}

function click(element: Element, init: { metaKey?: boolean; ctrlKey?: boolean; shiftKey?: boolean; altKey?: boolean; button?: number } = {}): MouseEvent {
  const event = new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }) as unknown as MouseEvent;
  Object.defineProperty(event, 'target', { value: element });
  return event;
}

describe('which links are client navigations', () => {
  for (const [html, expected] of LINKS) {
    test(`${html} -> ${expected ?? 'the browser'}`, () => {
      const link = anchor(html);
      assert.equal(navigationTarget(link, new URL(PAGE))?.href, expected);
      assert.equal(interceptableLink(click(link), { href: PAGE })?.href, expected, 'a plain click is intercepted exactly then');
    });
  }

  test('a click with a modifier key, another button, or already handled is left alone', () => {
    const link = anchor('<a href="/privacy">');
    for (const init of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      assert.equal(interceptableLink(click(link, init), { href: PAGE }), undefined, JSON.stringify(init));
    }
    const handled = click(link);
    handled.preventDefault();
    assert.equal(interceptableLink(handled, { href: PAGE }), undefined);
  });

  test('a click inside a link counts as a click on it', () => {
    document.body.innerHTML = '<a href="/privacy"><span>Privacy</span></a>';
    assert.equal(interceptableLink(click(document.querySelector('span')!), { href: PAGE })?.href, 'https://ac.localhost/privacy');
  });
});

describe('prefetch takes exactly the links a click would navigate to', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));

  test('the whole table', async () => {
    document.body.innerHTML = LINKS.map(([html]) => `${html}link</a>`).join('');
    const expected = LINKS.filter(([, , prefetched]) => prefetched).map(([, url]) => new URL(url!)).map((url) => url.pathname + url.search);
    const fetched: string[] = [];
    const fetches = new EventEmitter();
    const { stop } = schedulePrefetch({
      navigator: { has: () => false, remember: () => undefined },
      fetchPayload: async (path) => {
        fetched.push(path);
        fetches.emit('fetch');
        throw new Error('offline');
      },
      payloadKey: (url) => url.pathname + url.search,
      document,
      connection: { effectiveType: '4g' },
      maxLinks: 100,
    });
    const debug = mock.method(console, 'debug', () => undefined);
    mock.timers.tick(1000);
    // Links are fetched one after another, each once the previous one failed: the last expected
    // fetch says the queue is through (setTimeout is mocked, so the runner's timeout ends a broken run).
    while (fetched.length < new Set(expected).size) await once(fetches, 'fetch');
    // The queue goes on in promise callbacks only, which all run before the next turn: a fetch
    // beyond the expected ones would have been made by then.
    await new Promise<void>((resolve) => setImmediate(resolve));
    stop();
    debug.mock.restore();
    mock.timers.reset();
    assert.deepEqual(fetched, [...new Set(expected)]);
  });
});

describe('click interception', () => {
  test('navigates intercepted links, refuses unapproved external ones, leaves phone links and approved external links alone', () => {
    const navigated: string[] = [];
    const warn = mock.method(console, 'warn', () => undefined);
    const stop = interceptLinkClicks(document, { navigate: async (href) => void navigated.push(href), location: { href: PAGE } });
    const outcome = (html: string) => {
      const link = anchor(html);
      const event = new window.MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(event as unknown as Event);
      return event.defaultPrevented ? 'prevented' : 'browser';
    };
    try {
      assert.equal(outcome('<a href="/privacy">'), 'prevented');
      assert.equal(outcome('<a href="https://example.org/">'), 'prevented');
      assert.equal(outcome('<a href="javascript:alert(1)" data-allow-external>'), 'prevented');
      assert.equal(outcome('<a href="https://example.org/" data-allow-external>'), 'browser');
      assert.equal(outcome('<a href="tel:+15551234567">'), 'browser');
      assert.equal(outcome('<a href="#faq">'), 'browser');
      assert.deepEqual(navigated, ['https://ac.localhost/privacy']);
      assert.equal(warn.mock.callCount(), 2, 'each refusal is logged');
    } finally {
      stop();
      warn.mock.restore();
    }
  });
});
