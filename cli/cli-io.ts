/**
 * What a command touches outside itself: its output streams, the store, who runs it and its
 * exit code. `cobrand leads` takes these as one object so its tests run it in-process against a
 * store of their own (SQLite and PostgreSQL) instead of paying ~2 s per child process; the
 * real CLI uses {@link processIo}.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openConfiguredStore } from '../src/server/configured-store.ts';
import { SQLITE_FILE_NAME, type Store } from '../src/server/store/index.ts';
import { EXIT_CODES } from './exit-codes.ts';

/** An output stream; `isTTY` tells a person watching from a pipe. */
export type CliOutput = Writable & { isTTY?: boolean };

/** A command's surroundings. */
export interface CliIo {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /**
   * Opens the store the command works on; when it cannot (bad environment, no store yet), says
   * why on stderr, sets the exit code and resolves undefined.
   */
  openStore(): Promise<Store | undefined>;
  /** Who is running the command, for the lead access log. */
  actor(): string;
  setExitCode(code: number): void;
}

/** The operator's OS user name: $USER when the passwd entry is missing (some containers), else 'unknown'. */
export function operatorName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || process.env.LOGNAME || 'unknown';
  }
}

/**
 * The store the environment names (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL), as
 * `cobrand events` opens it: a bad environment is a usage error naming the variable, and a
 * SQLite data folder holding no store yet is reported without creating anything there.
 */
async function openEnvironmentStore(io: Pick<CliIo, 'stderr' | 'setExitCode'>): Promise<Store | undefined> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    io.setExitCode(EXIT_CODES.usage);
    return undefined;
  }
  const { DATA_DIR, DATABASE_URL } = config.vars;
  const dataDir = path.resolve(DATA_DIR);
  if (DATABASE_URL === undefined && !existsSync(path.join(dataDir, SQLITE_FILE_NAME))) {
    io.stderr.write(`no store in ${dataDir} (no ${SQLITE_FILE_NAME}); set DATA_DIR to the server's data folder, or DATABASE_URL\n`);
    io.setExitCode(EXIT_CODES.problems);
    return undefined;
  }
  return openConfiguredStore(config.vars);
}

/** The real surroundings: this process's streams, the environment's store, the OS user. */
export function processIo(): CliIo {
  const io: CliIo = {
    stdout: process.stdout,
    stderr: process.stderr,
    openStore: () => openEnvironmentStore(io),
    actor: operatorName,
    setExitCode: (code) => {
      process.exitCode = code;
    },
  };
  return io;
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

/** Writes `text`, waiting for the stream to drain when it is full, so a large export never piles up in memory. */
export async function write(out: CliOutput, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}
