/**
 * The event transport against a real local HTTP server: events are stored before they are sent,
 * removed only on a 2xx, retried with the same id after a backoff, held while offline and sent
 * when the `online` event fires, bounded, batched, and beaconed on pagehide.
 */
import { after, afterEach, before, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { EVENT_CREATE_PATH } from '../../src/core/contract/events.ts';
import { EVENT_BATCH_MAX_EVENTS } from '../../src/core/tracking/constants.ts';
import {
  createEventTransport,
  EVENT_BEACON_ACK_WAIT_MS,
  EVENT_QUEUE_STORAGE_KEY,
  EVENT_RETRY_BASE_MS,
  EVENT_RETRY_MAX_MS,
  retryDelay,
  type EventTransport,
  type TransportEvent,
} from '../../src/client/tracking/transport.ts';
import { fetchedUrl } from '../support/fetched-url.ts';

/** How the local server answers: 'ok' 201, 'fail' 503, 'down' drops the connection. */
let mode: 'ok' | 'fail' | 'down';
/** Event ids the server refuses with 400, as it does a malformed event. */
let refusedIds: Set<string>;
/** Request bodies the server read, parsed. */
let received: Array<{ path: string; contentType: string; body: unknown }>;
let server: Server;
let origin: string;

before(async () => {
  server = createServer((request, response) => {
    if (mode === 'down') return void request.socket.destroy();
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body: unknown = JSON.parse(text);
      received.push({ path: request.url!, contentType: request.headers['content-type'] ?? '', body });
      if (mode === 'fail') return void response.writeHead(503).end();
      const events = (Array.isArray(body) ? body : [body]) as TestEvent[];
      if (events.some((event) => refusedIds.has(event.properties.eventId))) return void response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"Invalid event"}');
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ stored: events.length, duplicates: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface TestEvent extends TransportEvent {
  type: 'track';
  event: string;
}

const boundFetch: typeof fetch = (input, init) => fetch(new URL(fetchedUrl(input), origin), init);

let window: Window;
let transports: EventTransport<TestEvent>[];
let online: boolean;
let beacons: Array<{ url: string; data: string }>;

beforeEach(() => {
  mode = 'ok';
  refusedIds = new Set();
  received = [];
  online = true;
  beacons = [];
  transports = [];
  window = new Window({ url: 'https://ac.localhost/' });
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_700_000_000_000 });
});

afterEach(async () => {
  for (const transport of transports) transport.stop();
  mock.timers.reset();
  mock.restoreAll();
  await window.happyDOM.close();
});

function start(options: { maxQueue?: number } = {}): EventTransport<TestEvent> {
  const transport = createEventTransport<TestEvent>({
    storage: window.localStorage,
    fetch: boundFetch,
    sendBeacon: (url, data) => (beacons.push({ url, data }), true),
    window: window as unknown as Window & typeof globalThis,
    document: window.document as unknown as Document,
    isOnline: () => online,
    ...options,
  });
  transports.push(transport);
  return transport;
}

const event = (id: string): TestEvent => ({ type: 'track', event: 'pageView', properties: { eventId: id } });
const storedQueue = () => JSON.parse(window.localStorage.getItem(EVENT_QUEUE_STORAGE_KEY) ?? '[]') as Array<{ body: TestEvent; attempts: number; nextAttemptAt: number }>;
const ids = (events: readonly TestEvent[]) => events.map((item) => item.properties.eventId);
const receivedIds = () => received.flatMap(({ body }) => ids(Array.isArray(body) ? (body as TestEvent[]) : [body as TestEvent]));

/** Runs the send-soon timer, then waits for the flush it started. */
async function sendSoon(transport: EventTransport<TestEvent>) {
  mock.timers.tick(0);
  await transport.flush();
}

describe('queue and acknowledgement', () => {
  test('an event is stored in localStorage before anything is sent', () => {
    const transport = start();
    transport.send(event('event-0001'));
    assert.deepEqual(ids(storedQueue().map((item) => item.body)), ['event-0001']);
    assert.deepEqual(ids(transport.queued()), ['event-0001']);
    assert.equal(received.length, 0, 'sent on the next task, not synchronously');
  });

  test('one event is POSTed as the single body to /api/event/create; the 2xx removes it', async () => {
    const transport = start();
    transport.send(event('event-0001'));
    await sendSoon(transport);
    assert.equal(received.length, 1);
    assert.equal(received[0]!.path, EVENT_CREATE_PATH);
    assert.equal(received[0]!.contentType, 'application/json');
    assert.deepEqual(received[0]!.body, event('event-0001'));
    assert.deepEqual(storedQueue(), []);
  });

  test('events of one task go as one array; more than 50 are split into batches of at most 50', async () => {
    online = false;
    const transport = start();
    for (let n = 0; n < 120; n++) transport.send(event(`event-${String(n).padStart(4, '0')}`));
    online = true;
    await transport.flush();
    assert.deepEqual(
      received.map(({ body }) => (body as unknown[]).length),
      [EVENT_BATCH_MAX_EVENTS, EVENT_BATCH_MAX_EVENTS, 20],
    );
    assert.equal(new Set(receivedIds()).size, 120);
    assert.deepEqual(storedQueue(), []);
  });

  test('what an earlier page left queued is sent when the transport starts', async () => {
    online = false;
    const earlier = start();
    earlier.send(event('left-over-1'));
    earlier.stop(); // That page is gone.
    online = true;
    const next = start();
    await sendSoon(next);
    assert.deepEqual(receivedIds(), ['left-over-1']);
    assert.deepEqual(storedQueue(), []);
  });
});

describe('retries', () => {
  test('the backoff doubles from 1 s up to 60 s', () => {
    assert.deepEqual([1, 2, 3, 4, 7, 20].map(retryDelay), [1000, 2000, 4000, 8000, EVENT_RETRY_MAX_MS, EVENT_RETRY_MAX_MS]);
    assert.equal(retryDelay(1), EVENT_RETRY_BASE_MS);
  });

  for (const failure of ['fail', 'down'] as const) {
    test(`after a failed attempt (${failure === 'fail' ? '503' : 'connection dropped'}) the same body is retried after the backoff, then acknowledged`, async () => {
      mode = failure;
      const transport = start();
      transport.send(event('event-0001'));
      await sendSoon(transport);
      assert.deepEqual(storedQueue().map((item) => [item.body.properties.eventId, item.attempts, item.nextAttemptAt - Date.now()]), [['event-0001', 1, EVENT_RETRY_BASE_MS]]);
      mode = 'ok';
      const before = received.length;
      mock.timers.tick(EVENT_RETRY_BASE_MS - 1);
      await transport.flush();
      assert.equal(received.length, before, 'not before the backoff');
      mock.timers.tick(1);
      await transport.flush();
      assert.deepEqual(receivedIds().slice(before), ['event-0001'], 'same event id');
      assert.deepEqual(storedQueue(), []);
    });
  }

  test('a refused batch is sent again one event at a time; only the refused event is dropped', async () => {
    const warn = mock.method(console, 'warn', () => undefined);
    refusedIds = new Set(['bad-event-2']);
    const transport = start();
    for (const id of ['good-event-1', 'bad-event-2', 'good-event-3']) transport.send(event(id));
    await sendSoon(transport);
    assert.deepEqual(
      received.map(({ body }) => (Array.isArray(body) ? ids(body as TestEvent[]) : ids([body as TestEvent])[0])),
      [['good-event-1', 'bad-event-2', 'good-event-3'], 'good-event-1', 'bad-event-2', 'good-event-3'],
    );
    assert.deepEqual(storedQueue(), []);
    assert.match(String(warn.mock.calls[0]?.arguments[0]), /bad-event-2 refused with 400/);
  });
});

describe('offline', () => {
  test('nothing is attempted while offline; the online event sends everything at once', async () => {
    online = false;
    const transport = start();
    transport.send(event('offline-001'));
    transport.send(event('offline-002'));
    await sendSoon(transport);
    assert.equal(received.length, 0);
    assert.equal(storedQueue().length, 2);
    online = true;
    window.dispatchEvent(new window.Event('online'));
    await transport.flush();
    assert.deepEqual(receivedIds(), ['offline-001', 'offline-002']);
    assert.deepEqual(storedQueue(), []);
  });

  test('coming back online skips the remaining backoff', async () => {
    mode = 'down';
    const transport = start();
    transport.send(event('event-0001'));
    for (let attempt = 0; attempt < 5; attempt++) {
      mock.timers.tick(EVENT_RETRY_MAX_MS);
      await transport.flush();
    }
    assert.ok(storedQueue()[0]!.nextAttemptAt - Date.now() >= 16_000, 'backed off for a while');
    mode = 'ok';
    window.dispatchEvent(new window.Event('online'));
    await transport.flush();
    assert.deepEqual(storedQueue(), []);
    assert.deepEqual(receivedIds().at(-1), 'event-0001');
  });

  test('the queue is bounded: beyond the limit the oldest events are dropped', () => {
    online = false;
    const transport = start({ maxQueue: 3 });
    for (let n = 1; n <= 5; n++) transport.send(event(`event-000${n}`));
    assert.deepEqual(ids(transport.queued()), ['event-0003', 'event-0004', 'event-0005']);
  });
});

describe('leaving the page', () => {
  test('pagehide sends the queue with sendBeacon as one JSON array; the events stay queued until acknowledged', async () => {
    online = false;
    const transport = start();
    transport.send(event('event-0001'));
    transport.send(event('event-0002'));
    window.dispatchEvent(new window.Event('pagehide'));
    assert.equal(beacons.length, 1);
    assert.equal(beacons[0]!.url, EVENT_CREATE_PATH);
    assert.deepEqual(JSON.parse(beacons[0]!.data), [event('event-0001'), event('event-0002')]);
    assert.deepEqual(storedQueue().map((item) => item.nextAttemptAt - Date.now()), [EVENT_BEACON_ACK_WAIT_MS, EVENT_BEACON_ACK_WAIT_MS]);
    // The page lived on: after the wait the events go again with fetch and are acknowledged.
    online = true;
    mock.timers.tick(EVENT_BEACON_ACK_WAIT_MS);
    await transport.flush();
    assert.deepEqual(receivedIds(), ['event-0001', 'event-0002']);
    assert.deepEqual(storedQueue(), []);
  });

  test('a hidden page beacons too; a visible one does not', () => {
    online = false;
    const transport = start();
    transport.send(event('event-0001'));
    const page = window.document as unknown as { visibilityState: string };
    Object.defineProperty(page, 'visibilityState', { configurable: true, get: () => 'visible' });
    window.document.dispatchEvent(new window.Event('visibilitychange'));
    assert.equal(beacons.length, 0);
    Object.defineProperty(page, 'visibilityState', { configurable: true, get: () => 'hidden' });
    window.document.dispatchEvent(new window.Event('visibilitychange'));
    assert.equal(beacons.length, 1);
  });
});
