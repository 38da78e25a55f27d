/**
 * callDurationMs (spec §3 call events): a call event waits after its click until the visitor is
 * back from the phone (the page hidden, then shown), is sent without a duration when the page is
 * left for good or no dialer took the call, and survives the page being closed while away.
 * Also the wait that lets the first page view carry the IP lookup and bot check.
 */
import { afterEach, beforeEach, describe, test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { CALL_HANDOFF_MAX_MS, PENDING_CALLS_STORAGE_KEY, startCallDurations, withCallDuration, type CallBody, type CallDurations } from '../../src/client/tracking/call-durations.ts';
import { createTrackingQueue } from '../../src/client/tracking/tracking-queue.ts';
import { afterVisitFacts, VISIT_FACTS_WAIT_MS } from '../../src/client/tracking/visit-facts-wait.ts';
import type { Payload } from '../../src/core/payload/types.ts';

const CLICKED_AT = 1_700_000_000_000;

/** A page whose visibility the test sets, firing visibilitychange as a browser does. */
class TestPage extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  set(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

/** localStorage as a map, shared by the "pages" of one test like a browser's. */
function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}

/** A promise and its resolve function (Promise.withResolvers, which Node 20 lacks). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

const call = (id: string, at = CLICKED_AT): CallBody =>
  ({ type: 'track', event: 'call', timestamp: new Date(at).toISOString(), sessionId: 's', anonymousId: 'a', properties: { eventId: id, didNumber: '8885550102', ctcLocation: 'header' } }) as unknown as CallBody;

let view: EventTarget;
let page: TestPage;
let storage: ReturnType<typeof memoryStorage>;
let sent: CallBody[];
let started: CallDurations[];

/** The test's fake clock: per test (`t.mock.timers`), as the shared unit process asks, so no other file's timer lands in it. */
let clock: TestContext['mock']['timers'];
function fakeClock(t: TestContext) {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'], now: CLICKED_AT });
  clock = t.mock.timers;
}

beforeEach(() => {
  view = new EventTarget();
  page = new TestPage();
  storage = memoryStorage();
  sent = [];
  started = [];
});
afterEach(() => {
  for (const calls of started) calls.stop();
});

function start(): CallDurations {
  const calls = startCallDurations({ emit: (body) => void sent.push(body), storage, window: view, document: page });
  started.push(calls);
  return calls;
}
const durations = () => sent.map((body) => [body.properties.eventId, body.properties.callDurationMs]);

describe('call events wait for the visitor to come back', () => {
  test('hidden, then shown again: sent once, with the time from the click to the return', (t) => {
    fakeClock(t);
const calls = start();
    calls.hold(call('c1'));
    clock.tick(800);
    page.set('hidden');
    clock.tick(185_000);
    assert.equal(sent.length, 0, 'nothing while the visitor is on the phone');
    page.set('visible');
    assert.deepEqual(durations(), [['c1', 185_800]]);
    assert.equal(sent[0]!.timestamp, new Date(CLICKED_AT).toISOString(), "the event's time stays the click's");
    page.set('hidden');
    page.set('visible');
    assert.equal(sent.length, 1, 'a later trip away is no second call');
    assert.equal(storage.getItem(PENDING_CALLS_STORAGE_KEY), '[]');
  });

  const withoutDuration: Array<[what: string, act: () => void]> = [
    ['the page is left for good (pagehide) while away', () => (page.set('hidden'), view.dispatchEvent(new Event('pagehide')))],
    ['the page is left for good before it was ever hidden', () => view.dispatchEvent(new Event('pagehide'))],
    ['no dialer took the call: the page stayed visible past the hand-off wait', () => clock.tick(CALL_HANDOFF_MAX_MS)],
  ];
  for (const [what, act] of withoutDuration) {
    test(`${what}: sent without callDurationMs`, (t) => {
      fakeClock(t);
start().hold(call('c1'));
      act();
      assert.deepEqual(durations(), [['c1', undefined]]);
      assert.equal('callDurationMs' in sent[0]!.properties, false);
    });
  }

  test('away longer than the hand-off wait still counts: the wait only ends calls the page was never hidden for', (t) => {
    fakeClock(t);
start().hold(call('c1'));
    page.set('hidden');
    clock.tick(CALL_HANDOFF_MAX_MS * 3);
    assert.equal(sent.length, 0);
    page.set('visible');
    assert.deepEqual(durations(), [['c1', CALL_HANDOFF_MAX_MS * 3]]);
  });

  test('a page closed while away: the next page load sends its call without a duration, once', (t) => {
    fakeClock(t);
start().hold(call('c1'));
    page.set('hidden');
    assert.equal(JSON.parse(storage.getItem(PENDING_CALLS_STORAGE_KEY)!).length, 1, 'kept in storage while waiting');
    // The system ends the browser: no pagehide, no return. The next page load:
    const next = start();
    next.sendLeftOver();
    assert.deepEqual(durations(), [['c1', undefined]]);
    next.sendLeftOver();
    assert.equal(sent.length, 1);
  });

  test('a call clicked before the tracker loaded, the visitor already back: sent at once with the time to that return', (t) => {
    fakeClock(t);
// The always-loaded queue saw the page shown again; the tracker, in later, holds the call with it.
    const queue = createTrackingQueue({
      pages: { subscribe: () => () => undefined, getSnapshot: () => ({ payload: {} as Payload }) },
      touchSession: () => 'session-1',
      url: () => 'https://ac.localhost/otc-savings',
      referrer: '',
      document: page,
    });
    const clickedAt = new Date(CLICKED_AT);
    clock.tick(1000);
    page.set('hidden');
    assert.equal(queue.shownAgainAfter(clickedAt), undefined, 'not back yet');
    clock.tick(40_000);
    page.set('visible');
    clock.tick(3000);
    page.set('hidden');
    page.set('visible');
    const returnedAt = queue.shownAgainAfter(clickedAt);
    assert.equal(returnedAt, CLICKED_AT + 41_000, 'the first return after the click');
    start().hold(call('c1'), returnedAt);
    assert.deepEqual(durations(), [['c1', 41_000]]);
    assert.equal(storage.getItem(PENDING_CALLS_STORAGE_KEY), null, 'nothing left waiting');
    assert.equal(queue.shownAgainAfter(new Date(CLICKED_AT + 50_000)), undefined, 'a later click has not been away');
  });

  test('withCallDuration never goes below zero (a clock set back during the call)', (t) => {
    fakeClock(t);
assert.equal(withCallDuration(call('c1'), CLICKED_AT - 5000).properties.callDurationMs, 0);
  });
});

describe('the first page view waits for the IP lookup and bot check', () => {
  const cases: Array<[what: string, act: (facts: { resolve: () => void }[]) => void | Promise<void>, runsAfter: string]> = [
    ['both answered', async (facts) => (facts.forEach((fact) => fact.resolve()), await Promise.resolve()), 'both facts'],
    ['the wait ran out', () => void clock.tick(VISIT_FACTS_WAIT_MS), 'the budget'],
    ['the page was hidden', () => page.set('hidden'), 'hiding'],
    ['the page was left (pagehide)', () => void view.dispatchEvent(new Event('pagehide')), 'pagehide'],
  ];
  for (const [what, act, after] of cases) {
    test(`${what}: the queue is handed over once, after ${after}`, async (t) => {
      fakeClock(t);
const facts = [0, 1].map(() => deferred());
      let runs = 0;
      afterVisitFacts(() => runs++, { facts: facts.map((fact) => fact.promise), window: view, document: page });
      clock.tick(VISIT_FACTS_WAIT_MS - 1);
      await Promise.resolve();
      assert.equal(runs, 0, 'still waiting');
      await act(facts);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(runs, 1);
      for (const fact of facts) fact.resolve();
      clock.tick(VISIT_FACTS_WAIT_MS);
      page.set('hidden');
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(runs, 1, 'never twice');
    });
  }

  test('one fact failing or answering is not enough: it waits for both, or the budget', async (t) => {
    fakeClock(t);
const lookup = deferred();
    let runs = 0;
    afterVisitFacts(() => runs++, { facts: [lookup.promise, Promise.reject(new Error('botd failed'))], window: view, document: page });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 0);
    lookup.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 1, 'a failed check counts as answered (spec §8: bot-check failure swallowed)');
  });
});
