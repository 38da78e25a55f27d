/**
 * What a command touches outside itself: its output streams, standard input, the environment,
 * the store, who runs it, Ctrl-C and its exit code. Every command takes these as one object and
 * never reaches for `console`, `process.env` or `process.exitCode` itself, so tests run the whole
 * program in-process (runCli with an io of captured streams) instead of paying a child process per
 * call; the real CLI uses {@link processIo}.
 *
 * This module is loaded by every command, `--help` included: the store and the configuration are
 * imported only when a command opens the store.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { Writable } from 'node:stream';
import type { Store } from '../src/server/platform/store/index.ts';
import { EXIT_CODES } from './exit-codes.ts';

/** An output stream; `isTTY` tells a person watching from a pipe, `columns` their terminal's width. */
export type CliOutput = Writable & { isTTY?: boolean; columns?: number | undefined };

/** How long `events tail --follow` waits between two looks at the store, unless the io says otherwise. */
export const FOLLOW_INTERVAL_MS = 1000;

/** A command's surroundings. */
export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** The environment the command reads its configuration from (DATA_DIR, DATABASE_URL, MEDIAALPHA_*, ...). */
  readonly env: NodeJS.ProcessEnv;
  /** All of standard input, as text (`lead map -`). */
  readStdin(): Promise<string>;
  /** Asks a question on the terminal without echoing the answer (a password); undefined when there is no terminal. */
  promptSecret(question: string): Promise<string | undefined>;
  /**
   * Opens the store the command works on; when it cannot (bad environment, no store yet), says
   * why on stderr, sets the exit code and resolves undefined.
   */
  openStore(): Promise<Store | undefined>;
  /** Who is running the command, for the lead access log. */
  actor(): string;
  setExitCode(code: number): void;
  /** The exit code set so far (0 until a command sets another). */
  readonly exitCode: number;
  /** Aborted when the operator asks a long-running command to stop (Ctrl-C, SIGTERM). */
  interruption(): AbortSignal;
  /** How long `events tail --follow` waits between two looks at the store. */
  readonly followIntervalMs: number;
}

/** What {@link createIo} needs; everything but the streams and the environment has a default. */
export interface CliIoParts {
  stdout: CliOutput;
  stderr: CliOutput;
  env: NodeJS.ProcessEnv;
  readStdin?: () => Promise<string>;
  promptSecret?: (question: string) => Promise<string | undefined>;
  openStore?: (io: CliIo) => Promise<Store | undefined>;
  actor?: () => string;
  /** Called with every exit code a command sets (processIo copies it to process.exitCode). */
  onExitCode?: (code: number) => void;
  interruption?: () => AbortSignal;
  followIntervalMs?: number;
}

/** The operator's OS user name: $USER when the passwd entry is missing (some containers), else 'unknown'. */
export function operatorName(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return os.userInfo().username;
  } catch {
    return env.USER || env.LOGNAME || 'unknown';
  }
}

/**
 * The store `io.env` names (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL): a bad environment
 * is a usage error naming the variable, and a SQLite data folder holding no store yet is
 * reported without creating anything there.
 */
export async function openEnvironmentStore(io: Pick<CliIo, 'env' | 'stderr' | 'setExitCode'>): Promise<Store | undefined> {
  const config = await loadEnvironmentConfig(io);
  if (config === undefined) return undefined;
  const [{ existsSync }, path, { SQLITE_FILE_NAME }, { openConfiguredStore }] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('../src/server/platform/store/sqlite.ts'),
    import('../src/server/platform/store/configured-store.ts'),
  ]);
  const { DATA_DIR, DATABASE_URL } = config.vars;
  const dataDir = path.resolve(DATA_DIR);
  if (DATABASE_URL === undefined && !existsSync(path.join(dataDir, SQLITE_FILE_NAME))) {
    io.stderr.write(`no store in ${dataDir} (no ${SQLITE_FILE_NAME}); set DATA_DIR to the server's data folder, or DATABASE_URL\n`);
    io.setExitCode(EXIT_CODES.problems);
    return undefined;
  }
  return openConfiguredStore(config.vars);
}

/** The configuration `io.env` gives; a bad one is reported naming every bad variable (usage error) and resolves undefined. */
export async function loadEnvironmentConfig(io: Pick<CliIo, 'env' | 'stderr' | 'setExitCode'>): Promise<import('../src/server/platform/config/config.ts').Config | undefined> {
  const { ConfigError, loadConfig } = await import('../src/server/platform/config/config.ts');
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    io.setExitCode(EXIT_CODES.usage);
    return undefined;
  }
}

/** An io from its parts; the exit code is kept here (and handed to `onExitCode`). */
export function createIo(parts: CliIoParts): CliIo {
  let exitCode: number = EXIT_CODES.ok;
  let interruption: AbortSignal | undefined;
  const io: CliIo = {
    stdout: parts.stdout,
    stderr: parts.stderr,
    env: parts.env,
    readStdin: parts.readStdin ?? (() => Promise.resolve('')),
    promptSecret: parts.promptSecret ?? (() => Promise.resolve(undefined)),
    openStore: () => (parts.openStore ?? openEnvironmentStore)(io),
    actor: parts.actor ?? (() => operatorName(parts.env)),
    setExitCode(code) {
      exitCode = code;
      parts.onExitCode?.(code);
    },
    get exitCode() {
      return exitCode;
    },
    interruption: () => (interruption ??= parts.interruption?.() ?? new AbortController().signal),
    followIntervalMs: parts.followIntervalMs ?? FOLLOW_INTERVAL_MS,
  };
  return io;
}

/**
 * Aborted on the first SIGINT or SIGTERM; the handlers go away with it, so a second Ctrl-C kills
 * a command that is slow to stop. Installed only when a command asks (sandbox, --follow).
 */
function processInterruption(): AbortSignal {
  const controller = new AbortController();
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}

/** The real surroundings: this process's streams, environment and signals, the environment's store, the OS user. */
export function processIo(): CliIo {
  return createIo({
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    // fd 0 read whole, as `cat` would; only `lead map -` asks.
    readStdin: async () => readFileSync(0, 'utf8'),
    promptSecret: promptSecretOnTerminal,
    onExitCode: (code) => {
      process.exitCode = code;
    },
    interruption: processInterruption,
  });
}

/**
 * Asks `question` on the terminal and reads one line with echo off (the terminal's raw mode, each
 * key read as it comes); undefined when standard input is not a terminal. Ctrl-C ends the line
 * unanswered.
 */
async function promptSecretOnTerminal(question: string): Promise<string | undefined> {
  const input = process.stdin;
  if (!input.isTTY) return undefined;
  process.stderr.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  try {
    return await new Promise<string | undefined>((resolve) => {
      let answer = '';
      const onData = (chunk: string) => {
        for (const character of chunk) {
          if (character === '\r' || character === '\n') return finish(answer);
          if (character === '\u0003') return finish(undefined);
          if (character === '\u007f' || character === '\b') answer = answer.slice(0, -1);
          else answer += character;
        }
      };
      const finish = (value: string | undefined) => {
        input.off('data', onData);
        resolve(value);
      };
      input.on('data', onData);
    });
  } finally {
    input.setRawMode(false);
    input.pause();
    process.stderr.write('\n');
  }
}

/** Runs `work` on the store `io` opens, then closes it; does nothing when none could be opened. */
export async function withStore(io: CliIo, work: (store: Store) => Promise<void>): Promise<void> {
  const store = await io.openStore();
  if (store === undefined) return;
  try {
    await work(store);
  } finally {
    await store.close();
  }
}

/** Thrown by {@link write} when the reader has gone away (`| head` closed the pipe). */
export class OutputClosedError extends Error {
  /** The cause's code (EPIPE, ERR_STREAM_DESTROYED, ...), else EPIPE. */
  readonly code: string;
  constructor(cause?: unknown) {
    super('the output was closed', cause === undefined ? undefined : { cause });
    this.name = 'OutputClosedError';
    const code = (cause as { code?: unknown } | undefined)?.code;
    this.code = typeof code === 'string' ? code : 'EPIPE';
  }
}

/** True for the errors a write to a closed pipe or a destroyed stream ends with. */
export function isOutputClosed(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof OutputClosedError || code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ERR_STREAM_WRITE_AFTER_END';
}

/**
 * Writes `text`, waiting for the stream to drain when it is full, so a large export never piles
 * up in memory. Rejects with {@link OutputClosedError} when the stream is closed or fails
 * (a reader that stopped early) instead of waiting for a drain that never comes.
 */
export async function write(out: CliOutput, text: string): Promise<void> {
  if (out.destroyed || out.writableEnded) throw new OutputClosedError();
  if (out.write(text)) return;
  if (out.destroyed) throw new OutputClosedError();
  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
      if (error === undefined) resolve();
      else reject(isOutputClosed(error) ? new OutputClosedError(error) : error);
    };
    const onDrain = () => settle();
    const onClose = () => settle(new OutputClosedError());
    const onError = (error: Error) => settle(error);
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

/** Writes `lines`, each ending with a newline (console.log for an io). */
export function print(out: CliOutput, ...lines: string[]): void {
  out.write(lines.map((line) => `${line}\n`).join(''));
}
