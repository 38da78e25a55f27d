/** Exit codes of every `cobrand` command: scripts and CI branch on them, so they are fixed. */
export const EXIT_CODES = {
  /** The command did what was asked and found nothing wrong. */
  ok: 0,
  /** The command ran and found problems (e.g. `routes validate`). */
  problems: 1,
  /** The command line itself was wrong: unknown command or option, bad option value. */
  usage: 2,
} as const;
