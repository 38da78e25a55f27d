/**
 * Running `cobrand` in tests. Almost every test runs the whole program in-process
 * ({@link cobrandInProcess}: runCli with captured streams, an environment of the test's own and an
 * exit code kept in the io), which costs milliseconds; a child process ({@link runNodeScript} on
 * {@link COBRAND_BIN}) costs about 0.3 s compiled and 2 s through tsx, and is kept for what needs a
 * real process: the bin itself, a closed pipe, signals, process exit codes.
 */
import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { buildCliIfStale } from '../../build-cli.ts';
import { createIo, type CliIo, type CliIoParts } from '../../cli/cli-io.ts';
import { runCli } from '../../cli/index.ts';

/** The package bin, as `npx cobrand` runs it. */
export const COBRAND_BIN = fileURLToPath(new URL('../../cli/bin.js', import.meta.url));

/** How a CLI run ended. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node {file} ...args` as a child process in `cwd` and resolves with its exit code and
 * output (never rejects: a failing command is what many tests expect). `env` replaces the
 * environment when given; `stdin` is fed and closed.
 */
export function runNodeScript(file: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; stdin?: string }): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [file, ...args], { cwd: options.cwd, ...(options.env ? { env: options.env } : {}) }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    child.stdin?.end(options.stdin ?? '');
  });
}

/**
 * Compiles the CLI into dist/cli unless it is fresh, so child processes of the bin run the
 * compiled bundle (as `npx cobrand` does after `npm ci`) instead of falling back to tsx.
 */
export async function ensureCliBuilt(): Promise<void> {
  await buildCliIfStale();
}

/**
 * `stderr` without the bin's note that it fell back to tsx: a source edited while the suite runs
 * makes the compiled CLI stale, and the bin then says so before running the same commands.
 */
export function withoutFallbackNote(stderr: string): string {
  return stderr.replace(/^cobrand: .*running the TypeScript sources with tsx.*\n/m, '');
}

/** A stream that keeps what is written to it, emitting `written` after each write; `isTTY` plays a terminal. */
export class Capture extends Writable {
  text = '';
  constructor(
    readonly isTTY = false,
    readonly columns?: number,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.text += chunk.toString();
    done();
    // What tests wait on (whenEmitted), instead of polling `text`.
    this.emit('written');
  }
}

/** Stdout of `... | head -1`: takes `writes` writes, then fails like a closed pipe (EPIPE). */
export class ClosingPipe extends Capture {
  private taken = 0;
  constructor(private readonly writes = 1) {
    super();
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.taken >= this.writes) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    this.taken++;
    super._write(chunk, encoding, done);
  }
}

/** The environment in-process runs get unless a test adds to it: nothing of this process's. */
export const BASE_TEST_ENV: NodeJS.ProcessEnv = { NODE_ENV: 'test', LOG_LEVEL: 'silent' };

/** How to run one in-process command. */
export interface InProcessOptions extends Partial<Omit<CliIoParts, 'stdout' | 'stderr' | 'env' | 'readStdin' | 'interruption'>> {
  /** Added to {@link BASE_TEST_ENV}; process.env is never read. */
  env?: NodeJS.ProcessEnv;
  /** Standard input (`lead map -`). */
  stdin?: string;
  /** Defaults to a fresh, non-TTY {@link Capture}. */
  stdout?: Capture;
  stderrIsTTY?: boolean;
  /** Ctrl-C: the command stops when it aborts. */
  interruption?: AbortSignal;
}

/** How an in-process run ended; `thrown` is an error that would have crashed the CLI (code -1). */
export interface InProcessRun extends CliRun {
  thrown?: unknown;
}

/** An io for one in-process run, and its captured streams. */
export function testIo(options: InProcessOptions = {}): { io: CliIo; stdout: Capture; stderr: Capture } {
  const { env, stdin, stdout = new Capture(), stderrIsTTY = false, interruption, ...parts } = options;
  const stderr = new Capture(stderrIsTTY, stderrIsTTY ? 80 : undefined);
  const io = createIo({
    ...parts,
    stdout,
    stderr,
    env: { ...BASE_TEST_ENV, ...env },
    readStdin: async () => stdin ?? '',
    ...(interruption === undefined ? {} : { interruption: () => interruption }),
  });
  return { io, stdout, stderr };
}

/**
 * `cobrand ...args` in-process, ending as the bin would: the exit code runCli resolves with, and
 * an error that would have crashed the process handed back (code -1) with what was printed by then.
 */
export async function cobrandInProcess(args: readonly string[], options: InProcessOptions = {}): Promise<InProcessRun> {
  const { io, stdout, stderr } = testIo(options);
  try {
    const code = await runCli([process.execPath, 'cobrand', ...args], io);
    return { code, stdout: stdout.text, stderr: stderr.text };
  } catch (error) {
    return { code: -1, stdout: stdout.text, stderr: `${stderr.text}${error instanceof Error ? error.stack : String(error)}`, thrown: error };
  }
}
