/**
 * `npm run bench:hydration`: what static islands (src/ui/static-island.tsx) save at hydration, in
 * Chromium with the CPU slowed 4× (Lighthouse's mobile emulation). Each page is loaded with its
 * islands kept and, interleaved in the same run, with them hydrated like the rest of the page
 * (the island markers are stripped as the HTML is parsed, so the client finds none to keep).
 * Prints, per page, the median longest and second-longest main-thread task of the load (the
 * entry's evaluation and the hydration are separate tasks), its total blocking time, and the
 * number of DOM nodes React hydrated. Asserts nothing.
 */
import type { CDPSession } from 'puppeteer-core';
import { build } from '../build.ts';
import { launchBrowser } from '../tools/support/browser.ts';
import { startTestServer } from '../tools/support/server.ts';
import { STATIC_ISLAND_ATTRIBUTE } from '../src/ui/static-island.tsx';

const PAGES = ['/', '/quiz/otc', '/tos', '/otc-allowance'];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Lighthouse's mobile preset slows the CPU by this factor. */
const CPU_SLOWDOWN = 4;
const SETTLE_MS = 1500;

/** Observes long tasks from the document's start; optionally strips the island markers as nodes arrive. */
function instrument(stripIslands: boolean, attribute: string) {
  const w = window as unknown as { __longTasks: number[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  if (!stripIslands) return;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element && node.hasAttribute(attribute)) node.removeAttribute(attribute);
    }
  }).observe(document, { childList: true, subtree: true });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

await build();
const server = await startTestServer();
const browser = await launchBrowser();
const rows: string[] = [];
try {
  for (const path of PAGES) {
    const empty = () => ({ longest: [] as number[], second: [] as number[], blocking: [] as number[], hydrated: [] as number[] });
    const figures = { kept: empty(), hydrated: empty() };
    for (let run = 0; run < RUNS; run++) {
      for (const variant of ['kept', 'hydrated'] as const) {
        const page = await browser.newPage();
        const cdp: CDPSession = await page.createCDPSession();
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.evaluateOnNewDocument(instrument, variant === 'hydrated', STATIC_ISLAND_ATTRIBUTE);
        await page.goto(server.origin('ac') + path, { waitUntil: 'load' });
        await page.waitForFunction(() => Boolean((window as unknown as { __cobrand?: unknown }).__cobrand));
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const { tasks, owned } = await page.evaluate(() => ({
          tasks: (window as unknown as { __longTasks: number[] }).__longTasks,
          owned: [...document.body.querySelectorAll('*')].filter((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))).length,
        }));
        const [longest = 0, second = 0] = [...tasks].sort((a, b) => b - a);
        figures[variant].longest.push(longest);
        figures[variant].second.push(second);
        figures[variant].blocking.push(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0));
        figures[variant].hydrated.push(owned);
        await page.close();
      }
    }
    const { kept, hydrated } = figures;
    rows.push(
      `${path.padEnd(16)} longest task ${median(kept.longest).toFixed(0).padStart(4)} ms vs ${median(hydrated.longest).toFixed(0).padStart(4)} ms (${(median(kept.longest) / median(hydrated.longest)).toFixed(2)}×)` +
        `  second ${median(kept.second).toFixed(0).padStart(4)} vs ${median(hydrated.second).toFixed(0).padStart(4)} ms` +
        `  blocking ${median(kept.blocking).toFixed(0).padStart(4)} vs ${median(hydrated.blocking).toFixed(0).padStart(4)} ms` +
        `  nodes hydrated ${median(kept.hydrated)} vs ${median(hydrated.hydrated)}`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`Hydration in Chromium, CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS} loads each: islands kept vs every part hydrated`);
for (const row of rows) console.log(row);
