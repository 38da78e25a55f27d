/**
 * `npm run bench:start` (cold start and memory): the production server as `npm start`
 * runs it (NODE_ENV=production, the compiled dist/server/start.js, SQLite in a fresh folder), timed
 * from the spawn of its process to its first 200 on a page (a restart on an existing database; the
 * first start, which creates it, is shown beside); then its resident memory after
 * BENCH_LOAD_SECONDS (default 60) of load spread over several brands' pages. Goals: first 200
 * within 0.9 s, RSS under 120 MB. Prints figures; asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BRANDS } from '../brands/index.ts';
import { build, buildIsStale } from '../build.ts';
import { buildServer } from '../build-server.ts';
import { brandPhoneVariable } from '../src/server/marketplace/phones-env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
/** The first request's page, and how often it is tried while the server starts. */
const FIRST_PAGE = { host: 'ac.localhost', path: '/' };
const POLL_MS = 5;
/** Give up on a start that takes longer than this. */
const START_TIMEOUT_MS = 60_000;
/** The pages of the load: home and a funnel step on several brands (hosts differ, so the cache holds each). */
const LOAD_PAGES = [
  { host: 'ac.localhost', path: '/' },
  { host: 'ac.localhost', path: '/quiz/otc' },
  { host: 'ac.localhost', path: '/quiz/otc/zip' },
  { host: 'emily.localhost', path: '/' },
  { host: 'tqg.localhost', path: '/quiz/auto' },
  { host: 'gs.localhost', path: '/' },
  { host: 'ac.localhost', path: '/carriers' },
  { host: 'ac.localhost', path: '/no-such-page' },
];

/**
 * The V8 flags `npm start` gives node (package.json's start script: a 4 MB young generation and
 * old-generation growth of 25 % instead of V8's defaults), read from there so the server here
 * runs as production runs it. BENCH_NODE_FLAGS replaces them (`BENCH_NODE_FLAGS=` for none, to compare).
 */
async function startFlags(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const match = /^exec node (.*?)\s*scripts\/start\.js$/.exec(manifest.scripts.start);
  if (!match) throw new Error(`package.json's start script is not "exec node [flags] scripts/start.js": ${manifest.scripts.start}`);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
  return match[1]!.split(/\s+/).filter(Boolean);
}

/** The status of one GET, or undefined while nothing listens. */
function status(port: number, page: { host: string; path: string }): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: page.path, headers: { host: page.host } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** CPU time (user + system, every thread) the process has used, in ms, from /proc: on a shared machine a fairer cost than wall time. */
async function cpuMs(pid: number): Promise<number> {
  // After the command's closing parenthesis (the command itself may hold spaces); missing, every field reads NaN.
  const fields = ((await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1] ?? '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The process's resident set size in MB, from /proc. */
async function rssMb(pid: number): Promise<number> {
  const match = /VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS line in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}

if (await buildIsStale()) await build();
await buildServer();
const dataDir = await mkdtemp(path.join(tmpdir(), 'cobrand-bench-start-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const phones = Object.fromEntries(BRANDS.map((brand) => [brandPhoneVariable(brand.id), '8005550100']));
const flags = await startFlags();
const env = { ...process.env, ...phones, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SESSION_KEY: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', RATE_LIMITS: 'off' };

/** Spawns the production server and times it to its first 200 on {@link FIRST_PAGE}. */
async function startServer(): Promise<{ server: ChildProcess; firstOkMs: number }> {
  const startedAt = performance.now();
  const server = spawn(process.execPath, [...flags, path.join(ROOT, 'scripts/start.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
    if (performance.now() - startedAt > START_TIMEOUT_MS) throw new Error('no 200 within a minute');
    if ((await status(port, FIRST_PAGE)) === 200) return { server, firstOkMs: performance.now() - startedAt };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function stop(server: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

// The first start creates the database (migrations); the one timed is a restart, as after a deploy.
const fresh = await startServer();
await stop(fresh.server);
const { server, firstOkMs } = await startServer();
const pid = server.pid;
if (pid === undefined) throw new Error('the server process did not start');
const rssAtStart = await rssMb(pid);
const cpuAtStart = await cpuMs(pid);

const load = await autocannon({
  url: `http://127.0.0.1:${port}`,
  connections: 10,
  duration: LOAD_SECONDS,
  workers: 1,
  requests: LOAD_PAGES.map((page) => ({ method: 'GET', path: page.path, headers: { host: page.host } })),
});
const rssAfterLoad = await rssMb(pid);
const cpuOfLoad = (await cpuMs(pid)) - cpuAtStart;
await stop(server);
await rm(dataDir, { recursive: true });

console.log(`bench:start: production server (dist/server/start.js), SQLite, node ${flags.join(' ')}`);
console.log(`first 200 after process start:  ${(firstOkMs / 1000).toFixed(2)} s   (goal <= 0.9 s; the very first start, creating the database: ${(fresh.firstOkMs / 1000).toFixed(2)} s)`);
console.log(`RSS at the first 200:           ${rssAtStart.toFixed(0)} MB   (CPU used by then: ${cpuAtStart.toFixed(0)} ms)`);
console.log(`RSS after ${LOAD_SECONDS} s of load:        ${rssAfterLoad.toFixed(0)} MB   (goal < 120 MB; ${load.requests.total} requests over ${LOAD_PAGES.length} pages, ${load.non2xx} non-2xx incl. the 404 page)`);
console.log(`server CPU per 1000 requests:   ${((cpuOfLoad / load.requests.total) * 1000).toFixed(0)} ms   (${(load.requests.total / LOAD_SECONDS).toFixed(0)} requests/s)`);
