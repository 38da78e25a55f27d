/**
 * Progress of long work on stderr (`leads export`, `demand-check replay`). A person at a terminal
 * (stderr is a TTY) sees one line redrawn in place: a bar when the total is known, a count when
 * not. Anything else (a log file, a pipe, CI) gets plain lines, at most one every
 * {@link PLAIN_EVERY_MS}, so quick work prints none and slow work still shows it is alive; no
 * carriage returns or escape codes end up in a log. Stdout is never touched: it holds the data.
 */
import type { CliOutput } from './cli-io.ts';

/** Shortest time between two redraws of the TTY line. */
export const REDRAW_EVERY_MS = 100;

/** Shortest time between two plain progress lines (not a TTY). */
export const PLAIN_EVERY_MS = 10_000;

/** Width of the bar, in characters, between its brackets. */
const BAR_WIDTH = 24;

/** Erases the line the cursor is on and returns to its start. */
const CLEAR_LINE = '\r\x1b[K';

export interface ProgressOptions {
  /** What is being done, e.g. 'replaying'. */
  label: string;
  /** What is counted, plural, e.g. 'exchanges'. */
  unit: string;
  /** How many there will be, when known: a bar and a percentage. */
  total?: number;
  /** Whether a person is watching; default: the stream's own isTTY. */
  tty?: boolean;
  /** The clock; tests pass their own. */
  now?: () => number;
}

/** Progress of one piece of work. */
export interface Progress {
  /** `done` items are finished (a running count, not an increment). */
  update(done: number): void;
  /** Erases the progress line, then writes `summary` (when given) as a line of its own. */
  finish(summary?: string): void;
}

/** The progress line for `done` items, fitted to `columns` when known. */
export function progressLine(options: Pick<ProgressOptions, 'label' | 'unit' | 'total'>, done: number, columns?: number): string {
  const { label, unit, total } = options;
  let line: string;
  if (total === undefined || total <= 0) {
    line = `${label} ${done} ${unit}…`;
  } else {
    const ratio = Math.min(1, done / total);
    const filled = Math.round(ratio * BAR_WIDTH);
    const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
    line = `${label} [${bar}] ${done}/${total} ${unit} ${Math.floor(ratio * 100)}%`;
  }
  // A line wider than the terminal wraps, and \r would then redraw only its last row.
  return columns !== undefined && columns > 1 && line.length >= columns ? `${line.slice(0, columns - 2)}…` : line;
}

/** Starts reporting progress on `out` (stderr). */
export function startProgress(out: CliOutput, options: ProgressOptions): Progress {
  const tty = options.tty ?? out.isTTY === true;
  const now = options.now ?? Date.now;
  const startedAt = now();
  let lastShownAt: number | undefined;
  let drawn = false;
  return {
    update(done) {
      const at = now();
      if (tty) {
        const last = done === options.total;
        if (lastShownAt !== undefined && at - lastShownAt < REDRAW_EVERY_MS && !last) return;
        out.write(`\r${progressLine(options, done, out.columns)}`);
        drawn = true;
      } else {
        if (at - (lastShownAt ?? startedAt) < PLAIN_EVERY_MS) return;
        out.write(`${progressLine(options, done)}\n`);
      }
      lastShownAt = at;
    },
    finish(summary) {
      const clear = drawn ? CLEAR_LINE : '';
      if (clear !== '' || summary !== undefined) out.write(`${clear}${summary === undefined ? '' : `${summary}\n`}`);
      drawn = false;
    },
  };
}
