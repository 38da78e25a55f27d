import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildEventContext, buildTrackBody, type EventContextInput } from '../../src/core/tracking/context.ts';
import { toDataLayerEntry, type DataLayerEntry } from '../../src/core/tracking/data-layer.ts';

const input: EventContextInput = {
  eventId: 'evt-0000aaaa',
  now: new Date('2026-05-01T16:30:00.000Z'),
  brand: { id: 'emily', name: 'Emily Health' },
  anonymousId: 'anon-1',
  sessionId: 'sess-1',
  sessionParams: { gclid: 'g'.repeat(20), utm_campaign: 'c1', utm_source: 'google', utm_medium: 'cpc' },
  page: {
    name: 'go-4-health',
    smid: null,
    xsmid: 'X9',
    title: 'Your plan',
    product: 'medicare',
    benefits: [],
    planTypes: [],
    language: 'spanish',
    template: 'quiz',
  },
  phoneRule: { afid: null, ruleId: null, number: null },
  url: 'https://emily.example.com/go-4-health/zip?gclid=gggg',
  referrer: '',
  cookies: { fbp: 'fb.1.2.3' },
  bot: null,
  userAgent: 'UA',
  ipLookup: { city: 'Fresno', stateCode: 'CA', postalCode: '93650', value: '198.51.100.4', isp: null },
};
const context = buildEventContext(input);

/** The keys every entry has, with this fixture's values. */
const common: DataLayerEntry = {
  eventId: 'evt-0000aaaa',
  timestamp: '2026-05-01T16:30:00.000Z',
  website: 'Emily Health',
  brandId: 'emily',
  sessionId: 'sess-1',
  anonymousId: 'anon-1',
  paid: true,
  fbp: 'fb.1.2.3',
  ga: null,
  gaSession: null,
  phoneRuleAfid: null,
  phoneRuleId: null,
  phoneRuleNumber: null,
  pageUrl: 'https://emily.example.com/go-4-health/zip?gclid=gggg',
  pagePath: '/go-4-health/zip',
  pageQuery: '?gclid=gggg',
  referrer: '',
  smid: null,
  xsmid: 'X9',
  product: 'medicare',
  language: 'spanish',
  template: 'quiz',
  bot: null,
  ipCity: 'Fresno',
  ipState: 'CA',
  ipPostalCode: '93650',
  ipIsp: null,
  fbclid: null,
  gclid: 'g'.repeat(20),
  tblci: null,
  token: null,
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'c1',
  utm_content: null,
  utm_term: null,
  afid: null,
};

describe('toDataLayerEntry', () => {
  test('page view: flat context, step props, composed page name and title', () => {
    const body = buildTrackBody(context, 'pageView', { stepName: 'zip', stepNumber: 1, stepIsFallback: true });
    assert.deepEqual(toDataLayerEntry(body), {
      ...common,
      event: 'pageView',
      stepName: 'zip',
      stepNumber: 1,
      stepIsFallback: true,
      pageName: 'go-4-health - quiz - zip',
      pageTitle: 'Your plan - Emily Health',
    });
  });

  test('step submitted: scalar props kept, submitted form data left out, no page name', () => {
    const body = buildTrackBody(context, 'formStepSubmitted', {
      formVersion: '2',
      stepName: 'name',
      stepNumber: 2,
      data: { driver1FirstName: 'Ann', driver1Phone: '(555) 555-0100' },
    });
    assert.deepEqual(toDataLayerEntry(body), {
      ...common,
      event: 'formStepSubmitted',
      formVersion: '2',
      stepName: 'name',
      stepNumber: 2,
    });
  });

  test('element click with no block, ad impression list, missing IP lookup', () => {
    const noLookup = buildEventContext({ ...input, ipLookup: null });
    const click = toDataLayerEntry(
      buildTrackBody(noLookup, 'elementClicked', { tagName: 'BUTTON', innerText: 'Next', type: 'submit', closestBlockId: null }),
    );
    assert.equal(click.type, 'submit');
    assert.equal(click.closestBlockId, null);
    assert.deepEqual(
      [click.ipCity, click.ipState, click.ipPostalCode, click.ipIsp],
      [null, null, null, null],
    );
    const impression = toDataLayerEntry(buildTrackBody(context, 'adImpression', { provider: 'mediaalpha', adCount: 2, ads: [{ id: 1 }] }));
    assert.equal(impression.provider, 'mediaalpha');
    assert.equal(impression.adCount, 2);
    assert.equal('ads' in impression, false);
    assert.equal('pageName' in impression, false);
  });

  test('every value is a scalar, for every event kind', () => {
    const bodies = [
      buildTrackBody(context, 'pageView', {}),
      buildTrackBody(context, 'lowBidResult', { isLowBid: false, maResponse: { parsed: { ctc: { ev: 12 } } } }),
      buildTrackBody(context, 'adClicked', { dataset: { carrier: 'Aetna' } }),
      buildTrackBody(context, 'anonLink', { oldUserId: 'anon-0' }),
    ];
    for (const body of bodies) {
      for (const [key, value] of Object.entries(toDataLayerEntry(body))) {
        assert.ok(value === null || ['string', 'number', 'boolean'].includes(typeof value), `${body.event}.${key} is nested`);
      }
    }
  });

  test('a page view on a page with no title or template', () => {
    const plain = buildEventContext({ ...input, page: { ...input.page, title: null, template: null } });
    const entry = toDataLayerEntry(buildTrackBody(plain, 'pageView', {}));
    assert.equal(entry.pageName, 'go-4-health');
    assert.equal(entry.pageTitle, 'Emily Health');
  });

  test('carries no personal data: no IP address, no prop named like a personal field', () => {
    const entry = toDataLayerEntry(buildTrackBody(context, 'elementClicked', { tagName: 'BUTTON', innerText: 'Next', type: 'submit', closestBlockId: null, email: 'a@b.co', driver1Phone: '(555) 123-4567' } as never));
    assert.equal('ipValue' in entry, false);
    assert.equal('email' in entry, false);
    assert.equal('driver1Phone' in entry, false);
    assert.ok(!JSON.stringify(entry).includes('198.51.100.4'), 'the IP address is nowhere in the entry');
  });
});
