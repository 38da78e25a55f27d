/**
 * The first 375×667 screen of one funnel step per product, to compare each product's funnel
 * before and after a change, light mode, from a server that is already running:
 * `npx tsx scripts/funnel-screenshots.ts after http://{brand}.localhost:3000` writes
 * docs/screenshots/funnel-{product}-{label}.png. For "before", run an older commit's server (a
 * `git worktree` of it, `npm start`) on another port and point the script at it.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../tools/support/browser.ts';

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');

/** One step per product: the step that asked the most on one screen before the three-field limit, or the first. */
const SHOTS = [
  { product: 'medicare', brand: 'ac', path: '/quiz/otc/medicare' },
  { product: 'auto', brand: 'tqg', path: '/quiz/auto/driver-1' },
  { product: 'life', brand: 'wc', path: '/go-4-life' },
  { product: 'health', brand: 'bh', path: '/go-4-health' },
] as const;

const [label, originTemplate] = process.argv.slice(2);
if (!label || !originTemplate?.includes('{brand}')) throw new Error('usage: funnel-screenshots.ts LABEL http://{brand}.localhost:PORT');

await mkdir(OUT_DIR, { recursive: true });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 375, height: 667 });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  for (const shot of SHOTS) {
    await page.goto(originTemplate.replace('{brand}', shot.brand) + shot.path, { waitUntil: 'networkidle0' });
    const file = path.join(OUT_DIR, `funnel-${shot.product}-${label}.png`);
    await page.screenshot({ path: file });
    console.log(path.relative(process.cwd(), file));
  }
} finally {
  await browser.close();
}
