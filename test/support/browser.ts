import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { ensureChromium } from './chromium.ts';

/** Flags for headless Chromium on this closed network (no background calls to Google). */
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/**
 * Requests this machine cannot make (it has no internet) and tests must not depend on: every
 * https:// address, i.e. third-party hosts such as the tag manager (www.googletagmanager.com) and
 * the ad provider's serve script. Test servers are plain http:// on loopback.
 */
const THIRD_PARTY_URL_PATTERN = 'https://*';

/** A page with what the test support records about it. */
export type TestPage = Page & {
  /** Console errors and uncaught page errors, in order. */
  consoleErrors: string[];
  /** Third-party addresses the page asked for; each was answered locally with an empty script. */
  thirdPartyRequests: string[];
};

/** A launched browser with a fresh profile that is removed on close. */
export interface TestBrowser {
  browser: Browser;
  /** A new page in `context` (e.g. a fresh `browser.createBrowserContext()` with its own storage), else in the default context. */
  newPage(context?: BrowserContext): Promise<TestPage>;
  close(): Promise<void>;
}

/**
 * Answers `page`'s third-party requests locally with an empty script (200, no body). Only those
 * requests are paused (CDP Fetch with a URL pattern), so loopback traffic, keepalive fetches and
 * beacons to the test server go out untouched.
 */
async function answerThirdPartyLocally(page: TestPage): Promise<void> {
  const cdp = await page.createCDPSession();
  cdp.on('Fetch.requestPaused', (event: { requestId: string; request: { url: string } }) => {
    page.thirdPartyRequests.push(event.request.url);
    cdp
      .send('Fetch.fulfillRequest', {
        requestId: event.requestId,
        responseCode: 200,
        responseHeaders: [{ name: 'content-type', value: 'application/javascript' }, { name: 'access-control-allow-origin', value: '*' }],
        body: '',
      })
      .catch(() => undefined); // The page may close with the request still paused.
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: THIRD_PARTY_URL_PATTERN, requestStage: 'Request' }] });
}

/** Launches Debian's Chromium headless with a fresh user-data dir. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-chromium-'));
  const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS, userDataDir });
  return {
    browser,
    async newPage(context?: BrowserContext) {
      const page = (await (context ?? browser).newPage()) as TestPage;
      page.consoleErrors = [];
      page.thirdPartyRequests = [];
      await answerThirdPartyLocally(page);
      page.on('console', (message) => {
        if (message.type() === 'error') page.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => page.consoleErrors.push(String(error)));
      return page;
    },
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
