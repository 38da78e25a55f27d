import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ensureChromium } from './chromium.ts';

/** Flags for headless Chromium on this closed network (no background calls to Google). */
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** A launched browser with a fresh profile that is removed on close. */
export interface TestBrowser {
  browser: Browser;
  newPage(): Promise<Page & { consoleErrors: string[] }>;
  close(): Promise<void>;
}

/** Launches Debian's Chromium headless with a fresh user-data dir. */
export async function launchBrowser(): Promise<TestBrowser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-chromium-'));
  const browser = await puppeteer.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_FLAGS, userDataDir });
  return {
    browser,
    async newPage() {
      const page = (await browser.newPage()) as Page & { consoleErrors: string[] };
      page.consoleErrors = [];
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
