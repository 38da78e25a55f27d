/**
 * What the load benchmarks share: a script that runs its own server (and its own load) as child
 * processes of itself, so the client doing the timing never shares an event loop or a libuv
 * thread pool with the server it times; and timing one request to its last byte.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** The repository's root, the working directory of every child. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** How long a child may take to print its first line (a server's port). */
export const START_TIMEOUT_MS = 60_000;

/** A running child role. */
export interface ChildRole {
  child: ChildProcess;
  /** Resolves with the child's first stdout line (a server prints its port there). */
  firstLine(): Promise<string>;
  /** Resolves with everything the child printed once it exits 0 (or on SIGTERM); rejects with its stderr otherwise. */
  output: Promise<string>;
}

/**
 * Starts `script` again in a child role (`args[0]` names the role, e.g. `--serve`).
 *
 * @example
 * const server = startChildRole(SELF, ['--serve'], { ...process.env, NODE_ENV: 'production' });
 * const port = Number(await server.firstLine());
 */
export function startChildRole(script: string, args: string[], env: NodeJS.ProcessEnv): ChildRole {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Whatever happens to the script, its server and load do not outlive it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('close', () => process.off('exit', killChild));
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  const output = new Promise<string>((resolve, reject) =>
    child.on('close', (code, signal) => (code === 0 || signal === 'SIGTERM' ? resolve(stdout) : reject(new Error(`${args[0]} exited ${code ?? signal}:\n${stderr}`)))),
  );
  const firstLine = () =>
    new Promise<string>((resolve, reject) => {
      const giveUp = setTimeout(() => reject(new Error(`${args[0]} printed nothing within ${START_TIMEOUT_MS} ms:\n${stderr}`)), START_TIMEOUT_MS);
      const check = () => {
        if (!stdout.includes('\n')) return;
        clearTimeout(giveUp);
        resolve(stdout.slice(0, stdout.indexOf('\n')));
      };
      child.stdout.on('data', check);
      check();
      output.catch((error: Error) => {
        clearTimeout(giveUp);
        reject(error);
      });
    });
  return { child, firstLine, output };
}

/** One timed request: its status (or why it has none), and how long it took to its last byte. */
export interface TimedRequest {
  status: number | 'timeout' | 'error';
  ms: number;
  /** When it was sent, in ms since `since` (performance.now()). */
  at: number;
  /** The answer's headers, when there was one. */
  headers?: http.IncomingHttpHeaders;
}

/** One request on a new connection, read to its last byte, given up after `timeoutMs`. */
export function timedRequest(
  port: number,
  request: { method?: string; path: string; headers: Record<string, string>; body?: string | Buffer },
  options: { timeoutMs: number; since?: number },
): Promise<TimedRequest> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: TimedRequest['status'], headers?: http.IncomingHttpHeaders) =>
      resolve({ status, ms: performance.now() - started, at: started - (options.since ?? started), ...(headers ? { headers } : {}) });
    const outgoing = http.request(
      { host: '127.0.0.1', port, method: request.method ?? 'GET', path: request.path, headers: request.headers, agent: false, timeout: options.timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode ?? 0, response.headers));
        response.on('error', () => done('error'));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      done('timeout');
    });
    outgoing.on('error', () => done('error'));
    outgoing.end(request.body);
  });
}

/** The p-th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A running benchmark server: its child role and the ports its first line named. */
export interface BenchServer {
  role: ChildRole;
  port: number;
  /** The operations port; 0 when the ops listener is off. */
  opsPort: number;
}

/**
 * Runs `script --serve` (see serve-role.ts) as a production server on loopback (SQLite in a fresh
 * folder, a random session key, the loopback proxy trusted so a request may name its client
 * address), hands it to `run`, then stops it and removes its folder.
 *
 * @example
 * await withProductionServer(SELF, 'sign-in', {}, async ({ port }) => timedRequest(port, { path: '/', headers: { host: 'ac.localhost' } }, { timeoutMs: 30_000 }));
 */
export async function withProductionServer<T>(script: string, label: string, extraEnv: NodeJS.ProcessEnv, run: (server: BenchServer) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cobrand-bench-${label}-`));
  const role = startChildRole(script, ['--serve'], {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SESSION_KEY: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'loopback',
    ...extraEnv,
  });
  try {
    const [port = Number.NaN, opsPort = 0] = (await role.firstLine()).split(' ').map(Number);
    return await run({ role, port, opsPort });
  } finally {
    role.child.kill('SIGTERM');
    await role.output.catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
