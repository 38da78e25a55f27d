/**
 * The leased phone number in the browser: the store offers a lease only while its expiration is
 * later than now and drops it by itself at the expiration; the record lives in the user state
 * (localStorage, pushed to the server); PhoneLink hydrates with the default and switches to the
 * lease, then back, without hydration errors.
 */
import assert from 'node:assert/strict';
import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import { Window as HappyWindow } from 'happy-dom';
import { installDomGlobals } from '../support/dom-globals.ts';
import { fetchedUrl } from '../support/fetched-url.ts';
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createLeasedPhoneStore, type LeasedPhoneStore } from '../../src/client/marketplace/leased-phone-store.ts';
import { USER_STATE_STORAGE_KEY, createUserSync, type UserSync } from '../../src/client/visitor/user-sync.ts';
import { USER_SET_PATH } from '../../src/core/contract/user-state.ts';
import type { LeasedPhone } from '../../src/core/marketplace/phone.ts';
import { CTC_LOCATIONS } from '../../src/ui/phone/ctc-locations.ts';
import { PhoneLink } from '../../src/ui/phone/PhoneLink.tsx';
import { RuntimeProvider, SERVER_RUNTIME, type Runtime } from '../../src/ui/runtime.tsx';

// React DOM renders into happy-dom; `act` flushes effects synchronously.
const happy = new HappyWindow({ url: 'https://ac.localhost/quiz/otc/call' });
installDomGlobals(happy);
// In the shared unit-test process (test/support/unit-process.ts) other files install their own
// window at import: take ours back when this file's tests start.
before(() => installDomGlobals(happy));
const { hydrateRoot } = await import('react-dom/client');

const START = Date.parse('2025-03-04T15:00:00.000Z');
const LEASE_SECONDS = 300;
const DEFAULT_PHONE = '8005550101';
const LEASED: LeasedPhone = { value: '8005550142', expirationDate: new Date(START + LEASE_SECONDS * 1000).toISOString() };

/** A real local server standing in for ours: it takes user-state pushes, keeps their bodies and emits 'push' for each. */
let userServer: http.Server;
let userServerUrl: string;
const pushes: Array<{ anonymousId: string; state: { leasedPhone: LeasedPhone | null } }> = [];
const pushEvents = new EventEmitter();

before(async () => {
  userServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === USER_SET_PATH) {
        pushes.push(JSON.parse(body));
        pushEvents.emit('push');
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => userServer.listen(0, '127.0.0.1', resolve));
  userServerUrl = `http://127.0.0.1:${(userServer.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => userServer.close(() => resolve()));
  await happy.happyDOM.close();
});

let clock: number;
let stores: LeasedPhoneStore[];
let syncs: UserSync[];

beforeEach(() => {
  clock = START;
  stores = [];
  syncs = [];
  happy.localStorage.clear();
  mock.timers.enable({ apis: ['setTimeout'] });
});
afterEach(() => {
  for (const store of stores) store.stop();
  for (const sync of syncs) sync.stop();
  mock.timers.reset();
});

let visitors = 0;

/**
 * The real user sync over happy-dom's localStorage, pushing to the local server. Each has its own
 * anonymous id, so a late push of an earlier test is never mistaken for this one's.
 */
function userSync(anonymousId = `visitor-${++visitors}`): UserSync {
  const sync = createUserSync({
    anonymousId,
    storage: happy.localStorage,
    fetch: (input, init) => fetch(new URL(fetchedUrl(input), userServerUrl), init),
  });
  syncs.push(sync);
  return sync;
}

function store(userState: UserSync): LeasedPhoneStore {
  const created = createLeasedPhoneStore({ userState, now: () => clock });
  stores.push(created);
  return created;
}

/** Moves the clock and the timers together. */
function advance(ms: number) {
  clock += ms;
  mock.timers.tick(ms);
}

/**
 * Resolves once `done`, checked again on every push the local server receives: a push's arrival
 * is an event, so no count of event-loop turns stands in for it (setTimeout is mocked here, so
 * the test runner's own timeout is what ends a broken run).
 */
async function untilPushed(done: () => boolean): Promise<void> {
  while (!done()) await once(pushEvents, 'push');
}

describe('leased phone store', () => {
  test('offers the lease while its expiration is later than now, and drops it by itself at the expiration', () => {
    const leases = store(userSync());
    const seen: Array<LeasedPhone | null> = [];
    leases.subscribe(() => seen.push(leases.getSnapshot()));
    assert.equal(leases.getSnapshot(), null, 'no lease yet');
    leases.set(LEASED);
    const live = leases.getSnapshot();
    assert.deepEqual(live, LEASED);
    advance(LEASE_SECONDS * 1000 - 1);
    assert.equal(leases.getSnapshot(), live, 'one millisecond before the expiration: the same live lease, same object');
    advance(1);
    assert.equal(leases.getSnapshot(), null, 'at the expiration (not later than now): no lease');
    assert.deepEqual(seen, [LEASED, null], 'listeners heard the lease and its end, nothing else');
  });

  const recorded: Array<[string, LeasedPhone, LeasedPhone | null]> = [
    ['a live record', LEASED, LEASED],
    ['a record that expired before the page opened', { ...LEASED, expirationDate: new Date(START - 1).toISOString() }, null],
    ['a record expiring right now', { ...LEASED, expirationDate: new Date(START).toISOString() }, null],
  ];
  for (const [label, record, expected] of recorded) {
    test(`starts from the user state: ${label}`, () => {
      const sync = userSync();
      sync.update({ leasedPhone: record });
      assert.deepEqual(store(sync).getSnapshot(), expected);
    });
  }

  test('a lease recorded elsewhere (another tab, through the user state) is picked up, and ends on time too', () => {
    const sync = userSync();
    const leases = store(sync);
    sync.update({ leasedPhone: LEASED });
    assert.deepEqual(leases.getSnapshot(), LEASED);
    advance(LEASE_SECONDS * 1000);
    assert.equal(leases.getSnapshot(), null);
  });

  test('the record persists: stored in localStorage and pushed to the server in the user state; a new page reads it back', async () => {
    store(userSync('persisting-visitor')).set(LEASED);
    const pushed = () => pushes.find((push) => push.anonymousId === 'persisting-visitor' && push.state.leasedPhone !== null);
    await untilPushed(() => pushed() !== undefined);
    const stored = JSON.parse(happy.localStorage.getItem(USER_STATE_STORAGE_KEY)!) as { leasedPhone: LeasedPhone };
    assert.deepEqual(stored.leasedPhone, LEASED, 'kept in localStorage with the user state');
    assert.deepEqual(pushed()?.state.leasedPhone, LEASED, 'pushed to the server');
    advance(60_000);
    assert.deepEqual(store(userSync()).getSnapshot(), LEASED, 'a page opened a minute later shows it');
  });
});

describe('PhoneLink', () => {
  function runtimeWith(leases: LeasedPhoneStore): Runtime {
    return { ...SERVER_RUNTIME, phone: { subscribe: leases.subscribe, getSnapshot: leases.getSnapshot, lease: async () => undefined } };
  }

  const link = (location: string) => createElement(PhoneLink, { defaultPhone: DEFAULT_PHONE, ctcLocation: location, className: 'header-phone' });

  function shown(container: HappyWindow['document']['body']) {
    const anchor = container.querySelector('a')!;
    return { href: anchor.getAttribute('href'), digits: anchor.getAttribute('data-phone'), text: anchor.textContent, location: anchor.getAttribute('data-block-id'), allowed: anchor.hasAttribute('data-allow-external') };
  }

  test('server HTML shows the default; hydration switches to the live lease, then back at its expiration, without hydration errors', async () => {
    const sync = userSync();
    sync.update({ leasedPhone: LEASED });
    const leases = store(sync);
    const html = renderToString(createElement(RuntimeProvider, { value: SERVER_RUNTIME }, link(CTC_LOCATIONS.header)));
    assert.match(html, /href="tel:\+18005550101"/);
    assert.match(html, /data-phone="8005550101"/);
    assert.match(html, /\(800\) 555-0101/);

    const container = happy.document.body;
    container.innerHTML = html;
    const problems: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void problems.push(args);
    try {
      let root!: ReturnType<typeof hydrateRoot>;
      await act(async () => {
        root = hydrateRoot(container as unknown as Element, createElement(RuntimeProvider, { value: runtimeWith(leases) }, link(CTC_LOCATIONS.header)), {
          onRecoverableError: (error) => void problems.push(error),
        });
      });
      assert.deepEqual(shown(container), { href: 'tel:+18005550142', digits: '8005550142', text: '(800) 555-0142', location: 'header', allowed: true });
      await act(async () => advance(LEASE_SECONDS * 1000));
      assert.deepEqual(shown(container), { href: 'tel:+18005550101', digits: '8005550101', text: '(800) 555-0101', location: 'header', allowed: true }, 'back to the default by itself');
      await act(async () => root.unmount());
    } finally {
      console.error = original;
    }
    assert.deepEqual(problems, [], 'no hydration mismatch or other error');
  });

  test('children render the displayed number their own way', async () => {
    const leases = store(userSync());
    leases.set(LEASED);
    const container = happy.document.createElement('div');
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container as unknown as Element);
    const element = createElement(PhoneLink, { defaultPhone: DEFAULT_PHONE, ctcLocation: CTC_LOCATIONS.closingCall, children: (phone) => `Or call ${phone.grouped}` });
    await act(async () => root.render(createElement(RuntimeProvider, { value: runtimeWith(leases) }, element)));
    assert.equal(container.textContent, 'Or call (800) 555-0142');
    assert.equal(container.querySelector('a')!.getAttribute('data-block-id'), 'closing-call');
    await act(async () => root.unmount());
  });
});
