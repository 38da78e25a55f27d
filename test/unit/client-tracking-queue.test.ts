/**
 * Tracking loads after first paint, out of the first load, and the always-loaded queue in front
 * of it loses nothing. Events recorded before the tracker is attached are held in order, each with the moment
 * it happened (time, session, page shown, address, referrer), and reach the real tracker in that
 * order with that context; later events go straight through.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { createTracker } from '../../src/client/tracking/tracker.ts';
import { createTrackingQueue, type EventMoment } from '../../src/client/tracking/tracking-queue.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { Payload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import type { AnyTrackBody } from '../../src/core/tracking/context.ts';
import type { EventName } from '../../src/core/tracking/event-props.ts';

const matcher = createMatcher(ROUTES);
const AC = brandById('ac')!;
const ORIGIN = 'https://ac.localhost';
const payloadAt = (path: string): Payload => loadPayload(matcher, { brand: AC, path, query: {}, buildId: 'test' });

/** A navigator stand-in: the page shown and its address, changed by `go`. */
function pages(path: string) {
  const listeners = new Set<() => void>();
  let state = { payload: payloadAt(path) };
  let href = ORIGIN + path;
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => state,
    url: () => href,
    go(next: string) {
      href = ORIGIN + next;
      state = { payload: payloadAt(next) };
      for (const listener of listeners) listener();
    },
  };
}

function queueOver(source: ReturnType<typeof pages>) {
  let clock = Date.parse('2030-01-02T03:04:05.000Z');
  const touches: number[] = [];
  const heldEvents: EventName[] = [];
  const queue = createTrackingQueue({
    pages: source,
    url: source.url,
    referrer: 'https://search.example/',
    now: () => new Date((clock += 1000)),
    touchSession: (at) => (touches.push(at), `session-${touches.length}`),
    onHeld: (event) => heldEvents.push(event),
  });
  return { queue, touches, heldEvents };
}

describe('the tracking queue', () => {
  test('holds events in order with their moment, then hands them over before any later one', () => {
    const source = pages('/otc-savings');
    const { queue, touches, heldEvents } = queueOver(source);
    queue.record('pageView', { stepIsFallback: false });
    queue.record('elementClicked', { tagName: 'A', innerText: 'Check my OTC benefits', href: `${ORIGIN}/quiz/otc`, target: '_self', closestBlockId: 'hero-cta' });
    source.go('/quiz/otc/medicare');
    queue.track('formStepSubmitted', { formVersion: '1', stepName: 'medicare', stepNumber: 2, data: { haveMedicare: true } });
    assert.equal(queue.held(), 3);
    assert.deepEqual(heldEvents, ['pageView', 'elementClicked', 'formStepSubmitted']);
    assert.equal(touches.length, 3, 'each event touched the session when it happened');

    const received: Array<{ event: EventName; moment: EventMoment }> = [];
    queue.attach((event, _props, moment) => void received.push({ event, moment }));
    queue.track('learnMoreClicked', { source: 'test', destination: '/x', button: 'After' });
    assert.equal(queue.held(), 0);
    assert.deepEqual(heldEvents.length, 3, 'an event after the hand-over is not held');
    assert.deepEqual(
      received.map(({ event, moment }) => [event, moment.at.toISOString(), moment.sessionId, moment.payload.kind === 'page' && moment.payload.route.name, moment.url, moment.referrer]),
      [
        ['pageView', '2030-01-02T03:04:06.000Z', 'session-1', 'otc-savings', `${ORIGIN}/otc-savings`, 'https://search.example/'],
        ['elementClicked', '2030-01-02T03:04:07.000Z', 'session-2', 'otc-savings', `${ORIGIN}/otc-savings`, 'https://search.example/'],
        ['formStepSubmitted', '2030-01-02T03:04:08.000Z', 'session-3', 'quiz-otc', `${ORIGIN}/quiz/otc/medicare`, `${ORIGIN}/otc-savings`],
        ['learnMoreClicked', '2030-01-02T03:04:09.000Z', 'session-4', 'quiz-otc', `${ORIGIN}/quiz/otc/medicare`, `${ORIGIN}/otc-savings`],
      ],
    );
  });

  test('an unknown event name is refused with a console error, not held', (t) => {
    const errors = t.mock.method(console, 'error', () => undefined);
    const { queue } = queueOver(pages('/otc-savings'));
    queue.track('noSuchEvent', {});
    assert.equal(queue.held(), 0);
    assert.match(String(errors.mock.calls[0]?.arguments[0]), /Unknown tracking event 'noSuchEvent'/);
  });

  test('the tracker builds a held event with the moment it happened, not the moment it loaded', () => {
    const source = pages('/otc-savings');
    const { queue } = queueOver(source);
    queue.record('call', { didNumber: AC.phone, ctcLocation: 'header' });
    source.go('/privacy');
    const sent: AnyTrackBody[] = [];
    const tracker = createTracker({
      brand: AC,
      anonymousId: 'anon-1',
      touchSession: () => 'session-now',
      sessionParams: () => ({}),
      payload: () => source.getSnapshot().payload,
      url: source.url,
      referrer: () => queue.referrer(),
      cookieHeader: () => '',
      bot: () => null,
      userAgent: 'TestAgent/1.0',
      ipLookup: () => null,
      send: (body) => sent.push(body),
      dataLayer: {},
      now: () => new Date('2031-01-01T00:00:00.000Z'),
      newId: () => 'event-1',
    });
    queue.attach((event, props, moment) => void tracker.track(event, props, moment));
    const [body] = sent;
    assert.equal(body?.event, 'call');
    assert.equal(body?.timestamp, '2030-01-02T03:04:06.000Z');
    assert.equal(body?.sessionId, 'session-1');
    const properties = body.properties as unknown as { page: { name: string }; url: { full: string; referrer: string } };
    assert.equal(properties.page.name, 'otc-savings');
    assert.deepEqual([properties.url.full, properties.url.referrer], [`${ORIGIN}/otc-savings`, 'https://search.example/']);
  });
});
