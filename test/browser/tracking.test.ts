/**
 * Visitor tracking in Chromium against the real server (spec §3, §4, §7): event bodies as the
 * browser really sent them, the store holding them, captured parameters leaving the address, the
 * data layer and tag manager, user-state sync between tabs, events queued offline arriving after
 * reconnect, beacons on pagehide, anonymous-id linking, and the sign-in session.
 *
 * Run alone: `npx tsx build.ts && npx tsx --test test/browser/tracking.test.ts`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext } from 'puppeteer-core';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { addStaff } from '../support/staff.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';
import { brandById } from '../../brands/index.ts';

/** This file's control-center account: the session API signs accounts in. */
const ACCOUNT = { email: 'tracking@example.com', name: 'Tracking Tester', password: 'tracking test password' };

/** A tracked event body as sent to /api/event/create (spec §7). */
interface Body {
  type: string;
  event: string;
  timestamp: string;
  sessionId: string;
  anonymousId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads any recorded property by path; the shapes are asserted, not typed
  properties: Record<string, any>;
}

type CobrandWindow = Window & {
  dataLayer: Array<Record<string, unknown>>;
  __cobrand: {
    runtime: { track(event: string, props: Record<string, unknown>): void; navigate(href: string): Promise<void>; forms: { merge(form: string, values: Record<string, unknown>): unknown; getSnapshot(): { shared: Record<string, unknown> } } };
    visitor: { identity: { anonymousId: string }; userSync: { getSnapshot(): { captured: Record<string, string>; formValues: Record<string, unknown>; botCheck: { bot: string | null } | null } } };
    tracking?: { transport: { queued(): Body[] }; auth: { refresh(): Promise<unknown>; getSnapshot(): unknown; signOut(): Promise<boolean> } };
    queue: { held(): number };
  };
};

const AC = brandById('ac')!;
const GCLID = 'Cj0KCQjw-abcdefghijklmnop';
const EVENT_PATH = '/api/event/create';
const USER_SET_PATH = '/api/user/set';

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, ACCOUNT);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.release();
});

type RecordingPage = TestPage & { sent: Body[]; userPushes: string[] };

/** A page in a fresh browser context: its own cookies and storage, so each test is a new visitor. */
async function visitorPage(): Promise<RecordingPage> {
  return recording(await browser.newVisitor());
}

/** Another page in `context` (another tab of the same visitor), recording the bodies it sends. */
async function tab(context: BrowserContext): Promise<RecordingPage> {
  return recording(await browser.newPage(context));
}

/** `opened`, recording the event bodies and user pushes it sends. */
function recording(opened: TestPage): RecordingPage {
  const page = opened as RecordingPage;
  page.sent = [];
  page.userPushes = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    const data = request.postData();
    if (path === EVENT_PATH && data) {
      const parsed = JSON.parse(data) as Body | Body[];
      page.sent.push(...(Array.isArray(parsed) ? parsed : [parsed]));
    }
    if (path === USER_SET_PATH && data) page.userPushes.push(data);
  });
  return page;
}

/** Opens `path` and waits for tracking, which starts after first paint in a chunk of its own, off the first load. */
async function open(page: TestPage, path: string) {
  await page.goto(`${server.origin('ac')}${path}`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => Boolean((window as unknown as CobrandWindow).__cobrand?.tracking), { timeout: 10_000 });
}

/** `read()`'s first truthy value, re-read each time `page` sends a request (what `sent` and `userPushes` record). */
function sent<T>(page: TestPage, read: () => T, what: string): Promise<NonNullable<T>> {
  return whenEmitted(page, 'request', read, what);
}

/** `read()`'s first truthy value, re-read each time the server answers a request (it stores what it was sent before it answers). */
function inStore<T>(read: () => Promise<T>, what: string): Promise<NonNullable<T>> {
  return whenEmitted(server.answered, 'answered', read, what);
}

/** Resolves once the visitor's bot check has a result (it is worked out in the page, with no request to wait on). */
async function botChecked(page: TestPage): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as CobrandWindow).__cobrand.visitor.userSync.getSnapshot().botCheck), { timeout: 10_000 });
}

const anonymousIdOf = (page: TestPage) => page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.visitor.identity.anonymousId);

/** The visitor's events in the server's store, oldest first; properties as the JSON they are. */
async function stored(anonymousId: string, event?: string) {
  const rows = await server.app.store.listEvents({ limit: 1000, ...(event ? { event } : {}) });
  return rows
    .filter((row) => row.anonymousId === anonymousId)
    .reverse()
    .map((row) => ({ ...row, properties: row.properties as Record<string, unknown> }));
}

describe('events as the browser sends them', () => {
  test('the page view on load: the spec body with the whole context, stored by the server, and in the data layer', async () => {
    const page = await visitorPage();
    await page.setCookie({ name: '_ga', value: 'GA1.1.1234567890.1700000000', domain: 'ac.localhost', path: '/' }, { name: '_fbp', value: 'fb.1.1596403881668.1116446470', domain: 'ac.localhost', path: '/' });
    await open(page, `/otc-savings?firstname=Ann&gclid=${GCLID}&utm_campaign=spring&afid=7731`);
    const view = await sent(page, () => page.sent.find((body) => body.event === 'pageView'), 'the page view request');
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const anonymousId = await anonymousIdOf(page);

    assert.equal(view.type, 'track');
    assert.equal(view.anonymousId, anonymousId);
    assert.equal(view.properties.userId, anonymousId);
    assert.equal(view.sessionId, view.properties.sessionId);
    assert.equal(view.timestamp, view.properties.time);
    assert.match(view.properties.eventId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(view.properties.brand, { id: 'ac', name: AC.name });
    assert.equal(view.properties.paid, true);
    assert.deepEqual(view.properties.urlParams, { gclid: GCLID, utm_campaign: 'spring', afid: '7731' });
    assert.deepEqual(view.properties.phoneRule, { afid: '7731', ruleId: null, number: null }, 'no rule for this afid');
    assert.deepEqual(
      { name: view.properties.page.name, title: view.properties.page.title, template: view.properties.page.template, language: view.properties.page.language, product: view.properties.page.product },
      { name: 'otc-savings', title: 'OTC allowance', template: 'landing', language: 'english', product: 'medicare' },
    );
    assert.equal(view.properties.page.smid, 'AC-KAEM1');
    const address = `${server.origin('ac')}/otc-savings?gclid=${GCLID}&utm_campaign=spring&afid=7731`;
    assert.deepEqual(view.properties.url, { full: address, path: '/otc-savings', query: `?gclid=${GCLID}&utm_campaign=spring&afid=7731`, referrer: '' });
    assert.deepEqual(view.properties.cookies, { ga: '1234567890.1700000000', fbp: 'fb.1.1596403881668.1116446470' });
    assert.equal(view.properties.userAgent, userAgent);
    assert.equal(view.properties.stepIsFallback, false);
    assert.equal(view.properties.pageName, 'otc-savings - landing');
    assert.ok('bot' in view.properties && 'ipLookup' in view.properties);

    const [row] = await inStore(() => stored(anonymousId, 'pageView').then((rows) => (rows.length ? rows : undefined)), 'the stored page view');
    assert.equal(row!.id, view.properties.eventId);
    assert.equal(row!.brandId, 'ac');
    assert.deepEqual(row!.properties, view.properties);

    const entry = await page.evaluate(() => (window as unknown as CobrandWindow).dataLayer.find((item) => item.event === 'pageView'));
    assert.equal(entry?.eventId, view.properties.eventId);
    assert.equal(entry?.pageName, 'otc-savings - landing');
    assert.equal(entry?.pageTitle, `OTC allowance - ${AC.name}`);
    assert.equal(entry?.website, AC.name);
    assert.equal(entry?.gclid, GCLID);
    assert.equal(entry?.paid, true);
    assert.ok(Object.values(entry).every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value)), 'a flat entry');
    assert.ok(page.thirdPartyRequests.includes(`https://www.googletagmanager.com/gtm.js?id=${AC.gtmId}`), "the brand's GTM container is loaded");
    assert.deepEqual(page.consoleErrors, []);
  });

  test('later events carry the bot check and the IP lookup (loopback: the address, nothing found)', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    await botChecked(page);
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    const click = await sent(page, () => page.sent.find((body) => body.event === 'elementClicked'), 'the click event');
    assert.equal(click.properties.bot, 'headless_chrome', 'botd recognises headless Chromium');
    assert.deepEqual(click.properties.ipLookup, { city: null, stateCode: null, postalCode: null, value: '127.0.0.1', isp: null });
    assert.ok(!page.thirdPartyRequests.some((url) => url.includes('openfpcdn')), 'botd reports nothing to its CDN');
    assert.deepEqual(page.consoleErrors, []);
  });

  test('element clicks: a link and a button with their block ids, and a call event for a tel: link', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    await page.waitForFunction(() => location.pathname === '/quiz/otc' && document.querySelector('button.funnel-continue') !== null);
    await page.click('button.funnel-continue');
    await page.click('a.header-phone');
    const clicks = await sent(page, () => {
      const found = page.sent.filter((body) => body.event === 'elementClicked');
      return found.length === 3 ? found : undefined;
    }, 'three click events');
    const props = (body: Body) => {
      const { tagName, innerText, href, target, type, closestBlockId } = body.properties;
      return { tagName, innerText, href, target, type, closestBlockId };
    };
    assert.deepEqual(props(clicks[0]!), { tagName: 'A', innerText: 'Check my OTC benefits', href: `${server.origin('ac')}/quiz/otc`, target: '_self', type: undefined, closestBlockId: 'hero-cta' });
    assert.equal(clicks[0]!.properties.page.name, 'otc-savings', 'the page the click happened on');
    assert.deepEqual(props(clicks[1]!), { tagName: 'BUTTON', innerText: 'Continue', href: undefined, target: undefined, type: 'submit', closestBlockId: 'funnel' });
    assert.equal(props(clicks[2]!).href, `tel:+1${AC.phone}`);
    const call = await whenEmitted(page, 'request', () => page.sent.find((body) => body.event === 'call'), 'the call event, after its hand-off wait', 20_000);
    assert.equal(call.properties.didNumber, AC.phone);
    assert.equal(call.properties.ctcLocation, 'header');
    assert.deepEqual(page.consoleErrors, []);
  });

  test('exactly one page view per page or funnel step shown; a client navigation reports the page it came from', async () => {
    const page = await visitorPage();
    await open(page, '/quiz/otc');
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.navigate('/quiz/otc/medicare'));
    await page.waitForFunction(() => /Step 2 of/.test(document.body.innerText));
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.navigate('/privacy'));
    await page.waitForFunction(() => location.pathname === '/privacy');
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/quiz/otc/medicare');
    const views = await sent(page, () => {
      const found = page.sent.filter((body) => body.event === 'pageView');
      return found.length >= 4 ? found : undefined;
    }, 'four page views');
    // No fifth view: a marker event tracked after the last navigation is sent after any view it made.
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.track('learnMoreClicked', { source: 'test', destination: '/x', button: 'marker' }));
    await sent(page, () => page.sent.some((body) => body.event === 'learnMoreClicked'), 'the marker event');
    const seen = page.sent.filter((body) => body.event === 'pageView').map((body) => [body.properties.url.path, body.properties.pageName, body.properties.stepIsFallback]);
    assert.deepEqual(seen, [
      ['/quiz/otc', 'quiz-otc - funnel - zip', true],
      ['/quiz/otc/medicare', 'quiz-otc - funnel - medicare', false],
      ['/privacy', 'privacy - legal', false],
      ['/quiz/otc/medicare', 'quiz-otc - funnel - medicare', false],
    ]);
    assert.equal(views[2]!.properties.url.referrer, `${server.origin('ac')}/quiz/otc/medicare`);
    assert.equal(views[0]!.properties.stepNumber, 1);
    assert.deepEqual(page.consoleErrors, []);
  });
});

/** The served path of the chunk that starts tracking and the marketplace after first paint (build.ts writes the metafile). */
function afterPaintChunk(): string {
  const dist = path.join(import.meta.dirname, '../../dist');
  const { id } = JSON.parse(readFileSync(path.join(dist, 'builds/latest.json'), 'utf8')) as { id: string };
  const metafile = JSON.parse(readFileSync(path.join(dist, 'metafiles', `${id}.json`), 'utf8')) as { outputs: Record<string, { entryPoint?: string }> };
  const output = Object.entries(metafile.outputs).find(([, info]) => info.entryPoint === 'src/client/after-paint.ts')?.[0];
  assert.ok(output, 'the build has an after-paint chunk');
  return '/' + path.basename(path.dirname(output)) + '/' + path.basename(output);
}

describe('before the tracker has loaded (tracking starts after first paint)', () => {
  test('the first page view, clicks, a form step and the next page views wait in order and are sent with their own page once it loads', async () => {
    const page = await visitorPage();
    // Hold the after-paint chunk at the network until the visitor has clicked and answered.
    const chunk = afterPaintChunk();
    const cdp = await page.createCDPSession();
    const held: string[] = [];
    cdp.on('Fetch.requestPaused', (event: { requestId: string }) => void held.push(event.requestId));
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `*${chunk}`, requestStage: 'Request' }] });

    await page.goto(`${server.origin('ac')}/otc-savings`, { waitUntil: 'load' });
    await page.waitForFunction(() => Boolean((window as unknown as CobrandWindow).__cobrand?.runtime), { timeout: 10_000 });
    await page.click('a.cta-button[data-block-id="hero-cta"]');
    await page.waitForFunction(() => location.pathname === '/quiz/otc' && document.querySelector('#field-zipcode') !== null);
    await page.type('#field-zipcode', '33101');
    await page.click('button.funnel-continue');
    await page.waitForFunction(() => location.pathname === '/quiz/otc/medicare');
    await whenEmitted(cdp, 'Fetch.requestPaused', () => held.length > 0, 'the after-paint chunk to be asked for');
    assert.equal(await page.evaluate(() => Boolean((window as unknown as CobrandWindow).__cobrand.tracking)), false, 'the tracker is not loaded yet');
    const waiting = await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.queue.held());
    assert.deepEqual(page.sent, [], 'nothing sent before the tracker loaded');

    for (const requestId of held) await cdp.send('Fetch.continueRequest', { requestId });
    await cdp.send('Fetch.disable');
    const sent = await whenEmitted(page, 'request', () => (page.sent.length >= waiting ? page.sent : undefined), `the ${waiting} held events`);
    const seen = sent.slice(0, waiting).map((body) => [body.event, body.properties.page.name, body.properties.url.path, body.properties.stepName ?? body.properties.closestBlockId ?? body.properties.source ?? null]);
    assert.deepEqual(seen, [
      ['pageView', 'otc-savings', '/otc-savings', null],
      ['elementClicked', 'otc-savings', '/otc-savings', 'hero-cta'],
      ['learnMoreClicked', 'otc-savings', '/otc-savings', 'hero-cta'],
      ['pageView', 'quiz-otc', '/quiz/otc', 'zip'],
      ['elementClicked', 'quiz-otc', '/quiz/otc', 'funnel'],
      ['formStepSubmitted', 'quiz-otc', '/quiz/otc', 'zip'],
      ['pageView', 'quiz-otc', '/quiz/otc/medicare', 'medicare'],
    ]);
    assert.deepEqual(
      sent.slice(0, waiting).map((body) => Date.parse(body.timestamp)),
      sent.slice(0, waiting).map((body) => Date.parse(body.timestamp)).sort((a, b) => a - b),
      'each with the time it happened, in order',
    );
    assert.equal(sent[3]!.properties.url.referrer, `${server.origin('ac')}/otc-savings`, 'the page it came from');
    const anonymousId = await anonymousIdOf(page);
    await inStore(() => stored(anonymousId).then((rows) => rows.length >= waiting), 'the held events in the store');
    assert.deepEqual(page.consoleErrors, []);
  });
});

describe('captured parameters', () => {
  test('are removed from the address without a reload, keep the click id, pre-fill the funnel and reach the user state', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    const entries = await page.evaluate(() => history.length);
    await open(page, `/quiz/otc?firstname=Ann&has_medicare=yes&gclid=${GCLID}`);
    assert.equal(page.url(), `${server.origin('ac')}/quiz/otc?gclid=${GCLID}`);
    assert.equal(await page.evaluate(() => history.length), entries + 1, 'one entry for the load: the address was replaced, not pushed');
    assert.equal(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type), 'navigate', 'no reload');
    const shared = await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.forms.getSnapshot().shared);
    assert.equal(shared.driver1FirstName, 'Ann');
    assert.equal(shared.haveMedicare, true);
    const anonymousId = await anonymousIdOf(page);
    const state = (await inStore(() => server.app.store.getUserState(anonymousId), 'the pushed user state')) as { captured: Record<string, string> };
    // The server keeps the captured facts with personal values redacted (they belong in leads only).
    assert.deepEqual(state.captured, { firstname: '[redacted]', has_medicare: 'yes' });
    // The funnel's medicare question is answered already: its step shows the stored answer.
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.navigate('/quiz/otc/medicare'));
    await page.waitForFunction(() => /Step 2 of/.test(document.body.innerText));
    assert.equal(await page.evaluate(() => document.querySelector('button[type="submit"][name="haveMedicare"][value="yes"]')?.getAttribute('aria-pressed')), 'true');
    assert.deepEqual(page.consoleErrors, []);
  });
});

describe('personal data in a landing address', () => {
  test('an email, an address or a birth date in the address leaves no trace: not in the address bar, the page view, the store or the data layer', async () => {
    const page = await visitorPage();
    const secrets = ['ana.ruiz@example.com', '100 Main St', '1956-04-30'];
    await open(page, `/otc-savings?email=${encodeURIComponent(secrets[0]!)}&address=${encodeURIComponent(secrets[1]!)}&dob=${secrets[2]}&gclid=${GCLID}`);
    assert.equal(page.url(), `${server.origin('ac')}/otc-savings?gclid=${GCLID}`);
    const view = await sent(page, () => page.sent.find((body) => body.event === 'pageView'), 'the page view request');
    const anonymousId = await anonymousIdOf(page);
    const rows = await inStore(() => stored(anonymousId, 'pageView').then((found) => (found.length ? found : undefined)), 'the stored page view');
    const dataLayer = await page.evaluate(() => JSON.stringify((window as unknown as CobrandWindow).dataLayer));
    for (const where of [JSON.stringify(view), JSON.stringify(rows), dataLayer]) {
      for (const secret of secrets) assert.ok(!where.includes(secret) && !where.includes(encodeURIComponent(secret)), `${secret} in ${where.slice(0, 200)}`);
    }
  });
});

describe('user-state sync', () => {
  test('a second tab receives the change over BroadcastChannel and does not push it again', async () => {
    const first = await visitorPage();
    await open(first, '/otc-savings');
    const second = await tab(first.browserContext());
    await open(second, '/dental-vision');
    // Both tabs are settled (their own start-up pushes, bot check) before the change.
    for (const page of [first, second]) await botChecked(page);
    await first.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.forms.merge('quiz-otc', { zipcode: '94043' }));
    const heard = await (
      await second.waitForFunction(() => (window as unknown as CobrandWindow).__cobrand.visitor.userSync.getSnapshot().formValues.zipcode, { timeout: 10_000 })
    ).jsonValue();
    assert.equal(heard, '94043');
    const anonymousId = await anonymousIdOf(first);
    assert.equal(await anonymousIdOf(second), anonymousId, 'one visitor, two tabs');
    const state = (await inStore(
      async () => ((await server.app.store.getUserState(anonymousId)) as { formValues?: Record<string, unknown> } | undefined)?.formValues?.zipcode === '94043' && server.app.store.getUserState(anonymousId),
      'the first tab to push',
    )) as { formValues: Record<string, unknown> };
    assert.equal(state.formValues.zipcode, '94043');
    // The second tab's own change, made after it heard the first's and pushed at once: a push of
    // what it heard would have been sent before this one.
    await second.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.forms.merge('quiz-otc', { zipcode: '10001' }));
    await sent(second, () => second.userPushes.some((body) => body.includes('"zipcode":"10001"')), "the second tab's own push");
    assert.deepEqual(
      second.userPushes.filter((body) => body.includes('"zipcode":"94043"')),
      [],
      'the second tab applied the update without pushing',
    );
    assert.deepEqual([...first.consoleErrors, ...second.consoleErrors], []);
  });
});

describe('delivery', () => {
  test('events made while offline are queued and arrive after reconnecting', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    const anonymousId = await anonymousIdOf(page);
    await inStore(() => stored(anonymousId, 'pageView').then((rows) => rows.length > 0), 'the page view');
    await page.setOfflineMode(true);
    assert.equal(await page.evaluate(() => navigator.onLine), false);
    await page.click('a.header-phone');
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.track('learnMoreClicked', { source: 'test', destination: '/x', button: 'More' }));
    // The call waits for the visitor to leave for the phone; no dialer takes it here, so it follows
    // the others once its hand-off wait is over (src/client/tracking/call-durations.ts).
    await page.waitForFunction(() => (window as unknown as CobrandWindow).__cobrand.tracking!.transport.queued().some((body) => body.event === 'call'), { timeout: 15_000 });
    const queued = await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.transport.queued().map((body) => body.event));
    assert.deepEqual(queued, ['elementClicked', 'learnMoreClicked', 'call']);
    assert.deepEqual((await stored(anonymousId)).map((row) => row.event), ['pageView'], 'nothing arrived while offline');
    await page.setOfflineMode(false);
    const arrived = await inStore(async () => {
      const rows = await stored(anonymousId);
      return rows.length === 4 ? rows : undefined;
    }, 'the queued events after reconnecting');
    // One batch shares its received time, so the store's order among them is by id: compare as sets.
    assert.deepEqual(arrived.map((row) => row.event).sort(), ['call', 'elementClicked', 'learnMoreClicked', 'pageView']);
    await page.waitForFunction(() => (window as unknown as CobrandWindow).__cobrand.tracking!.transport.queued().length === 0, { timeout: 10_000 });
  });

  test('events still queued when the page goes away leave with a beacon on pagehide', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    const anonymousId = await anonymousIdOf(page);
    await inStore(() => stored(anonymousId, 'pageView').then((rows) => rows.length > 0), 'the page view');
    // The page believes it is offline, so fetch is never tried: only the beacon can deliver.
    await page.evaluate("Object.defineProperty(navigator, 'onLine', { configurable: true, get: function () { return false; } })");
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.runtime.track('experimentEntered', { name: 'hero-copy', variant: 'b' }));
    assert.deepEqual(await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.transport.queued().map((body) => body.event)), ['experimentEntered']);
    await page.goto('about:blank');
    const [row] = await inStore(() => stored(anonymousId, 'experimentEntered').then((rows) => (rows.length ? rows : undefined)), 'the beaconed event');
    assert.deepEqual([row!.properties.name, row!.properties.variant], ['hero-copy', 'b']);
  });
});

describe('anonymous-id linking', () => {
  test('an old anonymous id is linked once: one anonLink with oldUserId across reloads', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    await page.evaluate(() => localStorage.setItem('ajs_anonymous_id', JSON.stringify('legacy-visitor-42')));
    await page.reload({ waitUntil: 'networkidle0' });
    await page.reload({ waitUntil: 'networkidle0' });
    const anonymousId = await anonymousIdOf(page);
    await inStore(() => stored(anonymousId, 'pageView').then((rows) => rows.length === 3), 'three page views');
    const links = await stored(anonymousId, 'anonLink');
    assert.equal(links.length, 1);
    assert.equal(links[0]!.properties.oldUserId, 'legacy-visitor-42');
    assert.equal(await page.evaluate(() => localStorage.getItem('cobrand:anon-linked')), 'true');
  });
});

describe('sign-in session', () => {
  test('ready after the first fetch; signed in after a sign-in; sign-out empties it', async () => {
    const page = await visitorPage();
    await open(page, '/otc-savings');
    const snapshot = () => page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.auth.getSnapshot());
    await page.waitForFunction(() => ((window as unknown as CobrandWindow).__cobrand.tracking!.auth.getSnapshot() as { ready: boolean }).ready, { timeout: 10_000 });
    assert.deepEqual(await snapshot(), { ready: true, loggedIn: false, user: null });
    const user = { email: ACCOUNT.email, name: ACCOUNT.name };
    await page.evaluate((body) => fetch('/api/_auth/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), { email: ACCOUNT.email, password: ACCOUNT.password });
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.auth.refresh());
    assert.deepEqual(await snapshot(), { ready: true, loggedIn: true, user });
    assert.equal(await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.auth.signOut()), true);
    assert.deepEqual(await snapshot(), { ready: true, loggedIn: false, user: null });
    await page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.tracking!.auth.refresh());
    assert.deepEqual(await snapshot(), { ready: true, loggedIn: false, user: null }, 'the server forgot the session too');
  });
});
