/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile defaults: simulated slow 4G and 4x
 * CPU slowdown on a Moto G Power sized screen) against Debian's Chromium, on every brand's home
 * and the first step of one funnel per product, BENCH_RUNS times each (default 3; 1 for a quick
 * run; BENCH_ONLY=text measures only the pages whose label contains it). Prints a Markdown table of the medians. The production server runs in this process on
 * loopback, at `{brand}.localhost`, which Chromium resolves to loopback.
 *
 * The tag manager (www.googletagmanager.com) cannot load here (no network): its request fails,
 * which the table says; on a real site it adds its own script weight and main-thread time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BRANDS } from '../brands/index.ts';
import { ROUTES } from '../routes.ts';
import { buildIsStale, build } from '../build.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { funnelById } from '../src/core/funnels/index.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/platform/config/config.ts';
import { brandPhoneVariable } from '../src/server/marketplace/phones-env.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Only the pages whose label contains this (e.g. `ac` or `funnel`), for a quick look. */
const ONLY = process.env.BENCH_ONLY ?? '';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** One page to measure. */
interface Target {
  label: string;
  host: string;
  path: string;
}

/** Every site brand's home, then the first step of the first funnel route of each product (its first brand). */
function targets(): Target[] {
  const sites = BRANDS.filter((brand) => brand.id !== CONTROL_CENTER_BRAND);
  const homes = sites.map((brand) => ({ label: `${brand.id} home`, host: `${brand.id}.localhost`, path: '/' }));
  const funnels = new Map<string, Target>();
  for (const route of ROUTES) {
    const funnel = route.page.form ? funnelById(route.page.form) : undefined;
    // Paths whose only parameter is the optional step: the route's own path is its first step.
    if (!funnel || funnels.has(funnel.product) || !/^[^{]*\{step\?\}$/.test(route.path)) continue;
    const brand = route.brands.find((id) => id !== CONTROL_CENTER_BRAND);
    if (brand) funnels.set(funnel.product, { label: `${funnel.product} funnel (${brand})`, host: `${brand}.localhost`, path: route.path.replace(/\/?\{step\?\}$/, '') || '/' });
  }
  return [...homes, ...funnels.values()];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  // No runs: NaN.
  const at = (index: number) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};

/** The figures of one Lighthouse run. */
interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKiB: number;
}

if (await buildIsStale()) await build();
const dataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-bench-lighthouse-'));
const phones = Object.fromEntries(BRANDS.map((brand) => [brandPhoneVariable(brand.id), '8005550100']));
const config = loadConfig({ ...phones, NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'off' });
const app = await buildApp({ config, logger: false, leadJobs: { outbox: false, retention: false } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

const userDataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-lighthouse-chromium-'));
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir });
const rows: [Target, Figures][] = [];
try {
  for (const target of targets().filter((t) => t.label.includes(ONLY))) {
    const runs: Figures[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`http://${target.host}:${port}${target.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      if (!result) throw new Error(`lighthouse gave no result for ${target.label}`);
      const lhr = result.lhr;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        jsKiB: (items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
      });
    }
    const medians = Object.fromEntries(Object.keys(runs[0] ?? {}).map((key) => [key, median(runs.map((figures) => figures[key as keyof Figures]))])) as unknown as Figures;
    rows.push([target, medians]);
    process.stderr.write(`measured ${target.label}\n`);
  }
} finally {
  chrome.kill();
  await app.close();
  await Promise.all([rm(dataDir, { recursive: true }), rm(userDataDir, { recursive: true, force: true })]);
}

console.log(`Lighthouse 12, mobile defaults, Chromium ${CHROMIUM}, median of ${RUNS} run(s) per page. The tag manager cannot load here (no network): its script is missing from every figure.\n`);
console.log('| page | path | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS transferred |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [target, f] of rows) {
  console.log(`| ${target.label} | ${target.path} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${(f.lcpMs / 1000).toFixed(1)} s | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${f.jsKiB.toFixed(0)} KiB |`);
}
