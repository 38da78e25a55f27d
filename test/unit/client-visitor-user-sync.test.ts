/**
 * User-state sync against a real local HTTP server and real BroadcastChannels (spec §4): every
 * change is pushed whole and broadcast; another tab's update is applied without a push; a failed
 * push is retried after 3000 ms, and the retry is dropped when a newer change came first.
 */
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Window } from 'happy-dom';
import { USER_SET_PATH } from '../../src/core/contract/user-state.ts';
import { USER_SYNC_CHANNEL, USER_SYNC_RETRY_MS } from '../../src/core/tracking/constants.ts';
import { EMPTY_USER_STATE, readUserState, type UserState } from '../../src/client/visitor/user-state.ts';
import {
  createUserSync,
  USER_STATE_STORAGE_KEY,
  USER_SYNC_MESSAGE_TYPE,
  type UserSync,
  type UserSyncChannel,
} from '../../src/client/visitor/user-sync.ts';
import { withoutPersonalState } from '../../src/client/visitor/forget-personal.ts';
import { fetchedUrl } from '../support/fetched-url.ts';

/** How the server answers a push: 'ok' 204 as the real one does, 'fail' 503. */
let mode: 'ok' | 'fail';
/** Bodies the server received. */
let received: unknown[];
let server: Server;
let origin: string;

before(async () => {
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === USER_SET_PATH) received.push(JSON.parse(text));
      response.writeHead(mode === 'ok' ? 204 : 503).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What one test's syncs pushed; a fresh one per test, so a late answer from an earlier test counts nowhere. */
interface PushLog {
  /** Pushes as the sync started them, recorded synchronously at the fetch call. */
  pushes: Array<{ anonymousId: string; state: UserState }>;
  /** Pushes whose answer the sync has handled. */
  settled: number;
}

/**
 * The browser's fetch for the sync, over node:http with a fresh connection per request. Node's
 * built-in fetch (undici) keeps its own timers; under mock.timers Node 20 lets undici's stale
 * timer ids clear other mocked timers, such as the sync's retry, so it is kept out of these tests.
 */
const httpFetch: typeof fetch = (input, init) =>
  new Promise((resolve, reject) => {
    const url = new URL(fetchedUrl(input), origin);
    const outgoing = httpRequest(url, { method: init?.method ?? 'GET', headers: init?.headers as Record<string, string>, agent: false }, (incoming) => {
      incoming.resume();
      incoming.on('end', () => resolve(new Response(null, { status: incoming.statusCode! })));
    });
    outgoing.on('error', reject);
    outgoing.end(init?.body as string | undefined);
  });

/** A fetch to the local server that records into `log`. */
function recordingFetch(log: PushLog): typeof fetch {
  return (input, init) => {
    log.pushes.push(JSON.parse(init?.body as string));
    const pending = httpFetch(input, init);
    // The sync handles the answer (status, retry timer) in promise callbacks only, queued as this
    // fetch settles, and every queued callback runs before the next event-loop turn: that turn is
    // when it is handled, on any machine (no wall-clock allowance; setImmediate is never mocked here).
    const handled = () => nextTurn().then(() => log.settled++);
    void pending.then(handled, handled);
    return pending;
  };
}

let log: PushLog;
let windows: Window[];
let syncs: UserSync[];
let channels: UserSyncChannel[];

beforeEach(() => {
  mode = 'ok';
  received = [];
  log = { pushes: [], settled: 0 };
  windows = [];
  syncs = [];
  channels = [];
});

afterEach(async () => {
  // Every push of this test is answered before the next test starts counting.
  await until(() => log.settled === log.pushes.length, 'the pushes of the test to settle');
  for (const sync of syncs) sync.stop();
  for (const channel of channels) channel.close();
  await Promise.all(windows.map((window) => window.happyDOM.close()));
});

function channel(): UserSyncChannel {
  const opened = new BroadcastChannel(USER_SYNC_CHANNEL) as unknown as UserSyncChannel;
  channels.push(opened);
  return opened;
}

/** One tab: its own localStorage, its own end of the 'user-sync' channel. */
function tab(anonymousId = 'anon-visitor-1') {
  const window = new Window({ url: 'https://ac.localhost/' });
  windows.push(window);
  const sync = createUserSync({ anonymousId, storage: window.localStorage, channel: channel(), fetch: recordingFetch(log) });
  syncs.push(sync);
  return { window, sync };
}

/** Waits for `condition` in event-loop turns (setTimeout may be mocked), for at most 5 s of real time. */
async function until(condition: () => boolean, what: string) {
  const deadline = performance.now() + 5000;
  while (!condition()) {
    if (performance.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await nextTurn();
  }
}

const withName: Partial<UserState> = { captured: { firstname: 'Ann' }, formValues: { driver1FirstName: 'Ann', haveMedicare: true } };

describe('local changes', () => {
  test('a change is pushed whole to /api/user/set with the anonymous id, stored, and broadcast', async () => {
    const listener = channel();
    const messages: unknown[] = [];
    listener.addEventListener('message', (event) => messages.push(event.data));
    const { window, sync } = tab();
    sync.update(withName);
    const expected: UserState = { ...EMPTY_USER_STATE, ...withName };
    assert.deepEqual(sync.getSnapshot(), expected);
    await until(() => received.length === 1 && messages.length === 1, 'the push and the broadcast');
    assert.deepEqual(received[0], { anonymousId: 'anon-visitor-1', state: expected });
    assert.deepEqual(messages[0], { type: USER_SYNC_MESSAGE_TYPE, state: expected });
    const { storedAt, ...stored } = JSON.parse(window.localStorage.getItem(USER_STATE_STORAGE_KEY)!) as UserState & { storedAt: unknown };
    assert.equal(typeof storedAt, 'number', 'stored with its time');
    assert.deepEqual(stored, expected);
  });

  test('the stored state is where the next page starts', () => {
    const first = tab();
    first.sync.update(withName);
    const next = createUserSync({ anonymousId: 'anon-visitor-1', storage: first.window.localStorage, fetch: recordingFetch(log) });
    syncs.push(next);
    assert.deepEqual(next.getSnapshot(), first.sync.getSnapshot());
  });

  test('an update that changes nothing (keys in another order included) is not pushed', async () => {
    const { sync } = tab();
    sync.update({ formValues: { a: 1, b: 2 } });
    await until(() => log.settled === 1, 'the first push');
    const listener = mock.fn();
    sync.subscribe(listener);
    sync.update({ formValues: { b: 2, a: 1 } });
    sync.update({ captured: {} });
    assert.equal(log.pushes.length, 1);
    assert.equal(listener.mock.callCount(), 0);
  });

  test('a change made while a push is in flight goes out after it, so the server ends with the newest state', async () => {
    const { sync } = tab();
    sync.update({ captured: { firstname: 'Ann' } });
    sync.update({ captured: { firstname: 'Bea' } });
    assert.equal(log.pushes.length, 1, 'one push at a time');
    await until(() => received.length === 2, 'the second push');
    assert.deepEqual(
      received.map((body) => (body as { state: UserState }).state.captured.firstname),
      ['Ann', 'Bea'],
    );
  });
});

describe('other tabs', () => {
  test("another tab's update is applied and announced without pushing it again", async () => {
    const a = tab();
    const b = tab();
    const heard = mock.fn();
    b.sync.subscribe(heard);
    a.sync.update(withName);
    await until(() => heard.mock.callCount() === 1, 'tab B to hear the update');
    assert.deepEqual(b.sync.getSnapshot(), a.sync.getSnapshot());
    await until(() => log.settled === 1, "tab A's push");
    assert.equal(log.pushes.length, 1, 'only the tab that made the change pushed');
    assert.equal(b.window.localStorage.getItem(USER_STATE_STORAGE_KEY), null, 'the sender stores it (the same localStorage in a browser)');
  });

  test('a malformed or foreign message is ignored', async () => {
    const { sync } = tab();
    const sender = channel();
    const heard = mock.fn();
    sync.subscribe(heard);
    sender.postMessage({ type: 'something-else', state: withName });
    sender.postMessage('not an object');
    sender.postMessage({ type: USER_SYNC_MESSAGE_TYPE, state: { ...withName } });
    await until(() => heard.mock.callCount() === 1, 'the valid message');
    assert.deepEqual(sync.getSnapshot(), readUserState(withName));
  });
});

describe('failed pushes', () => {
  test(`a failed push is retried after ${USER_SYNC_RETRY_MS} ms with the same state`, async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    mode = 'fail';
    const { sync } = tab();
    sync.update(withName);
    await until(() => log.settled === 1, 'the failed push');
    mode = 'ok';
    t.mock.timers.tick(USER_SYNC_RETRY_MS - 1);
    assert.equal(log.pushes.length, 1, 'no retry before 3000 ms');
    t.mock.timers.tick(1);
    assert.equal(log.pushes.length, 2, 'retried at 3000 ms');
    assert.deepEqual(log.pushes[1], log.pushes[0]);
    await until(() => received.length === 2, 'the retry to arrive');
    t.mock.timers.tick(USER_SYNC_RETRY_MS * 3);
    assert.equal(log.pushes.length, 2, 'a successful push is not retried');
  });

  test('a failed retry is retried again', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    mode = 'fail';
    const { sync } = tab();
    sync.update(withName);
    await until(() => log.settled === 1, 'the failed push');
    t.mock.timers.tick(USER_SYNC_RETRY_MS);
    await until(() => log.settled === 2, 'the failed retry');
    t.mock.timers.tick(USER_SYNC_RETRY_MS);
    assert.equal(log.pushes.length, 3);
  });

  test('the retry is dropped when a newer change happened: the newer state is pushed instead', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    mode = 'fail';
    const { sync } = tab();
    sync.update({ captured: { firstname: 'Ann' } });
    await until(() => log.settled === 1, 'the failed push');
    mode = 'ok';
    sync.update({ captured: { firstname: 'Bea' } });
    assert.equal(log.pushes.length, 2, 'the newer change is pushed at once');
    assert.equal(log.pushes[1]!.state.captured.firstname, 'Bea');
    await until(() => log.settled === 2, 'the newer push');
    t.mock.timers.tick(USER_SYNC_RETRY_MS * 2);
    assert.equal(log.pushes.length, 2, 'the old retry never ran');
  });

  test("the retry is dropped when another tab's newer state arrived", async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    mode = 'fail';
    const a = tab();
    a.sync.update({ captured: { firstname: 'Ann' } });
    await until(() => log.settled === 1, "tab A's failed push");
    const sender = channel();
    sender.postMessage({ type: USER_SYNC_MESSAGE_TYPE, state: { ...EMPTY_USER_STATE, captured: { firstname: 'Bea' } } });
    await until(() => a.sync.getSnapshot().captured.firstname === 'Bea', 'the other tab to be heard');
    t.mock.timers.tick(USER_SYNC_RETRY_MS * 2);
    assert.equal(log.pushes.length, 1, 'tab A does not overwrite the newer state with its retry');
  });
});

describe('reading a stored or broadcast state', () => {
  const cases: Array<[name: string, raw: unknown, expected: UserState]> = [
    ['not an object', 'junk', EMPTY_USER_STATE],
    ['unknown captured names and empty values dropped', { captured: { firstname: 'Ann', shoe: '9', lastname: '' } }, { ...EMPTY_USER_STATE, captured: { firstname: 'Ann' } }],
    ['a leased phone without an expiry dropped', { leasedPhone: { value: '8005550123' } }, EMPTY_USER_STATE],
    [
      'a valid leased phone kept',
      { leasedPhone: { value: '8005550123', expirationDate: '2030-01-01T00:00:00.000Z' } },
      { ...EMPTY_USER_STATE, leasedPhone: { value: '8005550123', expirationDate: '2030-01-01T00:00:00.000Z' } },
    ],
    ['bot check result kept, malformed dropped', { botCheck: { bot: 'headless_chrome' }, formValues: [] }, { ...EMPTY_USER_STATE, botCheck: { bot: 'headless_chrome' } }],
    ['bot check with a number dropped', { botCheck: { bot: 3 } }, EMPTY_USER_STATE],
  ];
  for (const [name, raw, expected] of cases) test(name, () => assert.deepEqual(readUserState(raw), expected));
});

describe('after the lead is sent (keepOnly with the personal-data rules)', () => {
  const personal: Partial<UserState> = {
    captured: { firstname: 'Ann', lastname: 'Lee', phone: '5551234567', dateofbirth: '1950-01-02', age: '74' },
    formValues: { driver1FirstName: 'Ann', driver1Email: 'ann@example.com', driver1Phone: '(555) 123-4567', driver1Address: '1 Main St', driver1Dob: '1950-01-02', zipcode: '33101', haveMedicare: true },
  };
  const withoutPersonal = { captured: { age: '74' }, formValues: { zipcode: '33101', haveMedicare: true } };

  test('personal fields leave the state, its stored copy, the other tabs and the push; the rest stays', async () => {
    const a = tab();
    const b = tab();
    a.sync.update(personal);
    await until(() => log.settled === 1 && b.sync.getSnapshot().formValues.driver1Email !== undefined, 'the first push and tab B');
    a.sync.keepOnly(withoutPersonalState);
    const expected: UserState = { ...EMPTY_USER_STATE, ...withoutPersonal };
    assert.deepEqual(a.sync.getSnapshot(), expected);
    const { storedAt: _storedAt, ...stored } = JSON.parse(a.window.localStorage.getItem(USER_STATE_STORAGE_KEY)!) as UserState & { storedAt: number };
    assert.deepEqual(stored, expected);
    await until(() => received.length === 2 && sameState(b.sync.getSnapshot(), expected), 'the second push and tab B');
    assert.deepEqual(received[1], { anonymousId: 'anon-visitor-1', state: expected });
  });

  test('a later change of the same page is kept without personal fields', () => {
    const { window, sync } = tab();
    sync.keepOnly(withoutPersonalState);
    sync.update(personal);
    assert.deepEqual(sync.getSnapshot(), { ...EMPTY_USER_STATE, ...withoutPersonal });
    assert.doesNotMatch(window.localStorage.getItem(USER_STATE_STORAGE_KEY)!, /Ann|example\.com|555|Main|1950/);
  });
});

describe('the stored state expires 30 days after it was first stored', () => {
  const day = 24 * 60 * 60 * 1000;
  const cases: { name: string; age: number; kept: boolean }[] = [
    { name: '29 days old', age: 29 * day, kept: true },
    { name: '30 days old', age: 30 * day, kept: false },
  ];
  for (const { name, age, kept } of cases) {
    test(`a state ${name} is ${kept ? 'where the page starts' : 'dropped'}`, () => {
      const window = new Window({ url: 'https://ac.localhost/' });
      windows.push(window);
      const start = Date.parse('2026-03-01T12:00:00Z');
      const first = createUserSync({ anonymousId: 'anon-visitor-1', storage: window.localStorage, fetch: recordingFetch(log), now: () => start });
      syncs.push(first);
      first.update({ formValues: { zipcode: '33101' } });
      const next = createUserSync({ anonymousId: 'anon-visitor-1', storage: window.localStorage, fetch: recordingFetch(log), now: () => start + age });
      syncs.push(next);
      assert.deepEqual(next.getSnapshot().formValues, kept ? { zipcode: '33101' } : {});
      assert.equal(window.localStorage.getItem(USER_STATE_STORAGE_KEY) !== null, kept);
    });
  }
});

function sameState(a: UserState, b: UserState): boolean {
  return JSON.stringify(readUserState(a)) === JSON.stringify(readUserState(b));
}
