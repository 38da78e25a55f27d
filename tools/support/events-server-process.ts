/**
 * Runs a server script (events-server.ts, events-empty-server.ts) as a child process and waits
 * for the port it prints; shared by the events crash test and the events benchmark.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The real app, on a store given as StoreOptions JSON. */
export const EVENTS_SERVER = fileURLToPath(new URL('./events-server.ts', import.meta.url));

/** A bare Fastify route answering like the event intake, storing nothing. */
export const EMPTY_EVENTS_SERVER = fileURLToPath(new URL('./events-empty-server.ts', import.meta.url));

/** How the child ended: its signal (null on a normal exit) and everything it wrote to stderr. */
export interface ServerExit {
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** A listening server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Resolves when the process has ended. */
  exited: Promise<ServerExit>;
}

/**
 * Where compiled fixtures go: two levels below the repository root, like src/server/, so code that
 * finds the root from its own address (app.ts: `../..`) finds the same root from the bundle.
 */
const COMPILED_DIR = path.join(REPO_ROOT, 'dist', 'fixtures');
let compiledCount = 0;

/**
 * Compiles a TypeScript server script to one JavaScript file (our code bundled, packages left to
 * node_modules). Starting it then costs a plain `node` start, not tsx transpiling the whole
 * server on every start: under load that took longer than any fixed wait, which is why the crash
 * test used to flake with "printed no port".
 */
export async function compileServerScript(script: string): Promise<string> {
  // One file per start: test files compiling the same fixture at once never share an output.
  const outfile = path.join(COMPILED_DIR, `${path.basename(script, '.ts')}-${process.pid}-${++compiledCount}.mjs`);
  await build({ entryPoints: [script], outfile, bundle: true, platform: 'node', format: 'esm', packages: 'external', jsx: 'automatic', target: 'node20', logLevel: 'error' });
  return outfile;
}

/**
 * Compiles `script`, starts it with `node` from the repository root, and resolves with its port
 * once it printed one; rejects if it exits first, or (a backstop against a hung child, not a
 * measure of start-up time) after `timeoutMs`.
 */
export async function startServerProcess(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ServerProcess> {
  const compiled = await compileServerScript(script);
  const child = spawn(process.execPath, [compiled, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<ServerExit>((resolve) =>
    child.on('close', (_code, signal) => {
      rmSync(compiled, { force: true });
      resolve({ signal, stderr });
    }),
  );
  return new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} printed no port within ${timeoutMs} ms; stderr:\n${stderr}`));
    }, timeoutMs);
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const newline = output.indexOf('\n');
      if (newline === -1) return;
      clearTimeout(giveUp);
      resolve({ child, port: Number(output.slice(0, newline)), exited });
    });
    // Rejecting after resolve is a no-op, so this only reports an exit before listening.
    void exited.then((exit) => {
      clearTimeout(giveUp);
      reject(new Error(`${script} exited before listening; stderr:\n${exit.stderr}`));
    });
  });
}
