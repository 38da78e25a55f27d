/**
 * POST /api/event/create through app.inject: what is refused (400 with a problems list, never
 * 500), and what is stored once acknowledged (receivedAt, ip and brand added by the server;
 * a repeated event id stored once).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { EVENT_BODY_MAX_BYTES } from '../../../src/core/tracking/constants.ts';
import { EVENT_CREATE_PATH } from '../../../src/core/contract/events.ts';
import { injectableApp } from '../../../tools/support/server.ts';

const HOST = 'ac.localhost';
let nextId = 0;

/** A valid event with a fresh id; `overrides` replace top-level fields. */
function trackEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  nextId++;
  return {
    type: 'track',
    event: 'pageView',
    timestamp: '2026-03-01T12:00:00.000Z',
    sessionId: 'session-1',
    anonymousId: 'anon-1',
    properties: { eventId: `event-${String(nextId).padStart(8, '0')}`, url: { path: '/quiz/otc/zip' }, stepIsFallback: false },
    ...overrides,
  };
}

function post(app: FastifyInstance, options: Omit<InjectOptions, 'method' | 'url'>) {
  return app.inject({ method: 'POST', url: EVENT_CREATE_PATH, ...options, headers: { host: HOST, ...options.headers } });
}

function postJson(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return post(app, { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

describe('POST /api/event/create', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await injectableApp();
  });
  after(() => app.close());

  describe('refuses bad bodies with 400 and a problems list', () => {
    const oversized = trackEvent({ properties: { eventId: 'event-oversized', padding: 'x'.repeat(EVENT_BODY_MAX_BYTES) } });
    const cases: { name: string; payload: string; contentType?: string; problem: RegExp }[] = [
      { name: 'wrong types', payload: JSON.stringify(trackEvent({ event: 42, sessionId: ['s'] })), problem: /^event: .*string/ },
      { name: 'a missing field', payload: JSON.stringify({ ...trackEvent(), sessionId: undefined }), problem: /^sessionId: Required$/ },
      { name: 'a missing event id', payload: JSON.stringify(trackEvent({ properties: { url: {} } })), problem: /^properties\.eventId: Required$/ },
      { name: 'an event id too short to be unique', payload: JSON.stringify(trackEvent({ properties: { eventId: 'abc' } })), problem: /^properties\.eventId: / },
      { name: 'a type other than track', payload: JSON.stringify(trackEvent({ type: 'page' })), problem: /^type: / },
      { name: 'a timestamp that is not ISO', payload: JSON.stringify(trackEvent({ timestamp: 'yesterday' })), problem: /^timestamp: / },
      { name: 'a body over 32 KB', payload: JSON.stringify(oversized), problem: new RegExp(`larger than ${EVENT_BODY_MAX_BYTES} bytes`) },
      { name: 'text that is not JSON', payload: '{"type": "track",', problem: /JSON/i },
      { name: 'an empty JSON body', payload: '', problem: /empty/i },
      { name: 'no body at all', payload: '', contentType: '', problem: /Required|expected/ },
      { name: 'a JSON string', payload: '"track"', problem: /expected object/ },
      { name: 'an empty batch', payload: '[]', problem: /too small|at least|>=1/i },
      { name: 'a batch with one bad event', payload: JSON.stringify([trackEvent(), trackEvent({ anonymousId: '' })]), problem: /^\[1\]\.anonymousId: / },
      { name: 'a form-encoded body', payload: 'type=track', contentType: 'application/x-www-form-urlencoded', problem: /unsupported content-type 'application\/x-www-form-urlencoded'/ },
      { name: 'a text/plain body that is not JSON', payload: 'hello', contentType: 'text/plain', problem: /JSON/i },
    ];
    for (const { name, payload, contentType = 'application/json', problem } of cases) {
      test(name, async () => {
        const response = await post(app, { payload, headers: contentType === '' ? {} : { 'content-type': contentType } });
        assert.equal(response.statusCode, 400, response.body);
        assert.match(response.headers['content-type'] as string, /^application\/json/);
        const body = response.json<{ error: unknown; problems: unknown }>();
        assert.equal(typeof body.error, 'string');
        assert.ok(Array.isArray(body.problems) && body.problems.length > 0 && body.problems.every((line) => typeof line === 'string'), response.body);
        assert.ok(body.problems.some((line) => problem.test(line)), `no problem matches ${problem}: ${response.body}`);
      });
    }

    test('nothing refused was stored', async () => {
      // These cases run first, on a fresh store.
      assert.deepEqual(await app.store.listEvents({ limit: 100 }), []);
    });
  });

  test('stores a good event with the received time, the visitor IP and the brand, then answers 201', async () => {
    const event = trackEvent();
    const sentAt = new Date().toISOString();
    const response = await postJson(app, event, { 'x-forwarded-for': '203.0.113.9' });
    const answeredAt = new Date().toISOString();
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { stored: 1, duplicates: 0 });
    const eventId = (event.properties as { eventId: string }).eventId;
    const [row] = (await app.store.listEvents({ limit: 100 })).filter((stored) => stored.id === eventId);
    assert.ok(row, 'the acknowledged event is in the store');
    assert.equal(row.brandId, 'ac');
    assert.equal(row.ip, '203.0.113.0', 'the address cut to its network: no event names a household');
    assert.equal(row.event, 'pageView');
    assert.equal(row.sessionId, 'session-1');
    assert.equal(row.anonymousId, 'anon-1');
    assert.equal(row.timestamp, '2026-03-01T12:00:00.000Z');
    assert.ok(row.receivedAt >= sentAt && row.receivedAt <= answeredAt, `${row.receivedAt} not within ${sentAt}..${answeredAt}`);
    assert.deepEqual(row.properties, event.properties);
  });

  test('the brand comes from the host', async () => {
    const event = trackEvent();
    const response = await postJson(app, event, { host: 'tqg.localhost' });
    assert.equal(response.statusCode, 201, response.body);
    const [row] = await app.store.listEvents({ limit: 1, brandId: 'tqg' });
    assert.equal(row?.id, (event.properties as { eventId: string }).eventId);
  });

  test('an unknown host gets 404 and nothing is stored', async () => {
    const event = trackEvent();
    const response = await postJson(app, event, { host: 'unknown.example' });
    assert.equal(response.statusCode, 404);
    const ids = (await app.store.listEvents({ limit: 1000 })).map((row) => row.id);
    assert.ok(!ids.includes((event.properties as { eventId: string }).eventId));
  });

  test('a repeated event id is stored once and still acknowledged', async () => {
    const event = trackEvent();
    const first = await postJson(app, event);
    const retry = await postJson(app, { ...event, event: 'somethingElse' });
    assert.equal(first.statusCode, 201);
    assert.equal(retry.statusCode, 200, retry.body);
    assert.deepEqual(retry.json(), { stored: 0, duplicates: 1 });
    const eventId = (event.properties as { eventId: string }).eventId;
    const rows = (await app.store.listEvents({ limit: 1000 })).filter((row) => row.id === eventId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.event, 'pageView', 'the first copy is the one kept');
  });

  test('a batch stores each event once', async () => {
    const [a, b] = [trackEvent({ event: 'stepSubmitted' }), trackEvent({ event: 'elementClicked' })];
    const response = await postJson(app, [a, b, a]);
    assert.equal(response.statusCode, 201, response.body);
    assert.deepEqual(response.json(), { stored: 2, duplicates: 1 });
    const ids = new Set((await app.store.listEvents({ limit: 1000 })).map((row) => row.id));
    for (const event of [a, b]) assert.ok(ids.has((event.properties as { eventId: string }).eventId));
  });

  test('a sendBeacon body (text/plain holding JSON) is stored', async () => {
    const event = trackEvent({ event: 'beaconed' });
    const response = await post(app, { payload: JSON.stringify(event), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    assert.equal(response.statusCode, 201, response.body);
    const [row] = await app.store.listEvents({ limit: 1, event: 'beaconed' });
    assert.equal(row?.id, (event.properties as { eventId: string }).eventId);
  });

  describe('keeps only the properties the contract names', () => {
    const context = {
      brand: { id: 'ac', name: 'American Coverage' },
      page: { name: 'quiz-otc', template: 'funnel' },
      url: { full: 'https://ac.localhost/quiz/otc/zip', path: '/quiz/otc/zip', query: '', referrer: '' },
      paid: false,
    };
    const cases: { name: string; event: string; sent: Record<string, unknown>; kept: Record<string, unknown> }[] = [
      {
        name: 'an unknown top-level property of a known event',
        event: 'call',
        sent: { ...context, didNumber: '8005550100', ctcLocation: 'header', email: 'ana.ruiz@example.com', extra: { nested: 1 } },
        kept: { ...context, didNumber: '8005550100', ctcLocation: 'header' },
      },
      {
        name: 'an unknown key inside a context object',
        event: 'pageView',
        sent: { ...context, page: { ...context.page, visitorPhone: '5551234567' }, url: { ...context.url, fragment: '#x' }, stepName: 'zip', pageName: 'quiz-otc - funnel - zip' },
        kept: { ...context, stepName: 'zip', pageName: 'quiz-otc - funnel - zip' },
      },
      {
        name: 'another event\'s props',
        event: 'experimentEntered',
        sent: { ...context, name: 'hero', variant: 'b', didNumber: '8005550100' },
        kept: { ...context, name: 'hero', variant: 'b' },
      },
      {
        name: 'every prop of an event the contract does not know (the context stays)',
        event: 'futureEvent',
        sent: { ...context, anything: 'at all' },
        kept: { ...context },
      },
      {
        name: 'nothing of a fully named event, personal answers redacted',
        event: 'formStepSubmitted',
        sent: { ...context, formVersion: '2', stepName: 'contact', stepNumber: 3, data: { zipcode: '33101', driver1Email: 'ana.ruiz@example.com' } },
        kept: { ...context, formVersion: '2', stepName: 'contact', stepNumber: 3, data: { zipcode: '33101', driver1Email: '[redacted]' } },
      },
    ];
    for (const { name, event, sent, kept } of cases) {
      test(`drops ${name}, and still stores the event`, async () => {
        const body = trackEvent({ event, properties: { eventId: `named-${String(++nextId).padStart(8, '0')}`, ...sent } });
        const response = await postJson(app, body);
        assert.equal(response.statusCode, 201, response.body);
        const eventId = (body.properties as { eventId: string }).eventId;
        const [row] = (await app.store.listEvents({ limit: 1000 })).filter((stored) => stored.id === eventId);
        assert.ok(row, 'the event is stored');
        assert.deepEqual(row.properties, { eventId, ...kept });
      });
    }
  });

  test('a body of exactly 32 KB is accepted', async () => {
    const event = trackEvent({ event: 'big' });
    const padding = EVENT_BODY_MAX_BYTES - JSON.stringify({ ...event, properties: { ...(event.properties as object), padding: '' } }).length;
    const payload = JSON.stringify({ ...event, properties: { ...(event.properties as object), padding: 'x'.repeat(padding) } });
    assert.equal(Buffer.byteLength(payload), EVENT_BODY_MAX_BYTES);
    const response = await post(app, { payload, headers: { 'content-type': 'application/json' } });
    assert.equal(response.statusCode, 201, response.body);
  });
});

describe('POST /api/event/create when the store fails', () => {
  test('answers 500, never a 2xx, when the insert did not commit', async () => {
    const app = await injectableApp();
    try {
      await app.store.close();
      const response = await postJson(app, trackEvent());
      assert.equal(response.statusCode, 500);
      assert.deepEqual(response.json(), { error: 'Internal Server Error' });
    } finally {
      await app.close();
    }
  });
});
