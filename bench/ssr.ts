/**
 * `npm run bench:ssr`: how fast a streamed server-rendered funnel page is compared with the same
 * HTML bytes served as a static file, in the same run on loopback; plus the gzip size of the JS
 * and CSS a visitor page loads. Prints figures; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { build, DIST_DIR } from '../build.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

const PAGE = '/quiz/otc/zip';
const HOST = 'ac.localhost';
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function run(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const manifest = await build();
const dataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-bench-'));
const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SESSION_KEY: randomBytes(32).toString('hex'), RATE_LIMITS: 'off', LOAD_SHEDDING: 'off' }), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const ssrUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${PAGE}`;

// The baseline: the very bytes the SSR produced, served from disk by @fastify/static.
const html = (await app.inject({ url: PAGE, headers: { host: HOST } })).body;
const staticDir = await mkdtemp(path.join(tmpdir(), 'cobrand-bench-static-'));
await writeFile(path.join(staticDir, 'page.html'), html);
const baseline = Fastify({ logger: false });
await baseline.register(fastifyStatic, { root: staticDir });
await baseline.listen({ port: 0, host: '127.0.0.1' });
const staticUrl = `http://127.0.0.1:${(baseline.server.address() as { port: number }).port}/page.html`;

console.log(`bench:ssr — ${PAGE} on ${HOST}, ${CONNECTIONS} connections, ${DURATION_S} s each, HTML ${html.length} bytes`);
const staticResult = await run(staticUrl, {});
const ssrResult = await run(ssrUrl, { host: HOST });
await Promise.all([app.close(), baseline.close()]);
await Promise.all([rm(staticDir, { recursive: true }), rm(dataDir, { recursive: true })]);

const rows = [
  ['static file (@fastify/static)', staticResult],
  ['streamed SSR (renderToPipeableStream)', ssrResult],
] as const;
for (const [name, r] of rows) console.log(`${name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`);
console.log(`SSR / static throughput ratio: ${(ssrResult.rps / staticResult.rps).toFixed(2)}`);

let total = 0;
for (const asset of [manifest.assets.entry, ...manifest.assets.css]) {
  const bytes = await readFile(path.join(DIST_DIR, asset));
  const gz = gzipSync(bytes, { level: 9 }).length;
  total += gz;
  console.log(`${asset.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KiB   gzip ${(gz / 1024).toFixed(1)} KiB`);
}
console.log(`JS + CSS a visitor page loads, gzip: ${(total / 1024).toFixed(1)} KiB`);
