/**
 * The contract's list of event properties (core/tracking/named-properties.ts): it names the whole
 * context and every prop each event's type has, so a body built the way the browser builds it
 * loses nothing; anything else is dropped at any depth of the context, and counted.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEventContext, buildTrackBody, EVENT_CONTEXT_KEYS, type EventContextInput, type EventName, type EventProps } from '../../src/core/tracking/context.ts';
import { TRACKED_URL_PARAMS } from '../../src/core/url-params.ts';
import { CONTEXT_PROPERTIES, EVENT_PROPERTIES, keepNamedProperties } from '../../src/core/tracking/named-properties.ts';

const input: EventContextInput = {
  eventId: 'evt-4f1c2b7a',
  now: new Date('2026-05-01T16:30:00.250Z'),
  brand: { id: 'ac', name: 'Acme Coverage' },
  anonymousId: 'anon-7d9e',
  sessionId: 'sess-31aa',
  sessionParams: Object.fromEntries(TRACKED_URL_PARAMS.map((name) => [name, `${name}-value`])),
  page: { name: 'quiz-otc', smid: 'SM-1', xsmid: 'X-1', title: 'OTC', product: 'medicare', benefits: ['otc'], planTypes: ['dsnp'], language: 'english', template: 'quiz' },
  phoneRule: { afid: '1234', ruleId: 'rule-9', number: '8885550142' },
  url: 'https://ac.example.com/quiz/otc/zip?utm_source=fb',
  referrer: 'https://www.facebook.com/',
  cookies: { fbp: 'fb.1.1', ga: '1234567890.1700000000', gaSession: 'GS1.1' },
  bot: null,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
  ipLookup: { city: 'Los Angeles', stateCode: 'CA', postalCode: '90012', value: '203.0.113.7', isp: 'Example ISP' },
};

/** Every event with every prop its type allows, as the browser's pages and tracker send them. */
const EVERY_PROP: { [E in EventName]: EventProps[E][] } = {
  pageView: [{ stepName: 'zip', stepNumber: 1, stepIsFallback: false, pageName: 'quiz-otc - quiz - zip' }],
  formStepSubmitted: [{ formVersion: '2', stepName: 'zip', stepNumber: 1, data: { zipcode: '33101' } }],
  elementClicked: [
    { tagName: 'A', innerText: 'Go', href: 'https://ac.example.com/', target: '_self', closestBlockId: 'hero' },
    { tagName: 'BUTTON', innerText: 'Continue', type: 'submit', closestBlockId: null },
  ],
  call: [{ didNumber: '8885550142', ctcLocation: 'header', callDurationMs: 1200 }],
  learnMoreClicked: [{ source: 'hero-cta', destination: 'https://ac.example.com/quiz/otc', button: 'Check' }],
  adClicked: [{ provider: 'mediaalpha', adCount: 2, ads: [{ id: 'a' }], ad: { id: 'a' }, dataset: { adId: 'a' } }],
  adImpression: [{ provider: 'mediaalpha', adCount: 2, ads: [{ id: 'a' }, { id: 'b' }], ad: { id: 'a' } }],
  lowBidResult: [{ isLowBid: true, maResponse: { ctc: { ev: 4 } } }],
  experimentEntered: [{ name: 'hero', variant: 'b' }],
  anonLink: [{ oldUserId: 'legacy-visitor-42' }],
};

describe('the contract names what the browser sends', () => {
  test('the context list is the context type, key for key', () => {
    assert.deepEqual(Object.keys(CONTEXT_PROPERTIES).sort(), [...EVENT_CONTEXT_KEYS].sort());
    assert.deepEqual(Object.keys(EVENT_PROPERTIES).sort(), Object.keys(EVERY_PROP).sort());
  });

  for (const [event, examples] of Object.entries(EVERY_PROP) as [EventName, EventProps[EventName][]][]) {
    test(`${event}: a whole body keeps every property`, () => {
      for (const props of examples) {
        const body = buildTrackBody(buildEventContext(input), event, props as never);
        const kept = keepNamedProperties(event, body.properties);
        assert.equal(kept.dropped, 0);
        assert.deepEqual(kept.properties, body.properties);
      }
    });
  }
});

describe('what the contract does not name is dropped and counted', () => {
  const context = buildEventContext(input) as unknown as Record<string, unknown>;
  const cases: { name: string; event: string; sent: Record<string, unknown>; kept: Record<string, unknown>; dropped: number }[] = [
    { name: 'an unknown top-level key', event: 'call', sent: { ...context, didNumber: '1', email: 'a@b.c' }, kept: { ...context, didNumber: '1' }, dropped: 1 },
    { name: "another event's prop", event: 'anonLink', sent: { ...context, oldUserId: 'x', name: 'hero' }, kept: { ...context, oldUserId: 'x' }, dropped: 1 },
    {
      name: 'unknown keys inside context objects',
      event: 'pageView',
      sent: { ...context, page: { ...(context.page as object), phone: '5551234567' }, ipLookup: { ...(context.ipLookup as object), lat: 1, lon: 2 }, urlParams: { email: 'a@b.c' } },
      kept: { ...context, urlParams: {} },
      dropped: 4,
    },
    { name: 'every prop of an unknown event', event: 'madeUp', sent: { ...context, stepName: 'zip', anything: 1 }, kept: context, dropped: 2 },
    { name: 'a null context object kept as null', event: 'pageView', sent: { ...context, ipLookup: null }, kept: { ...context, ipLookup: null }, dropped: 0 },
    { name: 'inherited names are not names', event: 'toString', sent: { ...context, constructor: 'x' }, kept: context, dropped: 1 },
  ];
  for (const { name, event, sent, kept, dropped } of cases) {
    test(name, () => {
      assert.deepEqual(keepNamedProperties(event, sent), { properties: kept, dropped });
    });
  }
});
