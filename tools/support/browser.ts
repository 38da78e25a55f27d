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

/** A browser for one test file: its own context (cookies, storage) in the run's Chromium. */
export interface TestBrowser {
  /** The Chromium process (shared by every browser test file of an `npm test` run). */
  browser: Browser;
  /** A new page in `context` (e.g. a fresh `browser.createBrowserContext()` with its own storage), else in this file's own context. */
  newPage(context?: BrowserContext): Promise<TestPage>;
  /**
   * A page in a browser context of its own: a new visitor, with no cookie or storage of any other
   * page (`page.browserContext()` opens another tab of the same visitor). {@link close} closes it.
   */
  newVisitor(): Promise<TestPage>;
  /** Closes this file's contexts, its visitors' included; closes Chromium only when this file launched it. */
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

/**
 * Where test/run.ts's shared Chromium listens. Launching Chromium costs one to two seconds of CPU
 * per file; an `npm test` run launches it once and every browser test file connects to it.
 */
export const SHARED_CHROMIUM_ENV = 'COBRAND_CHROMIUM_WS';

/** A headless Chromium with a fresh user-data dir, and the way to end it. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-chromium-'));
  const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS, userDataDir });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser for a test file: connects to the run's shared Chromium when test/run.ts started
 * one, else launches its own (a file run alone). Either way the file gets its own browser
 * context, so no cookie or storage leaks between files.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  const own = shared ? undefined : await launchChromium();
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- own is undefined only when shared names the run's Chromium
  const browser = own ? own.browser : await puppeteer.connect({ browserWSEndpoint: shared! });
  const context = await browser.createBrowserContext();
  const visitorContexts: BrowserContext[] = [];
  async function newPage(target?: BrowserContext): Promise<TestPage> {
    const page = (await (target ?? context).newPage()) as TestPage;
    page.consoleErrors = [];
    page.thirdPartyRequests = [];
    await answerThirdPartyLocally(page);
    page.on('console', (message) => {
      if (message.type() === 'error') page.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => page.consoleErrors.push(String(error)));
    return page;
  }
  return {
    browser,
    newPage,
    async newVisitor() {
      const visitorContext = await browser.createBrowserContext();
      visitorContexts.push(visitorContext);
      return newPage(visitorContext);
    },
    async close() {
      for (const opened of [...visitorContexts, context]) await opened.close().catch(() => undefined);
      if (own) await own.close();
      else await browser.disconnect();
    },
  };
}

/**
 * The client runtime has started, as an expression to evaluate in the page: it sets
 * `window.__cobrand` with the runtime in it (client/start-runtime.ts), and nothing else answers to that
 * name (ui/boot-data.ts says why the boot data's element does not).
 */
export const RUNTIME_STARTED = 'Boolean(window.__cobrand && window.__cobrand.runtime)';

/** Resolves once {@link RUNTIME_STARTED} holds on `page`. Every browser file waits for hydration through this. */
export async function runtimeStarted(page: Page): Promise<void> {
  await page.waitForFunction(RUNTIME_STARTED, { timeout: 10_000 });
}
