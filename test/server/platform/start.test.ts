/**
 * The server process: `npm start` leaves no process behind when its parent
 * gets SIGTERM, production runs the compiled server without tsx, a shutdown lets in-flight
 * requests finish, and a failed start says why on one line of stderr and exits non-zero.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, test } from 'node:test';
import { buildServer, SERVER_DIST_DIR, SERVER_ENTRY, type ServerBuild } from '../../../build-server.ts';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { buildDemandCheckPayload } from '../../../src/core/marketplace/payloads.ts';
import { brandPhoneVariable } from '../../../src/server/marketplace/phones-env.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const START_TIMEOUT_MS = 120_000;

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every process whose parent chain leads to `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) in parentheses: state, ppid, ...
      const [, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(ppid));
    } catch {
      // The process ended while we looked.
    }
  }
  const found: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...next);
    frontier = next;
  }
  return found;
}

/** True while `pid` runs (a zombie waiting for its parent counts as gone). */
function alive(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

interface Launched {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  /** Resolves when stdout matches; rejects when the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(command: string, args: string[], env: NodeJS.ProcessEnv): Launched {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => ({ stdout, stderr }),
    exited,
    waitFor(pattern, timeoutMs = START_TIMEOUT_MS) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; stdout: ${stdout}; stderr: ${stderr}`)), timeoutMs);
        const check = () => {
          if (!pattern.test(stdout)) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout.on('data', check);
        check();
        void exited.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`exited (${code ?? signal}) before ${pattern}; stdout: ${stdout}; stderr: ${stderr}`));
        });
      });
    },
  };
}

/** Stops whatever a failed test left running (by pid, never by name). */
function cleanUp(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

/** One request to the server on loopback with a brand's Host header (fetch may not set Host). */
function request(port: number, method: string, pathName: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathName, headers: { host: 'ac.localhost', ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'cobrand-start-'));
const PRODUCTION = () => ({
  NODE_ENV: 'production',
  SESSION_KEY: randomBytes(32).toString('hex'),
  DATA_DIR: dataDir(),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // Not under test here; a loaded test machine must not shed the requests these tests send.
  LOAD_SHEDDING: 'off',
  RATE_LIMITS: 'off',
  // Production requires every brand's call-in number (phones-env.ts).
  ...Object.fromEntries(BRAND_IDS.map((id, index) => [brandPhoneVariable(id), `80055502${String(index).padStart(2, '0')}`])),
});

describe('npm start', () => {
  test('SIGTERM to npm (the parent) stops the server: the port closes and no child process is left', async () => {
    const port = await freePort();
    const opsPort = await freePort();
    const npm = launch('npm', ['start'], { NODE_ENV: 'development', PORT: String(port), OPS_PORT: String(opsPort), DATA_DIR: dataDir(), LOG_LEVEL: 'warn' });
    let tree: number[] = [];
    try {
      await npm.waitFor(/cobrand is serving 14 brands/);
      tree = descendants(npm.child.pid!);
      assert.ok(tree.length > 0, 'npm runs the server as a child');
      assert.equal(await listening(port), true);
      // From sources too, the operations port's thread (TypeScript, through tsx) answers.
      await npm.waitFor(new RegExp(`operations port 127\\.0\\.0\\.1:${opsPort}`));
      assert.equal((await request(opsPort, 'GET', '/healthz')).status, 200);
      npm.child.kill('SIGTERM');
      await npm.exited;
      // The server's own shutdown finishes after npm's; give it a moment, then nothing is left.
      const deadline = Date.now() + 15_000;
      while (tree.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(tree.filter(alive), [], `left running: ${tree.filter(alive).join(', ')}`);
      assert.equal(await listening(port), false, 'the port is closed');
      assert.match(npm.output().stdout, /cobrand: SIGTERM: stopping/);
      assert.match(npm.output().stdout, /cobrand: stopped/);
    } finally {
      cleanUp([npm.child.pid!, ...tree]);
    }
  });
});

describe('the compiled server (NODE_ENV=production)', () => {
  let built: ServerBuild;
  before(async () => {
    // What `npm run build` leaves: the server compiled to dist/server/start.js.
    built = await buildServer();
  });

  // Packages a first page request does not need are loaded on first use, so they are in no code
  // read at start-up: a quicker cold start and less memory.
  const loadedOnFirstUse: Array<[what: string, pattern: RegExp]> = [
    ['undici (first upstream call)', /node_modules\/undici\//],
    ['markdown-it (first Markdown rendered)', /node_modules\/markdown-it\//],
    ['the Temporal polyfill (not used by the server)', /node_modules\/@js-temporal\//],
    ['the control center\'s screens', /src\/ui\/control-center\/screens\//],
  ];
  for (const [what, pattern] of loadedOnFirstUse) test(`${what}: not in the code read at start-up`, () => {
    assert.ok(built.startupInputs.length > 100, `${built.startupInputs.length} start-up inputs`);
    assert.deepEqual(built.startupInputs.filter((input) => pattern.test(input)), []);
  });

  test('the bundle is ASCII, so V8 keeps its source one byte per character', () => {
    const bytes = readFileSync(built.entry);
    assert.equal(bytes.findIndex((byte) => byte > 0x7f), -1);
  });

  test('npm start runs dist/server/start.js with plain node: no tsx loaded', async () => {
    const port = await freePort();
    const opsPort = await freePort();
    const server = launch('npm', ['start'], { ...PRODUCTION(), PORT: String(port), OPS_PORT: String(opsPort) });
    let tree: number[] = [];
    try {
      await server.waitFor(/cobrand is serving 14 brands on 127\.0\.0\.1:\d+ \(production, compiled\)/);
      tree = descendants(server.child.pid!);
      const commands = tree.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      assert.ok(commands.some((command) => command.includes('scripts/start.js')), commands.join('\n'));
      // Not through tsx, and no esbuild service process (tsx compiles TypeScript through one).
      for (const command of commands) assert.ok(!/tsx|esbuild/.test(command), command);
      const page = await request(port, 'GET', '/');
      assert.equal(page.status, 200);
      // The operations port's thread runs the compiled worker beside the server.
      assert.equal((await request(opsPort, 'GET', '/healthz')).status, 200);
      assert.equal((await request(opsPort, 'GET', '/readyz')).status, 200);
      // SQLite event ingest's thread runs the compiled worker beside the server too: 201 only after its commit.
      const event = { type: 'track', event: 'pageView', timestamp: new Date().toISOString(), sessionId: 'start-session', anonymousId: 'start-anon', properties: { eventId: 'start-event-1' } };
      const stored = await request(port, 'POST', '/api/event/create', event);
      assert.equal(stored.status, 201, stored.text);
      assert.deepEqual(JSON.parse(stored.text), { stored: 1, duplicates: 0 });
      server.child.kill('SIGTERM');
      await server.exited;
    } finally {
      cleanUp([server.child.pid!, ...tree]);
    }
  });

  // Supervisors send SIGTERM, Ctrl-C sends SIGINT: both drain the same way.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) test(`${signal} lets an in-flight request finish, then exits 0`, async () => {
    // An upstream slow enough that the request is still in flight when the signal comes.
    let reached: () => void = () => undefined;
    const upstreamReached = new Promise<void>((resolve) => (reached = resolve));
    const slow = http.createServer((_req, res) => {
      reached();
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ctc":{"ev":20}}'), 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(slow.address() as net.AddressInfo).port}`;
    const port = await freePort();
    const server = launch(process.execPath, ['scripts/start.js'], {
      ...PRODUCTION(),
      PORT: String(port),
      MEDIAALPHA_DEMAND_CHECK_URL: upstream,
      MEDIAALPHA_GET_PHONE_URL: upstream,
      MEDIAALPHA_API_TOKEN: 't',
      MEDIAALPHA_TIMEOUT_MS: '10000',
    });
    try {
      await server.waitFor(/cobrand is serving/);
      const body = buildDemandCheckPayload({ ip: '198.51.100.1', localHour: 10, ua: 'test', url: 'https://example.test/', placementId: 'p', urlParams: {}, geo: { postalCode: '90210', stateCode: 'CA' } });
      const inFlight = request(port, 'POST', '/api/mediaalpha/demand-check', body);
      // The request is in flight once the server has relayed it upstream.
      await upstreamReached;
      server.child.kill(signal);
      const response = await inFlight;
      assert.equal(response.status, 200, response.text);
      assert.equal(JSON.parse(response.text).parsed.ctc.ev, 20);
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      assert.match(server.output().stdout, new RegExp(`cobrand: ${signal}: stopping`));
      assert.match(server.output().stdout, /cobrand: stopped/);
      assert.equal(await listening(port), false);
    } finally {
      cleanUp([server.child.pid!]);
      slow.close();
    }
  });

  /** Starts the compiled server expecting it to fail; returns its exit code and stderr. */
  async function failedStart(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
    const server = launch(process.execPath, ['scripts/start.js'], env);
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
    const { code } = await server.exited;
    clearTimeout(timer);
    return { code, stderr: server.output().stderr };
  }

  function assertOneLine(stderr: string, pattern: RegExp): void {
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, `one line, got:\n${stderr}`);
    assert.match(lines[0]!, /^cobrand: cannot start: /);
    assert.match(lines[0]!, pattern);
    assert.doesNotMatch(stderr, /\n\s+at /, 'no stack trace');
  }

  test('without SESSION_KEY: one line naming it, exit 2 (configuration)', async () => {
    const { SESSION_KEY: _key, ...env } = PRODUCTION();
    const { code, stderr } = await failedStart({ ...env, SESSION_KEY: undefined, PORT: String(await freePort()) });
    assert.equal(code, 2);
    assertOneLine(stderr, /invalid configuration: SESSION_KEY: required in production/);
  });

  test('an unreachable DATABASE_URL: one line, the password never shown, exit 1', async () => {
    const closed = await freePort();
    const { code, stderr } = await failedStart({ ...PRODUCTION(), PORT: String(await freePort()), DATABASE_URL: `postgres://cobrand:pw-s3cret@127.0.0.1:${closed}/cobrand` });
    assert.equal(code, 1);
    assertOneLine(stderr, /the store \(PostgreSQL at DATABASE_URL\) could not be opened: .*unreachable.*ECONNREFUSED/);
    assert.ok(!stderr.includes('pw-s3cret'), stderr);
  });

  test('the port in use: one line naming it, exit 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await failedStart({ ...PRODUCTION(), PORT: String(port) });
      assert.equal(code, 1);
      assertOneLine(stderr, new RegExp(`127\\.0\\.0\\.1:${port} is already in use`));
    } finally {
      taken.close();
    }
  });

  test('the operations port in use: one line naming it, exit 1', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const opsPort = (taken.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await failedStart({ ...PRODUCTION(), PORT: String(await freePort()), OPS_PORT: String(opsPort) });
      assert.equal(code, 1);
      assertOneLine(stderr, new RegExp(`the operations port 127\\.0\\.0\\.1:${opsPort} \\(OPS_HOST, OPS_PORT\\) is already in use`));
    } finally {
      taken.close();
    }
  });

  test('no compiled server: npm start in production says to build, exit 1', async () => {
    // The launcher alone, in a tree without dist/: it finds the bundle relative to itself.
    const tree = mkdtempSync(path.join(tmpdir(), 'cobrand-launcher-'));
    mkdirSync(path.join(tree, 'scripts'));
    cpSync(path.join(ROOT, 'scripts/start.js'), path.join(tree, 'scripts/start.js'));
    const child = spawn(process.execPath, [path.join(tree, 'scripts/start.js')], { env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1);
    assertOneLine(stderr, /dist\/server\/start\.js is missing.*npm run build/);
  });

  test('the bundle is where the launcher looks', () => {
    assert.equal(path.join(SERVER_DIST_DIR, SERVER_ENTRY), path.join(ROOT, 'dist/server/start.js'));
  });
});
