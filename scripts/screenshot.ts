/**
 * Screenshots pages as a visitor on a phone sees them, for reviewing layout by eye:
 * `npx tsx scripts/screenshot.ts ac,/,home tqg,/quiz/auto,auto` writes /tmp/home.png, /tmp/auto.png.
 */
import { launchBrowser } from '../tools/support/browser.ts';
import { startTestServer } from '../tools/support/server.ts';

const server = await startTestServer();
const browser = await launchBrowser();
const page = await browser.newPage();
await page.setViewport({ width: 390, height: 844 });
for (const spec of process.argv.slice(2)) {
  const [brand, path, file] = spec.split(',');
  if (!brand || !path || !file) throw new Error(`expected brand,path,name but got '${spec}'`);
  await page.goto(server.origin(brand) + path, { waitUntil: 'networkidle0' });
  await page.screenshot({ path: `/tmp/${file}.png`, fullPage: true });
  console.log(`/tmp/${file}.png`);
}
if (page.consoleErrors.length) console.error('console errors:', page.consoleErrors);
await browser.close();
await server.close();
