import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Temporal } from '@js-temporal/polyfill';
import {
  buildEventContext,
  buildTrackBody,
  EVENT_CONTEXT_KEYS,
  EVENT_NAMES,
  type EventContext,
  type EventContextInput,
} from '../../src/core/tracking/context.ts';
import { parseEventRequest } from '../../src/core/tracking/event-body.ts';

const input: EventContextInput = {
  eventId: 'evt-4f1c2b7a',
  now: new Date('2026-05-01T16:30:00.250Z'),
  brand: { id: 'ac', name: 'Acme Coverage' },
  anonymousId: 'anon-7d9e',
  sessionId: 'sess-31aa',
  // etid is not a tracked parameter, but with the campaign it makes the visit paid (rule a).
  sessionParams: { etid: 'e'.repeat(15), utm_campaign: 'spring', utm_source: 'fb', afid: '1234', utm_term: '' },
  page: {
    name: 'quiz-otc',
    smid: 'SM-1',
    xsmid: null,
    title: 'Check your OTC allowance',
    product: 'medicare',
    benefits: ['otc'],
    planTypes: ['dsnp'],
    language: 'english',
    template: 'quiz',
  },
  phoneRule: { afid: '1234', ruleId: 'rule-9', number: '8885550142' },
  url: 'https://ac.example.com/quiz/otc/zip?utm_source=fb&utm_campaign=spring#form',
  referrer: 'https://www.facebook.com/',
  cookies: { fbp: 'fb.1.1596403881668.1116446470', ga: '1234567890.1700000000', gaSession: 'GS1.1.1700000000.1.1.1700000100.0.0.0' },
  bot: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ipLookup: { city: 'Los Angeles', stateCode: 'CA', postalCode: '90012', value: '203.0.113.7', isp: 'Example ISP' },
};

const expectedContext: EventContext = {
  eventId: 'evt-4f1c2b7a',
  time: '2026-05-01T16:30:00.250Z',
  brand: { id: 'ac', name: 'Acme Coverage' },
  userId: 'anon-7d9e',
  sessionId: 'sess-31aa',
  paid: true,
  urlParams: { utm_source: 'fb', utm_campaign: 'spring', afid: '1234' },
  page: {
    name: 'quiz-otc',
    smid: 'SM-1',
    xsmid: null,
    title: 'Check your OTC allowance',
    product: 'medicare',
    benefits: ['otc'],
    planTypes: ['dsnp'],
    language: 'english',
    template: 'quiz',
  },
  phoneRule: { afid: '1234', ruleId: 'rule-9', number: '8885550142' },
  url: {
    full: 'https://ac.example.com/quiz/otc/zip?utm_source=fb&utm_campaign=spring#form',
    path: '/quiz/otc/zip',
    query: '?utm_source=fb&utm_campaign=spring',
    referrer: 'https://www.facebook.com/',
  },
  cookies: { fbp: 'fb.1.1596403881668.1116446470', ga: '1234567890.1700000000', gaSession: 'GS1.1.1700000000.1.1.1700000100.0.0.0' },
  bot: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ipLookup: { city: 'Los Angeles', stateCode: 'CA', postalCode: '90012', value: '203.0.113.7', isp: 'Example ISP' },
};

describe('buildEventContext', () => {
  test('golden context', () => {
    assert.deepEqual(buildEventContext(input), expectedContext);
  });

  test('a Temporal.Instant gives the same time as the Date', () => {
    const context = buildEventContext({ ...input, now: Temporal.Instant.from('2026-05-01T16:30:00.250Z') });
    assert.equal(context.time, '2026-05-01T16:30:00.250Z');
  });

  test('unpaid without a campaign; no URL parameters; no IP lookup; a bot', () => {
    const context = buildEventContext({ ...input, sessionParams: { etid: 'e'.repeat(15) }, ipLookup: null, bot: 'headless_chrome' });
    assert.equal(context.paid, false);
    assert.deepEqual(context.urlParams, {});
    assert.equal(context.ipLookup, null);
    assert.equal(context.bot, 'headless_chrome');
  });

  test('a URL without a query has query ""', () => {
    const context = buildEventContext({ ...input, url: 'https://ac.example.com/' });
    assert.deepEqual(context.url, { full: 'https://ac.example.com/', path: '/', query: '', referrer: 'https://www.facebook.com/' });
  });

  test('copies inputs, so a later change to them does not alter a built context', () => {
    const page = { ...input.page };
    const context = buildEventContext({ ...input, page });
    page.name = 'changed';
    assert.equal(context.page.name, 'quiz-otc');
  });

  test('EVENT_CONTEXT_KEYS are exactly the keys of a built context', () => {
    assert.deepEqual([...EVENT_CONTEXT_KEYS].sort(), Object.keys(buildEventContext(input)).sort());
  });

  test('a relative URL is a clear TypeError', () => {
    assert.throws(() => buildEventContext({ ...input, url: '/quiz/otc' }), {
      name: 'TypeError',
      message: 'buildEventContext: url is not an absolute URL: "/quiz/otc"',
    });
  });

  test('an invalid Date is a RangeError', () => {
    assert.throws(() => buildEventContext({ ...input, now: new Date('x') }), { name: 'RangeError' });
  });
});

describe('buildTrackBody', () => {
  test('golden step-submitted body', () => {
    const context = buildEventContext(input);
    const body = buildTrackBody(context, EVENT_NAMES.formStepSubmitted, {
      formVersion: '3',
      stepName: 'zip',
      stepNumber: 1,
      data: { zipcode: '90012' },
    });
    assert.deepEqual(body, {
      type: 'track',
      event: 'formStepSubmitted',
      timestamp: '2026-05-01T16:30:00.250Z',
      sessionId: 'sess-31aa',
      anonymousId: 'anon-7d9e',
      properties: {
        ...expectedContext,
        formVersion: '3',
        stepName: 'zip',
        stepNumber: 1,
        data: { zipcode: '90012' },
      },
    });
  });

  test('an event prop cannot replace the page address', () => {
    const context = buildEventContext(input);
    // Types forbid a `url` prop; this checks the runtime order too, as untyped callers exist.
    const props = { oldUserId: 'anon-old', url: 'https://evil.example/' } as unknown as { oldUserId: string };
    assert.deepEqual(buildTrackBody(context, 'anonLink', props).properties.url, expectedContext.url);
  });

  test('every event built from a context passes the /api/event/create schema', () => {
    const context = buildEventContext(input);
    const bodies = [
      buildTrackBody(context, 'pageView', { stepName: 'zip', stepNumber: 1, stepIsFallback: false }),
      buildTrackBody(context, 'elementClicked', { tagName: 'A', innerText: 'Call', href: 'tel:+18005550100', target: '_self', closestBlockId: 'hero' }),
      buildTrackBody(context, 'call', { didNumber: '8005550100', ctcLocation: 'header' }),
      buildTrackBody(context, 'learnMoreClicked', { source: 'card', destination: '/plans', button: 'Learn more' }),
      buildTrackBody(context, 'adClicked', { dataset: { carrier: 'Aetna' } }),
      buildTrackBody(context, 'adImpression', { provider: 'mediaalpha', adCount: 2, ads: [{ id: 1 }, { id: 2 }] }),
      buildTrackBody(context, 'lowBidResult', { isLowBid: true, maResponse: { ev: 4 } }),
      buildTrackBody(context, 'experimentEntered', { name: 'hero-copy', variant: 'b' }),
      buildTrackBody(context, 'anonLink', { oldUserId: 'anon-old' }),
    ];
    const result = parseEventRequest(JSON.parse(JSON.stringify(bodies)));
    assert.equal(result.ok, true, JSON.stringify(result));
    assert.ok(result.ok);
    assert.deepEqual(result.events.map((e) => e.event), bodies.map((b) => b.event));
  });
});

describe('EVENT_NAMES', () => {
  test('are the event names the product sends', () => {
    assert.deepEqual(Object.values(EVENT_NAMES), [
      'pageView', 'formStepSubmitted', 'elementClicked', 'call', 'learnMoreClicked',
      'adClicked', 'adImpression', 'lowBidResult', 'experimentEntered', 'anonLink',
    ]);
  });
});
