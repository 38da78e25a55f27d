/**
 * The second factor in Chromium: a signed-in staff member opens /account, sets up an
 * authenticator app (the QR code and the secret are shown; the test makes the code from the
 * secret on the page, as the app would), turns it on and sees the recovery codes once. Signing in
 * again then asks for a code after the password, with JavaScript and without; a wrong code says
 * so on the code step, a recovery code works once. axe finds no violation on /account or the code step.
 *
 * Its own server: it changes its own account's sign-in.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { totpCodeAt } from '../../src/server/auth/totp.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { startTestServer, type TestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ACCOUNT: StaffAccount = { email: 'second-factor@example.com', name: 'Second Factor', password: 'correct horse battery staple' };

let server: TestServer;
let browser: TestBrowser;

before(async () => {
  server = await startTestServer();
  await addStaff(server.app, ACCOUNT);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function axeViolations(page: TestPage): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

/** Fills the sign-in page's email and password and posts them; resolves once the next page has loaded. */
async function enterPassword(page: TestPage): Promise<void> {
  await page.type('#sign-in-email', ACCOUNT.email);
  await page.type('#sign-in-password', ACCOUNT.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.cc-sign-in button[type="submit"]')]);
}

/** Posts `code` on the sign-in's code step; resolves once the next page has loaded. */
async function enterCode(page: TestPage, code: string): Promise<void> {
  await page.type('#sign-in-code', code);
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.cc-sign-in button[type="submit"]')]);
}

describe('the second factor in a browser', () => {
  const origin = () => server.origin('ccc');
  let secret = '';
  let recoveryCodes: string[] = [];

  test('enrolment on /account: QR code and secret shown, the right code turns it on, recovery codes shown once; axe clean', async () => {
    const context = await browser.browser.createBrowserContext();
    try {
      const page = await browser.newPage(context);
      await page.goto(`${origin()}/account`, { waitUntil: 'load' });
      assert.equal(new URL(page.url()).pathname, '/sign-in');
      await enterPassword(page);
      assert.equal(new URL(page.url()).pathname, '/account', 'no second factor yet: the password signs in');
      page.consoleErrors.length = 0;

      const start = await page.waitForSelector('.cc-totp-off button');
      await start?.click();
      const secretElement = await page.waitForSelector('.cc-totp-secret');
      secret = (await secretElement?.evaluate((element) => element.textContent)) ?? '';
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.equal(await page.$eval('.cc-totp-qr svg', (svg) => svg.querySelectorAll('path').length > 0), true, 'the QR code is drawn');
      assert.deepEqual(await axeViolations(page), []);

      await page.type('.cc-totp-confirm input[name="code"]', totpCodeAt(secret, Date.now()));
      await page.click('.cc-totp-confirm button[type="submit"]');
      await page.waitForSelector('.cc-totp-recovery-codes li');
      recoveryCodes = await page.$$eval('.cc-totp-recovery-codes code', (codes) => codes.map((code) => code.textContent ?? ''));
      assert.equal(recoveryCodes.length, 8);
      await page.waitForSelector('.cc-totp-on');
      assert.match(await page.$eval('.cc-totp-on', (section) => section.textContent ?? ''), /8 recovery codes left/);
      assert.deepEqual(await axeViolations(page), []);

      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('.cc-totp-on');
      assert.equal(await page.$('.cc-totp-recovery-codes'), null, 'the recovery codes are not shown again');
      assert.deepEqual(page.consoleErrors, []);
    } finally {
      await context.close();
    }
  });

  test('with JavaScript: the password leads to the code step, and the code signs in', async () => {
    assert.ok(secret, 'enrolled by the test before');
    const context = await browser.browser.createBrowserContext();
    try {
      const page = await browser.newPage(context);
      await page.goto(`${origin()}/branches`, { waitUntil: 'load' });
      await enterPassword(page);
      const codeStep = new URL(page.url());
      assert.equal(codeStep.pathname, '/sign-in');
      assert.equal(codeStep.searchParams.get('step'), 'code');
      assert.deepEqual(await axeViolations(page), []);
      // The code of the next step: the one enrolment confirmed with may be the current one, and is spent.
      await enterCode(page, totpCodeAt(secret, Date.now() + 30_000));
      assert.equal(new URL(page.url()).pathname, '/branches');
      await page.waitForFunction((name) => document.querySelector('.cc-account')?.textContent?.includes(name), {}, ACCOUNT.name);
    } finally {
      await context.close();
    }
  });

  test('without JavaScript: a wrong code says so on the code step; a recovery code signs in, once', async () => {
    assert.ok(recoveryCodes.length > 0, 'enrolled by the test before');
    const context = await browser.browser.createBrowserContext();
    try {
      const page = await browser.newPage(context);
      await page.setJavaScriptEnabled(false);
      await page.goto(`${origin()}/branches`, { waitUntil: 'load' });
      await enterPassword(page);
      assert.equal(new URL(page.url()).searchParams.get('step'), 'code');
      await enterCode(page, '000000');
      assert.equal(new URL(page.url()).searchParams.get('failed'), '1');
      assert.match(await page.$eval('#sign-in-code-failed', (alert) => alert.textContent ?? ''), /code was not accepted/);
      await enterCode(page, recoveryCodes[0] ?? '');
      assert.equal(new URL(page.url()).pathname, '/branches');

      await page.deleteCookie(...(await page.cookies()));
      await page.goto(`${origin()}/branches`, { waitUntil: 'load' });
      await enterPassword(page);
      await enterCode(page, recoveryCodes[0] ?? '');
      assert.equal(new URL(page.url()).searchParams.get('failed'), '1', 'a recovery code works once');
    } finally {
      await context.close();
    }
  });
});
