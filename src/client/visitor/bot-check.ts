/**
 * The browser bot check (spec §4 "Bot check", §8 "Bot-check failure: swallowed") with
 * @fingerprintjs/botd, loaded as its own chunk so visitors do not wait for it.
 */
import type { BotCheckResult } from './user-state.ts';

/** The part of the botd module the check uses. */
export interface BotdModule {
  load(options?: { monitoring?: boolean }): Promise<{ detect(): { bot: false } | { bot: true; botKind: string } }>;
}

/**
 * Runs the check: loads botd with `loadBotd` (a dynamic import), collects and detects. Monitoring
 * is off: otherwise botd sometimes reports installs to its CDN, a third-party call nobody asked
 * for. Resolves to the detected bot kind or null for a person; to undefined when anything failed.
 */
export async function runBotCheck(loadBotd: () => Promise<BotdModule>): Promise<BotCheckResult | undefined> {
  try {
    const botd = await loadBotd();
    const detector = await botd.load({ monitoring: false });
    const result = detector.detect();
    return { bot: result.bot ? result.botKind : null };
  } catch {
    return undefined;
  }
}
