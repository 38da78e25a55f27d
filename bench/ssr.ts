/**
 * `npm run bench:ssr`: how fast /quiz/otc on ac is served, in one run on loopback,
 * four ways: the very bytes as a static file (@fastify/static, the baseline), cobrand with its
 * HTML cache, cobrand rendering every request (cache off), and a bare React
 * `renderToPipeableStream` on `node:http` rendering the same tree from a ready payload (what the
 * rest of the request path is measured against). Then the gzip size of the JS and CSS each page
 * type loads and the bytes of each page type's embedded payload. Prints figures as ratios; asserts
 * nothing. The load generator runs in a worker thread, so it does not share the servers' thread.
 *
 * BENCH_SECONDS (default 5) sets each run's length, BENCH_ROUNDS (default 3) how many interleaved
 * rounds of the four targets are averaged.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { createElement } from 'react';
import { build, DIST_DIR } from '../build.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/platform/config/config.ts';
import { RENDER_CACHE_HEADER } from '../src/server/pages/html-cache.ts';
import { BOOT_DATA_ID, type BootData } from '../src/ui/boot-data.ts';
import { Document } from '../src/ui/Document.tsx';

const PAGE = '/quiz/otc';
const HOST = 'ac.localhost';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of all four targets, one after another; figures are the rounds' mean (p99: the worst). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
/** The page types whose script, styles and payload are weighed: host and path of one page each. */
const PAGE_TYPES = [
  { name: 'home', host: 'ac.localhost', path: '/' },
  { name: 'funnel step', host: 'ac.localhost', path: '/quiz/otc' },
  { name: 'static page', host: 'ac.localhost', path: '/carriers' },
  { name: 'auto funnel step', host: 'tqg.localhost', path: '/quiz/auto' },
  { name: 'auto vehicle step', host: 'tqg.localhost', path: '/quiz/auto/vehicle-1' },
  { name: 'not found', host: 'ac.localhost', path: '/no-such-page' },
] as const;

async function run(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const port = (server: { address(): unknown }) => (server.address() as { port: number }).port;

/**
 * cobrand as production runs it: request logging at the default level (info), into a stream that
 * drops the lines (what a line costs to build is measured, not the terminal); rate limits and load
 * shedding off, or one client address would be refused.
 */
async function cobrand(dataDir: string, htmlCacheBytes?: number): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'off', LOAD_SHEDDING: 'off' });
  const app = await buildApp({ config, logStream: { write: () => undefined }, leadJobs: { outbox: false, retention: false }, ...(htmlCacheBytes === undefined ? {} : { htmlCacheBytes }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/** The boot data a document embeds, read back from its HTML. */
function bootDataOf(html: string): BootData {
  const json = new RegExp(`<script id="${BOOT_DATA_ID}"[^>]*>(.*?)</script>`, 's').exec(html)?.[1];
  if (json === undefined) throw new Error('no boot data in the page');
  return JSON.parse(json) as BootData;
}

/** The JS and CSS files a page loads before it is interactive: its stylesheets, bootstrap module, module preloads (its template's chunks) and their static imports. */
async function pageAssets(html: string): Promise<string[]> {
  const files = new Set<string>();
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern's one group is not optional, so every match has it
  const queue = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let file: string | undefined;
  while ((file = queue.shift()) !== undefined) {
    if (files.has(file)) continue;
    files.add(file);
    if (!file.endsWith('.js')) continue;
    const source = await readFile(path.join(DIST_DIR, file), 'utf8');
    // Static imports only (`from"./chunk-X.js"` or `import"./chunk-X.js"`): lazy chunks load later.
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the pattern's one group is not optional, so every match has it
    for (const m of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  return [...files];
}

const gzipKiB = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length / 1024;

const manifest = await build();
const dataDir = () => mkdtemp(path.join(tmpdir(), 'cobrand-bench-'));
const dataDirs = await Promise.all([dataDir(), dataDir()]);
const cached = await cobrand(dataDirs[0]);
const uncached = await cobrand(dataDirs[1], 0);

// The baseline: the very bytes the SSR produced, served from disk by @fastify/static.
const first = await cached.inject({ url: PAGE, headers: { host: HOST } });
const html = first.body;
const staticDir = await mkdtemp(path.join(tmpdir(), 'cobrand-bench-static-'));
await writeFile(path.join(staticDir, 'page.html'), html);
const baseline = Fastify({ logger: false });
await baseline.register(fastifyStatic, { root: staticDir });
await baseline.listen({ port: 0, host: '127.0.0.1' });

// Bare React on node:http: the same document tree from the same boot data, built once.
const boot = bootDataOf(html);
const bare = createServer((_request, response) => {
  const nonce = randomBytes(16).toString('base64');
  const stream = renderToPipeableStream(createElement(Document, { boot, nonce }), {
    bootstrapModules: [boot.assets.entry],
    nonce,
    onShellReady() {
      response.writeHead(boot.payload.status, { 'content-type': 'text/html; charset=utf-8' });
      stream.pipe(response);
    },
    onShellError() {
      response.writeHead(500).end();
    },
  });
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

const second = await cached.inject({ url: PAGE, headers: { host: HOST } });
if (second.headers[RENDER_CACHE_HEADER] !== 'hit') throw new Error(`the second request was not served from the cache (${String(second.headers[RENDER_CACHE_HEADER])})`);

console.log(`bench:ssr: ${PAGE} on ${HOST}, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${DURATION_S} s per target, HTML ${html.length} bytes`);
// Interleaved rounds: a shared machine's load moves during a run, and each target gets its share of every phase.
const targets: { url: string; headers: Record<string, string> }[] = [
  { url: `http://127.0.0.1:${port(baseline.server)}/page.html`, headers: {} },
  { url: `http://127.0.0.1:${port(cached.server)}${PAGE}`, headers: { host: HOST } },
  { url: `http://127.0.0.1:${port(uncached.server)}${PAGE}`, headers: { host: HOST } },
  { url: `http://127.0.0.1:${port(bare)}${PAGE}`, headers: {} },
];
const totals = targets.map((target) => ({ target, rps: 0, p99: 0 }));
for (let round = 0; round < ROUNDS; round++) {
  for (const total of totals) {
    const result = await run(total.target.url, total.target.headers);
    total.rps += result.rps / ROUNDS;
    total.p99 = Math.max(total.p99, result.p99);
  }
}
const [staticResult, cachedResult, uncachedResult, bareResult] = totals as [(typeof totals)[0], (typeof totals)[0], (typeof totals)[0], (typeof totals)[0]];

const rows = [
  ['static file (@fastify/static)', staticResult],
  ['cobrand, HTML cache', cachedResult],
  ['cobrand, rendering every request', uncachedResult],
  ['bare React on node:http', bareResult],
] as const;
for (const [name, r] of rows) console.log(`${name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`);
const ratio = (a: { rps: number }, b: { rps: number }) => (a.rps / b.rps).toFixed(2);
console.log(`cached / static:   ${ratio(cachedResult, staticResult)}  (goal >= 0.8)`);
console.log(`uncached / static: ${ratio(uncachedResult, staticResult)}  (goal >= 0.5)`);
console.log(`uncached / bare React: ${ratio(uncachedResult, bareResult)}  (goal >= 0.8)`);

console.log('\npage type            JS gzip   CSS gzip   payload (bytes)');
for (const type of PAGE_TYPES) {
  const page = (await uncached.inject({ url: type.path, headers: { host: type.host } })).body;
  let js = 0;
  let css = 0;
  for (const file of await pageAssets(page)) {
    const size = gzipKiB(await readFile(path.join(DIST_DIR, file)));
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  const payloadBytes = Buffer.byteLength(JSON.stringify(bootDataOf(page).payload));
  console.log(`${type.name.padEnd(20)} ${js.toFixed(1).padStart(5)} KiB  ${css.toFixed(1).padStart(5)} KiB   ${String(payloadBytes).padStart(8)}`);
}
console.log(`(build ${manifest.id}; JS: the bootstrap module, the template chunks the page preloads, and their static imports)`);

await Promise.all([cached.close(), uncached.close(), baseline.close(), new Promise((resolve) => bare.close(resolve))]);
await Promise.all([staticDir, ...dataDirs].map((dir) => rm(dir, { recursive: true })));
