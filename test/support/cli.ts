import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

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
