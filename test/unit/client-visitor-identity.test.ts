/**
 * The visitor's anonymous id and session (spec §3, §4), and anonymous-id linking (spec §4: one
 * anonLink event with the old id when a stored anonymous id exists and the flag is not true).
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { ANON_LINKED_STORAGE_KEY, LEGACY_ANONYMOUS_ID_KEY, linkPreviousAnonymousId, previousAnonymousId } from '../../src/client/visitor/anon-link.ts';
import { ANONYMOUS_ID_STORAGE_KEY, createVisitorIdentity, SESSION_INACTIVITY_MS, SESSION_STORAGE_KEY } from '../../src/client/visitor/identity.ts';
import { randomId } from '../../src/client/visitor/random-id.ts';
import type { AnonLinkProps } from '../../src/core/tracking/event-props.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

let window: Window;
let storage: Storage;

beforeEach(() => {
  window = new Window({ url: 'https://ac.localhost/' });
  storage = window.localStorage;
});
afterEach(() => window.happyDOM.close());

describe('random ids', () => {
  test('crypto.randomUUID is used where the page has it', () => assert.match(randomId(), UUID_V4));

  test('without randomUUID (plain HTTP) a version 4 UUID is built from getRandomValues', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomId({ getRandomValues: (array) => crypto.getRandomValues(array) })));
    assert.equal(ids.size, 50);
    for (const id of ids) assert.match(id, UUID_V4);
  });
});

describe('anonymous id', () => {
  test('the first visit creates a UUID and stores it; the next page reads the same id', () => {
    const first = createVisitorIdentity({ storage });
    assert.match(first.anonymousId, UUID_V4);
    assert.equal(storage.getItem(ANONYMOUS_ID_STORAGE_KEY), first.anonymousId);
    assert.equal(createVisitorIdentity({ storage }).anonymousId, first.anonymousId);
  });

  const unusable: Array<[string, string]> = [
    ['empty', ''],
    ['blank', '   '],
    ['longer than the event endpoint accepts', 'x'.repeat(201)],
  ];
  for (const [name, stored] of unusable) {
    test(`a stored id that is ${name} is replaced`, () => {
      storage.setItem(ANONYMOUS_ID_STORAGE_KEY, stored);
      const identity = createVisitorIdentity({ storage, newId: () => 'fresh-id-0001' });
      assert.equal(identity.anonymousId, 'fresh-id-0001');
      assert.equal(storage.getItem(ANONYMOUS_ID_STORAGE_KEY), 'fresh-id-0001');
    });
  }

  test('without storage (blocked) the ids live in memory for the page', () => {
    const identity = createVisitorIdentity({ storage: undefined, newId: () => 'memory-id-01' });
    assert.equal(identity.anonymousId, 'memory-id-01');
    const session = identity.touch(T0);
    assert.equal(identity.touch(T0 + MINUTE), session);
  });
});

describe('session', () => {
  let counter: number;
  const sequentialIds = () => `session-${++counter}`;
  beforeEach(() => (counter = 0));

  /** [label, minutes after the previous touch, expected session number] */
  const timeline: Array<[label: string, gapMinutes: number, session: number]> = [
    ['first event starts a session', 0, 1],
    ['29 minutes later: same session', 29, 1],
    ['another 29 minutes (activity extends it): same session', 29, 1],
    ['exactly 30 minutes of inactivity: a new session', 30, 2],
    ['1 minute later: that new session', 1, 2],
    ['a clock set back 10 minutes is not inactivity', -10, 2],
  ];

  test('sessions end after 30 minutes without a tracked event', () => {
    assert.equal(SESSION_INACTIVITY_MS, 30 * MINUTE);
    const identity = createVisitorIdentity({ storage, newId: sequentialIds });
    let at = T0;
    for (const [label, gap, session] of timeline) {
      at += gap * MINUTE;
      assert.equal(identity.touch(at), `session-${session + 1}`, label); // id 1 went to the anonymous id
    }
  });

  test('each event records the last-activity time in localStorage (never moving it back)', () => {
    const identity = createVisitorIdentity({ storage, newId: sequentialIds });
    const id = identity.touch(T0);
    assert.deepEqual(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!), { id, lastActivityAt: T0 });
    identity.touch(T0 + 5 * MINUTE);
    assert.deepEqual(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!), { id, lastActivityAt: T0 + 5 * MINUTE });
    identity.touch(T0 + 2 * MINUTE);
    assert.equal(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!).lastActivityAt, T0 + 5 * MINUTE);
  });

  test("another tab's activity keeps this tab's session alive (one session across tabs)", () => {
    const tabA = createVisitorIdentity({ storage, newId: sequentialIds });
    const tabB = createVisitorIdentity({ storage, newId: sequentialIds });
    const session = tabA.touch(T0);
    assert.equal(tabB.touch(T0 + 20 * MINUTE), session);
    assert.equal(tabA.touch(T0 + 45 * MINUTE), session, 'tab A was idle 45 minutes, the visitor was not');
  });

  test('a malformed stored session is replaced by a new one', () => {
    storage.setItem(SESSION_STORAGE_KEY, '{"id":"","lastActivityAt":"yesterday"}');
    const identity = createVisitorIdentity({ storage, newId: sequentialIds });
    assert.equal(identity.touch(T0), 'session-2');
  });
});

describe('anonymous-id linking', () => {
  const current = 'current-anon-id';

  function link(cookieHeader = '') {
    const sent: AnonLinkProps[] = [];
    const linked = linkPreviousAnonymousId({ storage, cookieHeader, currentAnonymousId: current, track: (props) => sent.push(props) });
    return { linked, sent };
  }

  const found: Array<[name: string, stored: string | undefined, cookie: string, expected: string | undefined]> = [
    ['JSON string in localStorage', JSON.stringify('old-anon-1'), '', 'old-anon-1'],
    ['plain string in localStorage', 'old-anon-2', '', 'old-anon-2'],
    ['percent-encoded JSON cookie', undefined, `a=1; ${LEGACY_ANONYMOUS_ID_KEY}=%22old-anon-3%22; b=2`, 'old-anon-3'],
    ['plain cookie', undefined, `${LEGACY_ANONYMOUS_ID_KEY}=old-anon-4`, 'old-anon-4'],
    ['localStorage wins over the cookie', JSON.stringify('from-storage'), `${LEGACY_ANONYMOUS_ID_KEY}=from-cookie`, 'from-storage'],
    ['nothing stored', undefined, 'a=1', undefined],
    ['an empty value', '""', '', undefined],
    ['broken JSON', '"old-anon', '', undefined],
  ];
  for (const [name, stored, cookie, expected] of found) {
    test(`previous id: ${name}`, () => {
      if (stored !== undefined) storage.setItem(LEGACY_ANONYMOUS_ID_KEY, stored);
      assert.equal(previousAnonymousId(storage, cookie), expected);
    });
  }

  test('a stored old id is linked once: one anonLink with oldUserId, then the flag is true', () => {
    storage.setItem(LEGACY_ANONYMOUS_ID_KEY, JSON.stringify('old-anon-1'));
    const first = link();
    assert.deepEqual(first, { linked: true, sent: [{ oldUserId: 'old-anon-1' }] });
    assert.equal(storage.getItem(ANON_LINKED_STORAGE_KEY), 'true');
    assert.deepEqual(link(), { linked: false, sent: [] }, 'the next page load sends nothing');
  });

  const notSent: Array<[name: string, flag: string | null, legacy: string | null]> = [
    ['the flag is already true', 'true', 'old-anon-1'],
    ['no old id is stored', null, null],
    ['the old id is the current one', null, current],
  ];
  for (const [name, flag, legacy] of notSent) {
    test(`nothing is sent when ${name}`, () => {
      if (flag !== null) storage.setItem(ANON_LINKED_STORAGE_KEY, flag);
      if (legacy !== null) storage.setItem(LEGACY_ANONYMOUS_ID_KEY, legacy);
      assert.deepEqual(link(), { linked: false, sent: [] });
    });
  }

  test('a flag other than true does not stop the link', () => {
    storage.setItem(ANON_LINKED_STORAGE_KEY, 'false');
    assert.deepEqual(link(`${LEGACY_ANONYMOUS_ID_KEY}=old-anon-9`).sent, [{ oldUserId: 'old-anon-9' }]);
  });

  test('without storage the flag cannot be kept, so nothing is sent', () => {
    const sent: AnonLinkProps[] = [];
    assert.equal(linkPreviousAnonymousId({ storage: undefined, cookieHeader: `${LEGACY_ANONYMOUS_ID_KEY}=old`, currentAnonymousId: current, track: (props) => sent.push(props) }), false);
    assert.deepEqual(sent, []);
  });
});
