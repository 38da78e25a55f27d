/**
 * The control center's account screen in Chromium: a signed-in staff member changes their
 * password with JavaScript (problems shown in the alert, success in the status line, another
 * browser of the account signed out) and without it (the plain form post comes back saying so);
 * axe clean.
 *
 * On the run's shared server, with an account of its own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const STAFF: StaffAccount = { email: 'cc-account@example.com', name: 'Account Screen Tester', password: 'account screen first password' };
const SECOND = 'account screen second password';
const THIRD = 'account screen third password';

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, STAFF);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.release();
});

async function axeViolations(page: TestPage): Promise<string[]> {
  if (!(await page.evaluate('Boolean(window.axe)'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(`window.axe.run().then((result) => result.violations.map((v) => v.id + ': ' + JSON.stringify(v.nodes.map((n) => n.target))))`) as Promise<string[]>;
}

/** Signs `page` in with `password` through the sign-in page, coming back to the account screen. */
async function signInToAccount(page: TestPage, password: string): Promise<void> {
  await page.goto(`${server.origin('ccc')}/account`, { waitUntil: 'domcontentloaded' });
  assert.equal(new URL(page.url()).pathname, '/sign-in');
  await page.type('#sign-in-email', STAFF.email);
  await page.type('#sign-in-password', password);
  await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
  assert.equal(new URL(page.url()).pathname, '/account');
}

/** Fills the password form of `page`. */
async function fillPasswordForm(page: TestPage, current: string, next: string, again: string): Promise<void> {
  for (const [name, value] of [['currentPassword', current], ['newPassword', next], ['confirmPassword', again]] as const) {
    await page.$eval(`input[name="${name}"]`, (input) => {
      (input).value = '';
    });
    await page.type(`input[name="${name}"]`, value);
  }
}

describe('the account screen in a browser', () => {
  test('with JavaScript: problems in the alert, then a change that signs the other browser out; axe clean', async () => {
    const page = await browser.newPage();
    const other = await browser.newVisitor();
    await signInToAccount(other, STAFF.password);
    await signInToAccount(page, STAFF.password);
    await runtimeStarted(page);
    await page.waitForSelector('form.cc-password-form');
    assert.deepEqual(await axeViolations(page), []);

    await fillPasswordForm(page, STAFF.password, SECOND, `${SECOND}!`);
    await page.click('form.cc-password-form button[type="submit"]');
    await page.waitForSelector('form.cc-password-form [role="alert"]');
    assert.match(await page.$eval('form.cc-password-form [role="alert"]', (node) => node.textContent ?? ''), /confirmation does not match/);

    await fillPasswordForm(page, 'not the current password', SECOND, SECOND);
    await page.click('form.cc-password-form button[type="submit"]');
    await page.waitForFunction(() => /current password is wrong/.test(document.querySelector('form.cc-password-form [role="alert"]')?.textContent ?? ''));

    await fillPasswordForm(page, STAFF.password, SECOND, SECOND);
    await page.click('form.cc-password-form button[type="submit"]');
    await page.waitForSelector('form.cc-password-form [role="status"]');
    assert.match(await page.$eval('form.cc-password-form [role="status"]', (node) => node.textContent ?? ''), /Your password was changed/);
    assert.deepEqual(await axeViolations(page), []);

    // This browser stays signed in; the other one is sent to the sign-in page.
    await page.goto(`${server.origin('ccc')}/account`, { waitUntil: 'domcontentloaded' });
    assert.equal(new URL(page.url()).pathname, '/account');
    await other.goto(`${server.origin('ccc')}/account`, { waitUntil: 'domcontentloaded' });
    assert.equal(new URL(other.url()).pathname, '/sign-in');
    await other.close();
    await page.close();
  });

  test('without JavaScript: the plain form post comes back saying the password changed', async () => {
    const page = await browser.newVisitor();
    await page.setJavaScriptEnabled(false);
    await signInToAccount(page, SECOND);
    await fillPasswordForm(page, SECOND, THIRD, THIRD);
    await Promise.all([page.waitForNavigation(), page.click('form.cc-password-form button[type="submit"]')]);
    const url = new URL(page.url());
    assert.equal(`${url.pathname}${url.search}`, '/account?password=changed');
    assert.match(await page.$eval('form.cc-password-form [role="status"]', (node) => node.textContent ?? ''), /Your password was changed/);
    await page.close();
  });
});
