/**
 * The tracker (spec §3 event context, §7 body and data layer), page views (one per page or step
 * shown) and click tracking (elementClicked and call events).
 */
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Window } from 'happy-dom';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { callProps, CTC_LOCATION_OUTSIDE_BLOCKS, elementClickedProps, learnMoreProps, startClickTracking } from '../../src/client/tracking/element-clicks.ts';
import { errorPageName, eventPageContext } from '../../src/core/tracking/page-context.ts';
import { funnelRecordsPageView, startPageViews } from '../../src/client/tracking/page-views.ts';
import { createTracker, type PageViewBodyProps, type TrackerOptions } from '../../src/client/tracking/tracker.ts';
import { isEventName } from '../../src/client/tracking/tracking-queue.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { Payload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import type { AnyTrackBody, IpLookupContext } from '../../src/core/tracking/context.ts';
import { toDataLayerEntry } from '../../src/core/tracking/data-layer.ts';
import type { CallProps, ElementClickedProps, LearnMoreClickedProps, PageViewProps } from '../../src/core/tracking/event-props.ts';

const matcher = createMatcher(ROUTES);
const AC = brandById('ac')!;
const payloadAt = (path: string): Payload => loadPayload(matcher, { brand: AC, path, query: {}, buildId: 'test' });

const windows: Window[] = [];
afterEach(() => Promise.all(windows.splice(0).map((window) => window.happyDOM.close())));

function page(html = '', url = 'https://ac.localhost/otc-savings') {
  const window = new Window({ url });
  windows.push(window);
  window.document.body.innerHTML = html;
  return window;
}

describe('page context', () => {
  test('a page: route name, campaign codes and page configuration', () => {
    assert.deepEqual(eventPageContext(payloadAt('/quiz/otc/zip')), {
      name: 'quiz-otc',
      smid: 'AC-1HPR9',
      xsmid: 'XAC-1HPR9',
      title: 'OTC allowance',
      product: 'medicare',
      benefits: ['otc', 'dental', 'vision', 'hearing'],
      planTypes: ['MAPD', 'HMO', 'PPO', 'D-SNP'],
      language: 'english',
      template: 'funnel',
    });
  });

  test('an error page is named by its status, without campaign codes or template', () => {
    const context = eventPageContext(payloadAt('/nowhere'));
    assert.equal(context.name, errorPageName(404));
    assert.equal(context.name, 'error-404');
    assert.deepEqual([context.smid, context.xsmid, context.template, context.product], [null, null, null, null]);
  });
});

/** The composed name a page view carries besides its PageViewProps. */
const pageNameOf = (body: AnyTrackBody) => (body.properties as unknown as PageViewBodyProps).pageName;

describe('tracker', () => {
  const GCLID = 'Cj0KCQjw-abcdefghijklmnop';
  const LOOKUP: IpLookupContext = { city: 'Boston', stateCode: 'MA', postalCode: '02108', value: '198.51.100.23', isp: 'Example ISP' };
  let sent: AnyTrackBody[];
  let dataLayer: { dataLayer?: unknown[] };
  let touches: number[];
  let shown: Payload;

  beforeEach(() => {
    sent = [];
    dataLayer = {};
    touches = [];
    shown = payloadAt('/quiz/otc/zip');
  });

  function tracker(overrides: Partial<TrackerOptions> = {}) {
    return createTracker({
      brand: AC,
      anonymousId: 'anon-visitor-1',
      touchSession: (now) => (touches.push(now), 'session-1'),
      sessionParams: () => ({ gclid: GCLID, utm_campaign: 'spring', afid: '7731', ScCid: 'sc-1' }),
      payload: () => shown,
      url: () => `https://ac.localhost/quiz/otc/zip?gclid=${GCLID}&utm_campaign=spring`,
      referrer: () => 'https://search.example/',
      cookieHeader: () => `_fbp=fb.1.1596403881668.1116446470; _ga=GA1.1.1234567890.1700000000; _ga_6TTNEZFUMH=GS1.1.17000.1.1; other=x`,
      bot: () => 'headless_chrome',
      userAgent: 'TestAgent/1.0',
      ipLookup: () => LOOKUP,
      send: (body) => sent.push(body),
      dataLayer,
      now: () => new Date('2030-01-02T03:04:05.678Z'),
      newId: () => 'event-id-0001',
      ...overrides,
    });
  }

  test('every event carries the whole context of spec §3 and the spec body of §7', () => {
    const body = tracker().track('elementClicked', { tagName: 'BUTTON', innerText: 'Next', type: 'submit', closestBlockId: 'funnel' });
    assert.deepEqual(sent, [body]);
    assert.equal(body.type, 'track');
    assert.equal(body.event, 'elementClicked');
    assert.equal(body.timestamp, '2030-01-02T03:04:05.678Z');
    assert.equal(body.sessionId, 'session-1');
    assert.equal(body.anonymousId, 'anon-visitor-1');
    const { properties } = body;
    assert.equal(properties.eventId, 'event-id-0001');
    assert.equal(properties.time, body.timestamp);
    assert.deepEqual(properties.brand, { id: 'ac', name: AC.name });
    assert.equal(properties.userId, 'anon-visitor-1');
    assert.equal(properties.paid, true, 'a 25-character gclid with a campaign');
    assert.deepEqual(properties.urlParams, { gclid: GCLID, utm_campaign: 'spring', afid: '7731' }, 'tracked parameters only');
    assert.deepEqual(properties.page, eventPageContext(shown));
    assert.deepEqual(properties.phoneRule, { afid: '7731', ruleId: null, number: null }, 'no rule applied to this page: the visit afid only');
    assert.deepEqual(properties.url, {
      full: `https://ac.localhost/quiz/otc/zip?gclid=${GCLID}&utm_campaign=spring`,
      path: '/quiz/otc/zip',
      query: `?gclid=${GCLID}&utm_campaign=spring`,
      referrer: 'https://search.example/',
    });
    assert.deepEqual(properties.cookies, { fbp: 'fb.1.1596403881668.1116446470', ga: '1234567890.1700000000', gaSession: 'GS1.1.17000.1.1' });
    assert.equal(properties.bot, 'headless_chrome');
    assert.equal(properties.userAgent, 'TestAgent/1.0');
    assert.deepEqual(properties.ipLookup, LOOKUP);
    const clicked = properties as unknown as Record<string, unknown>;
    assert.deepEqual(
      { tagName: clicked.tagName, innerText: clicked.innerText, type: clicked.type, closestBlockId: clicked.closestBlockId },
      { tagName: 'BUTTON', innerText: 'Next', type: 'submit', closestBlockId: 'funnel' },
    );
  });

  test('each event touches the session at its own time', () => {
    const track = tracker();
    track.track('anonLink', { oldUserId: 'old-anon-1' });
    track.track('anonLink', { oldUserId: 'old-anon-1' });
    assert.deepEqual(touches, [Date.parse('2030-01-02T03:04:05.678Z'), Date.parse('2030-01-02T03:04:05.678Z')]);
  });

  test("the same event goes to the data layer as its flat entry; page views carry the composed name and 'title - brand'", () => {
    const body = tracker().track('pageView', { stepName: 'zip', stepNumber: 1, stepIsFallback: false });
    assert.equal(pageNameOf(body), 'quiz-otc - funnel - zip');
    assert.deepEqual(dataLayer.dataLayer, [toDataLayerEntry(body)]);
    const entry = dataLayer.dataLayer[0] as Record<string, unknown>;
    assert.equal(entry.pageName, 'quiz-otc - funnel - zip');
    assert.equal(entry.pageTitle, `OTC allowance - ${AC.name}`);
    assert.equal(entry.event, 'pageView');
    assert.equal(entry.website, AC.name);
    assert.equal(entry.gclid, GCLID);
    assert.equal(entry.ipCity, 'Boston');
  });

  test("a page without steps is named by its route and template: 'otc-savings - landing'", () => {
    shown = payloadAt('/otc-savings');
    assert.equal(pageNameOf(tracker().track('pageView', { stepIsFallback: false })), 'otc-savings - landing');
  });

  test('the data layer is found anew every time (GTM replaces its push once loaded)', () => {
    const pushed: unknown[] = [];
    dataLayer.dataLayer = Object.assign([], { push: (entry: unknown) => pushed.push(entry) });
    tracker().track('anonLink', { oldUserId: 'old-anon-1' });
    assert.equal(pushed.length, 1);
  });

  test('before the bot check and the IP lookup answer, both are null', () => {
    const body = tracker({ bot: () => null, ipLookup: () => null }).track('anonLink', { oldUserId: 'old' });
    assert.equal(body.properties.bot, null);
    assert.equal(body.properties.ipLookup, null);
  });

  const names: Array<[string, boolean]> = [
    ['pageView', true],
    ['formStepSubmitted', true],
    ['elementClicked', true],
    ['call', true],
    ['anonLink', true],
    ['experimentEntered', true],
    ['pageview', false],
    ['toString', false],
    ['', false],
  ];
  for (const [name, known] of names) test(`isEventName('${name}') is ${known}`, () => assert.equal(isEventName(name), known));
});

describe('page views', () => {
  /** A navigator stand-in: the page source the runtime passes is the real Navigator's subscribe/getSnapshot. */
  function pages(first: Payload) {
    let state = { payload: first };
    const listeners = new Set<() => void>();
    return {
      subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
      getSnapshot: () => state,
      show(payload: Payload) {
        state = { payload };
        for (const listener of listeners) listener();
      },
    };
  }

  test('funnel pages record their own page views (one per step, from the step engine); other pages do not', () => {
    assert.equal(funnelRecordsPageView(payloadAt('/quiz/otc/zip')), true);
    assert.equal(funnelRecordsPageView(payloadAt('/otc-savings')), false);
    assert.equal(funnelRecordsPageView(payloadAt('/nowhere')), false);
  });

  test('one page view on load and one per new page shown; none for funnel pages or a re-render of the same payload', () => {
    const views: Array<[string, PageViewProps]> = [];
    const source = pages(payloadAt('/otc-savings'));
    const record = (props: PageViewProps) => views.push([(source.getSnapshot().payload as { path: string }).path, props]);
    const stop = startPageViews(source, record);
    const funnel = payloadAt('/quiz/otc/zip');
    source.show(funnel);
    source.show(funnel);
    const notFound = payloadAt('/nowhere');
    source.show(notFound);
    source.show(notFound);
    source.show(payloadAt('/otc-savings'));
    stop();
    source.show(payloadAt('/'));
    assert.deepEqual(views, [
      ['/otc-savings', { stepIsFallback: false }],
      ['/nowhere', { stepIsFallback: false }],
      ['/otc-savings', { stepIsFallback: false }],
    ]);
  });
});

describe('clicks', () => {
  const MARKUP = `
    <section data-block-id="hero">
      <a id="start" href="/quiz/otc" data-learn-more="">Start <b>now</b></a>
      <a id="call" href="tel:+18005550123">(800) 555-0123</a>
      <button id="open" type="button">Open</button>
      <div><button id="nested"><span id="inner">Inner text</span></button></div>
    </section>
    <a id="away" href="https://carrier.example/plans" target="_blank">Plans</a>
    <a id="review" href="/reviews/humana" data-learn-more="">  Humana  </a>
    <button id="marked-button" data-learn-more="">Not a link</button>
    <a id="plain-call" href="tel:8005550199">Call us</a>
    <a id="no-href">Not a link</a>
    <p id="text">Just text</p>
  `;

  test('elementClicked props of links and buttons (spec §7)', () => {
    const window = page(MARKUP);
    const element = (id: string) => window.document.getElementById(id) as unknown as Element;
    const cases: Array<[id: string, props: ElementClickedProps | undefined]> = [
      ['start', { tagName: 'A', innerText: 'Start now', href: 'https://ac.localhost/quiz/otc', target: '_self', closestBlockId: 'hero' }],
      ['away', { tagName: 'A', innerText: 'Plans', href: 'https://carrier.example/plans', target: '_blank', closestBlockId: null }],
      ['open', { tagName: 'BUTTON', innerText: 'Open', type: 'button', closestBlockId: 'hero' }],
      ['nested', { tagName: 'BUTTON', innerText: 'Inner text', type: 'submit', closestBlockId: 'hero' }],
      ['no-href', undefined],
      ['text', undefined],
    ];
    for (const [id, props] of cases) assert.deepEqual(elementClickedProps(element(id)), props, id);
  });

  test('call props of tel: links: the ten digits and the block, or "page" outside blocks', () => {
    const window = page(MARKUP);
    const element = (id: string) => window.document.getElementById(id) as unknown as Element;
    assert.deepEqual(callProps(element('call')), { didNumber: '8005550123', ctcLocation: 'hero' });
    assert.deepEqual(callProps(element('plain-call')), { didNumber: '8005550199', ctcLocation: CTC_LOCATION_OUTSIDE_BLOCKS });
    assert.equal(callProps(element('start')), undefined);
  });

  test('learnMoreClicked props of marked links: the block as source, the absolute address, the visible text', () => {
    const window = page(MARKUP);
    const element = (id: string) => window.document.getElementById(id) as unknown as Element;
    const cases: Array<[id: string, props: LearnMoreClickedProps | undefined]> = [
      ['start', { source: 'hero', destination: 'https://ac.localhost/quiz/otc', button: 'Start now' }],
      ['review', { source: CTC_LOCATION_OUTSIDE_BLOCKS, destination: 'https://ac.localhost/reviews/humana', button: 'Humana' }],
      ['away', undefined],
      ['marked-button', undefined],
      ['call', undefined],
    ];
    for (const [id, props] of cases) assert.deepEqual(learnMoreProps(element(id)), props, id);
  });

  test('one document listener reports every click on a link or button, inside them too, even when the click is stopped', () => {
    const window = page(MARKUP);
    const clicked: ElementClickedProps[] = [];
    const calls: CallProps[] = [];
    const learnMore: LearnMoreClickedProps[] = [];
    const stop = startClickTracking(window.document as unknown as Document, { elementClicked: (props) => clicked.push(props), call: (props) => calls.push(props), learnMoreClicked: (props) => learnMore.push(props) });
    // A handler that swallows the click, as a widget might: the capture listener has seen it already.
    window.document.getElementById('open')!.addEventListener('click', (event) => event.stopPropagation());
    const click = (id: string) => (window.document.getElementById(id) as unknown as HTMLElement).click();
    for (const id of ['inner', 'call', 'open', 'text', 'no-href', 'review']) click(id);
    stop();
    click('start');
    assert.deepEqual(
      clicked.map((props) => props.innerText),
      ['Inner text', '(800) 555-0123', 'Open', 'Humana'],
    );
    assert.deepEqual(calls, [{ didNumber: '8005550123', ctcLocation: 'hero' }]);
    assert.deepEqual(learnMore.map((props) => props.button), ['Humana'], 'a learn-more link is also an element click');
  });
});
