/**
 * The control center's leads screens in Chromium: sign in, open ps's
 * leads (masked), search by email without the term reaching the address, open a lead, Reveal
 * (the values appear and the lead access log has the entry), axe clean on every screen.
 *
 * On the run's shared server: its leads are ps's (PolicySaver), a branch no other browser file
 * reads or gives leads to, and it signs in with an account of its own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { CONTROL_CENTER_LEAD_ACCESS } from '../../src/server/control-center/leads/lead-views.ts';
import { AUTO_LEAD_FIELDS } from '../../tools/support/auto-lead.ts';
import { storedAutoLead } from '../fixtures/stored-lead.ts';
import { launchBrowser, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { addStaff, type StaffAccount } from '../support/staff.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const LEAD = storedAutoLead('lead-ps-0000000000001', { brandId: 'ps', createdAt: '2026-03-02T10:00:00.000Z' });
const OTHER = storedAutoLead('lead-ps-0000000000002', { brandId: 'ps', createdAt: '2026-03-03T10:00:00.000Z', fields: { driver1Email: 'someone.else@example.com' } });

const STAFF: StaffAccount = { email: 'cc-leads@example.com', name: 'Leads Screen Tester', password: 'leads screen test password' };

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  await addStaff(server.app, STAFF);
  for (const lead of [LEAD, OTHER]) await server.app.store.createLead(lead);
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

/** The lead ids the list shows. */
const listedIds = (page: TestPage) => page.$$eval('.cc-leads tbody th a', (links) => links.map((link) => link.textContent));

describe('the leads screens in a browser', () => {
  let page: TestPage;
  /**
   * Console errors up to the first leads screen are the signed-out sign-in page's (its visitor
   * calls answer 401, some arriving after the sign-in), not the leads screens'.
   */
  let errorsBeforeLeads = 0;

  test('signed in, ps’s leads are listed newest first with contact details masked; axe clean', async () => {
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${server.origin('ccc')}/branches/ps/leads`, { waitUntil: 'networkidle0' });
    assert.equal(new URL(page.url()).pathname, '/sign-in');
    await page.type('#sign-in-email', STAFF.email);
    await page.type('#sign-in-password', STAFF.password);
    await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
    assert.equal(new URL(page.url()).pathname, '/branches/ps/leads');
    await page.waitForSelector('.cc-leads tbody tr, .cc-error', { timeout: 10_000 }).catch(async (error: unknown) => {
      throw new Error(`no lead rows: ${await page.$eval('main, body', (node) => node.textContent ?? '')}; console: ${page.consoleErrors.join(' | ')}`, { cause: error });
    });
    assert.deepEqual(await listedIds(page), [OTHER.id, LEAD.id], await page.$eval('body', (node) => node.textContent ?? ''));
    const text = await page.$eval('.cc-leads table', (table) => table.textContent ?? '');
    assert.match(text, /a\*\*\*@e\*\*\*\.com/);
    assert.match(text, /\(\*\*\*\) \*\*\*-0123/);
    assert.ok(!(await page.content()).includes(AUTO_LEAD_FIELDS.driver1Email), 'the page holds a real email');
    assert.deepEqual(await axeViolations(page), []);
    errorsBeforeLeads = page.consoleErrors.length;
  });

  test('a search by email finds its lead and keeps the term out of the address', async () => {
    await page.type('.cc-filters input[type="search"]', OTHER.fields.driver1Email as string);
    await page.click('::-p-text(Show leads)');
    await page.waitForFunction(() => document.querySelectorAll('.cc-leads tbody tr').length === 1);
    assert.deepEqual(await listedIds(page), [OTHER.id]);
    assert.equal(new URL(page.url()).search, '');
    await page.click('::-p-text(Clear filters)');
    await page.waitForFunction(() => document.querySelectorAll('.cc-leads tbody tr').length === 2);
  });

  test('the date range is picked in a popover; a range after every lead lists none, and the button says the range', async () => {
    await page.click('button[aria-labelledby="cc-leads-dates-label cc-leads-dates-value"]');
    await page.waitForSelector('.cc-date-range input[type="date"]');
    assert.deepEqual(await axeViolations(page), [], 'axe clean with the popover open');
    // A controlled date input: set its value as the browser's picker would, then say so.
    await page.$eval('.cc-date-range input[type="date"]', (input) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '2099-01-01');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.equal(await page.$eval('#cc-leads-dates-value', (value) => value.textContent), 'from 2099-01-01');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('.cc-date-range') === null);
    await page.click('::-p-text(Show leads)');
    await page.waitForFunction(() => document.querySelector('.cc-leads-count')?.textContent === 'No leads match.');
    await page.click('::-p-text(Clear filters)');
    await page.waitForFunction(() => document.querySelectorAll('.cc-leads tbody tr').length === 2);
    assert.equal(await page.$eval('#cc-leads-dates-value', (value) => value.textContent), 'any day');
  });

  test('a lead: masked answers, consent proof and delivery state; axe clean', async () => {
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(`a[href="/branches/ps/leads/${LEAD.id}"]`)]);
    await page.waitForSelector('td[data-field="driver1Email"]');
    assert.equal(await page.$eval('td[data-field="driver1Email"]', (cell) => cell.textContent), 'a***@e***.com');
    assert.match(await page.$eval('.cc-disclosure', (quote) => quote.textContent ?? ''), new RegExp(LEAD.consent!.buttonLabel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    assert.match(await page.$eval('.cc-lead', (section) => section.textContent ?? ''), /Nobody yet\./);
    assert.deepEqual(await axeViolations(page), []);
  });

  test('Reveal shows the values and the access is logged; axe clean', async () => {
    await page.click('::-p-text(Reveal personal values)');
    await page.waitForSelector('.cc-reveal [role="status"]');
    assert.equal(await page.$eval('td[data-field="driver1Email"]', (cell) => cell.textContent), AUTO_LEAD_FIELDS.driver1Email);
    assert.equal(await page.$eval('td[data-field="driver1Phone"]', (cell) => cell.textContent), AUTO_LEAD_FIELDS.driver1Phone);
    const accesses = await server.app.store.listLeadAccesses(LEAD.id);
    assert.deepEqual(accesses.map(({ actor, channel }) => ({ actor, channel })), [{ actor: STAFF.email, channel: CONTROL_CENTER_LEAD_ACCESS.reveal }]);
    assert.match(await page.$eval('.cc-access-log', (list) => list.textContent ?? ''), new RegExp(STAFF.email.replace('.', '\\.')));
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.consoleErrors.slice(errorsBeforeLeads), []);
  });
});
