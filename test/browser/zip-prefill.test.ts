/**
 * The ZIP box filled in from the visitor's location in Chromium: a visitor whose address the IP
 * lookup places in the US finds their ZIP in the box with a note saying where it came from, and
 * nothing is stored, recorded or submitted until they press Continue themselves; a stored answer
 * wins over the lookup; a visitor the lookup cannot place finds the box empty.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'puppeteer-core';
import { parseIpAddress } from '../../src/server/ip-lookup/index.ts';
import { ZIP_PREFILL_NOTE } from '../../src/ui/funnel/ZipPrefill.tsx';
import { launchBrowser, runtimeStarted, type TestBrowser, type TestPage } from '../../tools/support/browser.ts';
import { sharedTestServer, type SharedTestServer } from '../../tools/support/server.ts';
import { whenEmitted } from '../support/when-emitted.ts';

/** Cambridge, Massachusetts, in the test city database (a ZIP starting with 0). */
const US_VISITOR_IP = '18.0.0.1';
/** emily's grocery funnel: no other browser file counts its events. */
const FUNNEL = '/quiz/grocery';

let server: SharedTestServer;
let browser: TestBrowser;

before(async () => {
  server = await sharedTestServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.release();
});

type CobrandWindow = Window & {
  __cobrand: { visitor: { identity: { anonymousId: string }; forms: { getSnapshot(): { shared: Record<string, unknown> } } }; ipLookup?: unknown };
};

const aria = (name: string, role: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
const ZIP_BOX = 'input[name="zipcode"]';

async function visit(path: string, ip?: string): Promise<TestPage> {
  const page = await browser.newVisitor();
  if (ip) await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  await page.goto(`${server.origin('emily')}${path}`, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  return page;
}

/** Waits until the page's IP lookup has answered (the after-paint chunk started it). */
async function lookupAnswered(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __cobrand: { tracking?: { ipLookup: { current(): unknown } } } }).__cobrand.tracking?.ipLookup.current() != null, { timeout: 15_000 });
}

const zipShown = (page: Page) => page.$eval(ZIP_BOX, (input) => input.value);
const noteShown = (page: Page) => page.$$eval('.zip-prefill-note', (notes) => notes.map((note) => note.textContent));
const storedAnswers = (page: Page) => page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.visitor.forms.getSnapshot().shared);
const anonymousIdOf = (page: Page) => page.evaluate(() => (window as unknown as CobrandWindow).__cobrand.visitor.identity.anonymousId);

/** The visitor's stored formStepSubmitted events, once there are `count`. */
function stepSubmissions(anonymousId: string, count: number) {
  const read = async () => {
    const rows = (await server.app.store.listEvents({ brandId: 'emily', event: 'formStepSubmitted', limit: 200 })).filter((row) => row.anonymousId === anonymousId);
    return rows.length >= count ? rows.map((row) => row.properties as { stepName: string; data: Record<string, unknown> }) : undefined;
  };
  return whenEmitted(server.answered, 'answered', read, `${count} formStepSubmitted event(s)`, 15_000);
}

describe('the ZIP box filled in from the location', () => {
  test('a US visitor finds their ZIP in the box, with the note; it is theirs to submit', async () => {
    const { postalCode } = await server.app.ipLookup.lookup(parseIpAddress(US_VISITOR_IP)!);
    assert.match(postalCode ?? '', /^\d{5}$/, 'the test address has a US ZIP in the city database');
    const page = await visit(FUNNEL, US_VISITOR_IP);
    await page.waitForFunction((selector, zip) => document.querySelector<HTMLInputElement>(selector)?.value === zip, { timeout: 15_000 }, ZIP_BOX, postalCode);
    assert.deepEqual(await noteShown(page), [ZIP_PREFILL_NOTE.en]);

    // Shown only: still the first step, nothing stored, no step submitted, no ZIP in the address.
    assert.equal(await page.$eval('.funnel-body', (body) => body.getAttribute('data-step')), 'zip');
    assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, FUNNEL);
    assert.equal((await storedAnswers(page)).zipcode, undefined, 'not stored before Continue');
    const anonymousId = await anonymousIdOf(page);
    assert.deepEqual(
      (await server.app.store.listEvents({ brandId: 'emily', event: 'formStepSubmitted', limit: 200 })).filter((row) => row.anonymousId === anonymousId),
      [],
      'no step submitted before Continue',
    );

    // Editing it: the note goes, the visitor's own answer stays.
    await page.locator(aria('ZIP code', 'textbox')).fill('3310');
    assert.deepEqual(await noteShown(page), []);
    await page.locator(aria('ZIP code', 'textbox')).fill(postalCode ?? '');
    // The visitor's Continue submits it, as any answer.
    await page.locator(aria('Continue', 'button')).click();
    await page.waitForFunction(() => document.querySelector('.funnel-body')?.getAttribute('data-step') !== 'zip', { timeout: 10_000 });
    assert.equal((await storedAnswers(page)).zipcode, postalCode);
    const [submitted] = await stepSubmissions(anonymousId, 1);
    assert.equal(submitted?.stepName, 'zip');
    assert.equal(submitted?.data.zipcode, postalCode);
    assert.ok(!page.url().includes(postalCode ?? '-'), 'the ZIP is never in the address');
    assert.deepEqual(page.consoleErrors, []);
    await page.close();
  });

  test('a stored answer wins over the lookup', async () => {
    const page = await visit(FUNNEL, US_VISITOR_IP);
    await page.locator(aria('ZIP code', 'textbox')).fill('33101');
    await page.locator(aria('Continue', 'button')).click();
    await page.waitForFunction(() => document.querySelector('.funnel-body')?.getAttribute('data-step') !== 'zip', { timeout: 10_000 });
    await lookupAnswered(page);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('.funnel-body')?.getAttribute('data-step') === 'zip', { timeout: 10_000 });
    assert.equal(await zipShown(page), '33101');
    assert.deepEqual(await noteShown(page), []);
    await page.close();
  });

  test('a visitor the lookup cannot place finds the box empty', async () => {
    const page = await visit(FUNNEL);
    await lookupAnswered(page);
    assert.equal(await zipShown(page), '');
    assert.deepEqual(await noteShown(page), []);
    await page.close();
  });
});
