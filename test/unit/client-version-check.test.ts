import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { startVersionCheck, VERSION_CHECK_INTERVAL_MS, type VersionCheck } from '../../src/client/version-check.ts';
import { fetchedUrl } from '../support/fetched-url.ts';

/** What the local server publishes as builds/latest.json. */
let published: { status: number; body: string };
let requests: URL[];
let server: Server;
let origin: string;

/** Addresses the check asked for, recorded the moment it calls fetch (requests arrive later). */
let fetched: string[];

/** The browser's relative fetch, bound to the local server's origin. */
const boundFetch: typeof fetch = (input, init) => {
  fetched.push(fetchedUrl(input));
  return fetch(new URL(fetchedUrl(input), origin), init);
};

const publish = (id: string) => (published = { status: 200, body: JSON.stringify({ id, timestamp: 1 }) });

before(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://127.0.0.1');
    requests.push(url);
    if (url.pathname !== '/builds/latest.json') return response.writeHead(404).end();
    response.writeHead(published.status, { 'content-type': 'application/json' }).end(published.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

let checks: VersionCheck[];
let consoleError: ReturnType<typeof mock.method>;

beforeEach(() => {
  requests = [];
  fetched = [];
  checks = [];
  publish('build-a');
  consoleError = mock.method(console, 'error', () => undefined);
});

afterEach(() => {
  for (const check of checks) check.stop();
  mock.restoreAll();
});

function start(options: Partial<Parameters<typeof startVersionCheck>[0]> = {}): VersionCheck {
  const check = startVersionCheck({ currentId: 'build-a', fetch: boundFetch, ...options });
  checks.push(check);
  return check;
}

test('the interval is 5 minutes', () => assert.equal(VERSION_CHECK_INTERVAL_MS, 300_000));

describe('checkNow against a real server', () => {
  test('same id: no new version; a changed id is detected and stays detected', async () => {
    const check = start({ now: () => 1_700_000_000_000 });
    assert.equal(await check.checkNow(), false);
    assert.equal(check.newVersionAvailable(), false);
    publish('build-b');
    assert.equal(await check.checkNow(), true);
    assert.equal(check.newVersionAvailable(), true);
    publish('build-a');
    assert.equal(await check.checkNow(), true);
    assert.equal(requests.length, 2, 'no request once a new version is known');
  });

  test('asks for builds/latest.json with a timestamp query (spec §7)', async () => {
    const check = start({ now: () => 1_700_000_000_123 });
    await check.checkNow();
    assert.equal(requests[0]!.pathname, '/builds/latest.json');
    assert.equal(requests[0]!.searchParams.get('t'), '1700000000123');
  });

  const failures: Array<[string, () => void]> = [
    ['a server error', () => (published = { status: 500, body: 'oops' })],
    ['a body without an id', () => (published = { status: 200, body: '{"timestamp":1}' })],
    ['a body that is not JSON', () => (published = { status: 200, body: '<html>' })],
  ];
  for (const [label, arrange] of failures) {
    test(`${label} is only logged to the console`, async () => {
      arrange();
      const check = start();
      assert.equal(await check.checkNow(), false);
      assert.equal(check.newVersionAvailable(), false);
      assert.equal(consoleError.mock.callCount(), 1);
    });
  }

  test('an unreachable server is only logged to the console', async () => {
    const check = start({ fetch: (input, init) => fetch(new URL(fetchedUrl(input), 'http://127.0.0.1:1'), init) });
    assert.equal(await check.checkNow(), false);
    assert.equal(consoleError.mock.callCount(), 1);
  });

  const invalid: Array<[string, Partial<Parameters<typeof startVersionCheck>[0]>]> = [
    ['an empty current id', { currentId: '' }],
    ['a zero interval', { intervalMs: 0 }],
  ];
  for (const [label, options] of invalid) test(`rejects ${label}`, () => assert.throws(() => start(options)));
});

describe('periodic and on-visibility checks', () => {
  test('polls every interval and stops once a new version is found', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    const check = start();
    t.mock.timers.tick(VERSION_CHECK_INTERVAL_MS - 1);
    assert.equal(fetched.length, 0);
    t.mock.timers.tick(1);
    assert.equal(fetched.length, 1, 'polled after one interval');
    assert.equal(await check.checkNow(), false, 'joins the running check');
    assert.equal(fetched.length, 1);

    publish('build-b');
    t.mock.timers.tick(VERSION_CHECK_INTERVAL_MS);
    assert.equal(fetched.length, 2);
    assert.equal(await check.checkNow(), true);
    t.mock.timers.tick(VERSION_CHECK_INTERVAL_MS * 3);
    assert.equal(fetched.length, 2, 'polling stopped');
    assert.equal(requests.length, 2);
  });

  test('stop() ends the polling', (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    const check = start({ intervalMs: 1000 });
    check.stop();
    t.mock.timers.tick(5000);
    assert.equal(fetched.length, 0);
  });

  test('a hidden tab does not poll; shown again after the interval it checks at once', async (t) => {
    t.mock.timers.enable({ apis: ['setInterval'] });
    const window = new Window({ url: 'https://ac.localhost/' });
    const document = window.document as unknown as Document;
    // happy-dom documents are always visible; the page's visibility is played here.
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { get: () => visibility });
    const show = () => {
      visibility = 'visible';
      document.dispatchEvent(new window.Event('visibilitychange') as unknown as Event);
    };
    let clock = 0;
    const check = start({ document, now: () => clock, intervalMs: 1000 });

    visibility = 'hidden';
    document.dispatchEvent(new window.Event('visibilitychange') as unknown as Event);
    clock = 1000;
    t.mock.timers.tick(1000);
    assert.equal(fetched.length, 0, 'no poll while hidden');

    clock = 1500;
    show();
    assert.deepEqual(fetched, ['/builds/latest.json?t=1500'], 'checked on becoming visible');
    await check.checkNow();

    clock = 2000;
    show();
    assert.equal(fetched.length, 1, 'not again within the interval');
    clock = 2500;
    show();
    assert.equal(fetched.length, 2, 'again once the interval has passed');
    await check.checkNow();
    await window.happyDOM.close();
  });
});
