import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { launchBrowser, type TestBrowser, type TestPage, runtimeStarted } from '../../tools/support/browser.ts';
import { addStaff } from '../support/staff.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';

/** This file's control-center account (the shared test server holds other files' accounts too). */
const ACCOUNT = { email: 'navigation@example.com', name: 'Olive Ops', password: 'navigation test password' };

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

/** Clicks the first link with this href and waits for the client navigation to render. */
async function clickLink(page: Page, href: string, waitFor: () => Promise<unknown>) {
  await page.click(`a[href="${href}"]`);
  await waitFor();
}

// Pages that go on to test the runtime load with `waitUntil: 'load'` and wait for hydration, not
// for network idle (500 ms at least, and the after-paint chunk loads only once the browser is idle,
// so waiting for it made every page slow); the first test below waits for idle, so the after-paint chunk's
// console errors count.
describe('client runtime in Chromium', () => {
  test('a page hydrates with no console errors', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin('ac')}/otc-savings`, { waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('link clicks navigate without a full reload, update the title, and Back restores', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    const homeTitle = await page.title();
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await clickLink(page, '/privacy', () => page.waitForFunction(() => location.pathname === '/privacy' && document.querySelector('h1') !== null));
    await page.waitForFunction((before) => document.title !== before, {}, homeTitle);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'no full reload');
    assert.match(await page.title(), / - American Coverage$/);
    await page.goBack();
    await page.waitForFunction((title) => location.pathname === '/' && document.title === title, {}, homeTitle);
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 42, 'Back is client-side too');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('window.__cobrand is there only once the runtime has started, never as the boot-data element', async () => {
    // Tests (and the console) take `window.__cobrand` to mean "the runtime is up". The boot data's
    // element used to have that id, and an id is also a window property, so it read as started
    // before the entry had run (a funnel test then found no runtime). Without JavaScript the
    // runtime never starts: nothing may answer to the name.
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${server.origin('ac')}/quiz/otc`, { waitUntil: 'load' });
    assert.equal(await page.evaluate(() => document.querySelector('script[type="application/json"][id]') !== null), true, 'the boot data is in the page');
    assert.equal(await page.evaluate(() => typeof (window as unknown as { __cobrand?: unknown }).__cobrand), 'undefined');
    await page.close();
  });

  test('a funnel step change keeps the page component mounted', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin('ac')}/quiz/otc`, { waitUntil: 'load' });
    await runtimeStarted(page);
    await page.evaluate(() => document.querySelector('main > *')!.setAttribute('data-test-marker', 'kept'));
    await page.evaluate(() => (window as unknown as { __cobrand: { runtime: { navigate(h: string): Promise<void> } } }).__cobrand.runtime.navigate('/quiz/otc/medicare'));
    await page.waitForFunction(() => location.pathname === '/quiz/otc/medicare');
    await page.waitForFunction(() => /Step 2 of/.test(document.body.innerText));
    assert.equal(await page.evaluate(() => document.querySelector('main > *')!.getAttribute('data-test-marker')), 'kept');
    await page.close();
  });

  test('colour mode preference persists across reload', async () => {
    const page = await browser.newPage();
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await page.goto(`${server.origin('emily')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), 'light');
    await page.evaluate(() => (window as unknown as { __cobrand: { colorMode: { setPreference(p: string): void } } }).__cobrand.colorMode.setPreference('dark'));
    await page.reload({ waitUntil: 'load' });
    assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-color-mode')), 'dark');
    await runtimeStarted(page);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('external navigation without permission is refused; javascript: always', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    // One evaluate per attempt: tsx's name helpers do not exist inside the page, so no local functions there.
    const attempt = (href: string, allowExternal: boolean) =>
      page.evaluate(
        (target, allow) =>
          (window as unknown as { __cobrand: { runtime: { navigate(h: string, o?: object): Promise<void> } } }).__cobrand.runtime
            .navigate(target, { allowExternal: allow })
            .then(() => 'navigated', (error: Error) => error.message),
        href,
        allowExternal,
      );
    const results = { external: await attempt('https://example.com/', false), script: await attempt('javascript:alert(1)', true) };
    assert.equal(results.external, 'Navigating to an external URL is not allowed by default');
    assert.match(results.script, /javascript:/);
    assert.equal(new URL(page.url()).pathname, '/');
    await page.close();
  });

  test('route rules redirect: internal ones client-side, external ones with a full load', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    await page.evaluate(() => (window as unknown as { __cobrand: { runtime: { navigate(h: string): Promise<void> } } }).__cobrand.runtime.navigate('/otc'));
    await page.waitForFunction(() => location.pathname === '/otc-allowance');
    assert.equal(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker), 7, 'internal redirect is client-side');
    const external = page.waitForRequest((request) => request.url().startsWith('https://www.medicare.gov/') && request.isNavigationRequest());
    void page.evaluate(() => (window as unknown as { __cobrand: { runtime: { navigate(h: string): Promise<void> } } }).__cobrand.runtime.navigate('/medicare-gov'));
    await external;
    await page.close();
  });

  /** Signs the navigation test's account in through the control center's sign-in page (no JavaScript needed) and lands on `next`. */
  async function signInAt(page: TestPage, next: string): Promise<void> {
    await page.goto(`${server.origin('ccc')}${next}`, { waitUntil: 'networkidle0' });
    assert.match(new URL(page.url()).pathname, /^\/sign-in$/, 'signed out, the control center sends you to sign in');
    await page.type('#sign-in-email', ACCOUNT.email);
    await page.type('#sign-in-password', ACCOUNT.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('form.cc-sign-in button[type="submit"]')]);
  }

  test('a control-center page refused by its middleware shows the 404 page', async () => {
    const page = await browser.newVisitor();
    await signInAt(page, '/branches');
    const response = await page.goto(`${server.origin('ccc')}/branches/Not%20A%20Slug`, { waitUntil: 'networkidle0' });
    assert.equal(response?.status(), 404);
    assert.match(await page.evaluate(() => document.body.innerText), /Page Not Found/);
    await page.close();
  });

  test('the control center signs in through its page, shows the signed-in user and signs out', async () => {
    const page = await browser.newVisitor();
    await signInAt(page, '/branches/ac/pages/quiz-otc');
    assert.equal(new URL(page.url()).pathname, '/branches/ac/pages/quiz-otc', 'back where the visit began');
    await page.waitForFunction((name) => document.body.innerText.includes(name), {}, ACCOUNT.name);
    assert.match(await page.title(), /^Page - Control Center$/);
    // The sign-in page's own requests (before the account was signed in) are no errors of the signed-in page.
    assert.deepEqual(page.consoleErrors.filter((text) => !/status of 401/.test(text)), []);
    await page.click('::-p-text(Sign out)');
    await page.waitForFunction(() => location.pathname === '/sign-in');
    const session = await page.evaluate(() => fetch('/api/_auth/session', { headers: { accept: 'text/json' } }).then((r) => r.json()));
    assert.deepEqual(session, { loggedIn: false });
    await page.close();
  });

  test('navigation scrolls to the hash anchor, or to the top of a new page', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 700 });
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    type NavWindow = { __cobrand: { runtime: { navigate(h: string): Promise<void> } } };
    await page.evaluate(() => (window as unknown as NavWindow).__cobrand.runtime.navigate('/privacy#cookies'));
    await page.waitForFunction(() => location.pathname === '/privacy' && document.getElementById('cookies') !== null);
    const top = await page.evaluate(() => document.getElementById('cookies')!.getBoundingClientRect().top);
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'scrolled down');
    assert.ok(top >= 0 && top < 300, `anchor near the top of the viewport (at ${top}px)`);
    await page.evaluate(() => (window as unknown as NavWindow).__cobrand.runtime.navigate('/tos'));
    await page.waitForFunction(() => location.pathname === '/tos');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });

  test('scroll positions survive a full reload: the reloaded page keeps its own, and Back restores the page before it', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 700 });
    await page.goto(`${server.origin('ac')}/`, { waitUntil: 'load' });
    await runtimeStarted(page);
    type NavWindow = { __cobrand: { runtime: { navigate(h: string): Promise<void> } } };
    const homeY = await page.evaluate(() => {
      window.scrollTo(0, Math.min(900, document.documentElement.scrollHeight - window.innerHeight));
      return window.scrollY;
    });
    assert.ok(homeY > 300, `the home page scrolls (to ${homeY}px)`);
    await page.evaluate(() => (window as unknown as NavWindow).__cobrand.runtime.navigate('/privacy'));
    await page.waitForFunction(() => location.pathname === '/privacy' && window.scrollY === 0);
    const privacyY = await page.evaluate(() => {
      window.scrollTo(0, Math.min(400, document.documentElement.scrollHeight - window.innerHeight));
      return window.scrollY;
    });
    assert.ok(privacyY > 100, `the privacy page scrolls (to ${privacyY}px)`);

    await page.reload({ waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, { timeout: 5000 }, privacyY);
    assert.equal(await page.evaluate(() => history.scrollRestoration), 'manual', 'manual again once the app runs');

    // The home entry's document went with the reload: Back loads it anew, and the app restores it.
    await page.goBack({ waitUntil: 'networkidle0' });
    await runtimeStarted(page);
    assert.equal(new URL(page.url()).pathname, '/');
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, { timeout: 5000 }, homeY);
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });
});
