/**
 * Payload sizes: what each page's embedded payload holds, on an app built as the
 * test server builds it (sandbox configuration, a clock inside working hours), measured as
 * bench:ssr measures it (the payload's JSON bytes). Pages: bench:ssr's page types, every brand's
 * home and each funnel's first step; `--auto-steps` adds every step of the auto funnel,
 * `--verbose` the bytes of every field of 200 bytes or more, three levels down.
 * `npx tsx bench/payload-sizes.ts [--verbose] [--auto-steps]`
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/platform/config/config.ts';
import { BOOT_DATA_ID } from '../src/ui/boot-data.ts';
import { ROUTES } from '../routes.ts';
import { BRANDS } from '../brands/index.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-payload-'));
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), logger: false, now: () => new Date('2026-11-25T18:00:00Z') });

const pages: { name: string; host: string; path: string }[] = [
  { name: 'home', host: 'ac', path: '/' },
  { name: 'funnel step', host: 'ac', path: '/quiz/otc' },
  { name: 'static page', host: 'ac', path: '/carriers' },
  { name: 'auto funnel step', host: 'tqg', path: '/quiz/auto' },
  { name: 'not found', host: 'ac', path: '/no-such-page' },
];
for (const brand of Object.values(BRANDS)) if (brand.id !== 'ccc') pages.push({ name: `home ${brand.id}`, host: brand.id, path: '/' });
const seen = new Set<string>();
for (const route of ROUTES) {
  const form = route.page.form;
  if (!form || seen.has(form) || route.path.includes('{token}')) continue;
  seen.add(form);
  const brand = route.brands[0];
  if (!brand) continue;
  pages.push({ name: `first step ${form}`, host: brand, path: route.path.replace(/\/\{step\?\}$/, '').replace(/\{[^}]+\}/g, 'x') });
}

if (process.argv.includes('--auto-steps')) {
  const { FUNNELS } = await import('../src/core/funnels/index.ts');
  for (const step of FUNNELS.auto?.steps ?? []) pages.push({ name: `auto step ${step.name}`, host: 'tqg', path: `/quiz/auto/${step.name}` });
}
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '');
function breakdown(value: unknown, prefix: string, depth: number, out: [string, number][]) {
  if (depth === 0 || value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const size = bytes(child);
    if (size < 200) continue;
    out.push([`${prefix}${key}`, size]);
    breakdown(child, `${prefix}${key}.`, depth - 1, out);
  }
}
const verbose = process.argv.includes('--verbose');
for (const page of pages) {
  const response = await app.inject({ url: page.path, headers: { host: `${page.host}.localhost` } });
  const match = new RegExp(`<script id="${BOOT_DATA_ID}"[^>]*>(.*?)</script>`, 's').exec(response.body);
  if (!match) {
    console.log(`${page.name}: no boot data (${response.statusCode})`);
    continue;
  }
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
  const payload = (JSON.parse(match[1]!) as { payload: unknown }).payload;
  console.log(`${page.name.padEnd(36)} ${page.host}${page.path} ${response.statusCode} ${bytes(payload)} B`);
  if (verbose) {
    const out: [string, number][] = [];
    breakdown(payload, '  ', 3, out);
    for (const [key, size] of out) console.log(`    ${key.padEnd(50)} ${size}`);
  }
}
await app.close();
await rm(dataDir, { recursive: true });
