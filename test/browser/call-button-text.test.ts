/**
 * A call button reads its label and number with the space between them, as laid out in Chromium,
 * on an article and on every site's home:
 * a `.button` is a flex box, where a bare label beside the number's span lost that space ("Or
 * call(888) 555-0102"). innerText reads the text as rendered, so it sees what the visitor sees.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import { phoneForms } from '../../src/core/marketplace/phone.ts';
import { launchBrowser, runtimeStarted, type TestBrowser } from '../../tools/support/browser.ts';
import { INSIDE_WORKING_HOURS, OUTSIDE_WORKING_HOURS, startTestServer, type TestServer } from '../../tools/support/server.ts';

const ARTICLE = 'medicare-basics';
/** emily's number, (888) 555-0102, as its buttons group it. */
const NUMBER = '(888) 555-0102';

let server: TestServer;
let browser: TestBrowser;
/** The time the server judges working hours by; each request reads it. */
let clock = OUTSIDE_WORKING_HOURS;

before(async () => {
  server = await startTestServer({}, { now: () => clock });
  await server.app.store.saveContentVersion({
    kind: 'article',
    branch: 'emily',
    itemKey: ARTICLE,
    fields: { title: 'Medicare basics', summary: 'What Parts A and B cover.', body: 'Part A covers hospital stays.', author: 'Staff' },
    baseVersion: 0,
    by: 'staff@example.com',
  });
  await server.app.store.publishContentVersion('article', 'emily', ARTICLE, 1, 'staff@example.com');
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The rendered text of the link matching `selector` on `brand`'s page at `path` (emily's article by default), at `at`. */
async function buttonText(at: Date, selector: string, brand = 'emily', path = `/articles/${ARTICLE}`): Promise<string> {
  clock = at;
  const page = await browser.newVisitor();
  await page.goto(`${server.origin(brand)}${path}`, { waitUntil: 'networkidle0' });
  await runtimeStarted(page);
  const text = await page.$eval(selector, (element) => (element as HTMLElement).innerText);
  assert.deepEqual(page.consoleErrors, []);
  await page.close();
  return text;
}

describe('call buttons in Chromium', () => {
  const cases = [
    { name: "outside working hours, the article's closing call", at: OUTSIDE_WORKING_HOURS, selector: 'a[data-block-id="closing-call"]', expected: `Or call ${NUMBER}` },
    { name: 'inside working hours, the phone-first call to action', at: INSIDE_WORKING_HOURS, selector: '.cta-row a.cta-button[href^="tel:"]', expected: `Call now: ${NUMBER}` },
  ];
  for (const { name, at, selector, expected } of cases) {
    test(`${name} reads "${expected}"`, async () => {
      assert.equal(await buttonText(at, selector), expected);
    });
  }

  // Every site's home, inside working hours: its phone-first button.
  for (const brand of BRANDS.filter((candidate) => candidate.id !== 'ccc')) {
    const expected = `Call now: ${phoneForms(brand.phone).grouped}`;
    test(`${brand.id}'s home: the phone-first call to action reads "${expected}"`, async () => {
      assert.equal(await buttonText(INSIDE_WORKING_HOURS, '.cta-row a.cta-button[href^="tel:"]', brand.id, '/'), expected);
    });
  }
});
