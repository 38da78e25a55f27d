/**
 * Phone-sized (375×667, the viewport only) screenshots of brand home pages in light and dark mode,
 * for reviewing the header and the brand themes by eye:
 * `npx tsx scripts/brand-screenshots.ts after ac tqg emily wc` writes
 * docs/screenshots/after-{brand}-{light|dark}.png. Build the client first (`npx tsx build.ts`).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tools/support/browser.ts';
import { startTestServer } from '../tools/support/server.ts';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
const [label, ...brands] = process.argv.slice(2);
if (!label || brands.length === 0) throw new Error('usage: brand-screenshots.ts LABEL BRAND [BRAND…] (e.g. after ac tqg emily wc)');

await mkdir(OUT_DIR, { recursive: true });
const server = await startTestServer();
const browser = await launchBrowser();
try {
  for (const mode of ['light', 'dark'] as const) {
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 667 });
    // The OS setting, which the default 'system' preference follows.
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: mode }]);
    for (const brand of brands) {
      await page.goto(server.origin(brand) + '/', { waitUntil: 'networkidle0' });
      const file = path.join(OUT_DIR, `${label}-${brand}-${mode}.png`);
      await page.screenshot({ path: file });
      console.log(path.relative(process.cwd(), file));
    }
    if (page.consoleErrors.length) console.error('console errors:', page.consoleErrors);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
