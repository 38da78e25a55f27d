/**
 * What every page reads from the store (live content, whether a brand has articles, running
 * experiments), kept in this process and checked against one counter per request: reading them
 * from the store took two Kysely queries per page answer, about 10% of a cached answer's CPU.
 *
 * The counter is the content epoch: one row that database triggers bump on every change of
 * content_live or experiments (migration 0011_content_epoch), whichever process, CLI or hand edit
 * made it. A request reads the epoch once ({@link ContentEpochStore.contentEpoch}, a primary-key
 * read of a precompiled query) and asks the `…At(epoch, …)` readers, which answer from memory what
 * was read at that epoch and read the store otherwise. So a publish on any process is seen by the
 * next request on every process, as when every request read the store: publishing makes content
 * live on the next request on every server process.
 *
 * Why it cannot serve stale content: a request reads the epoch before the content, and the
 * trigger bumps the epoch in the same transaction as the change. A content read that follows an
 * epoch read sees at least that epoch's content, so nothing older is ever kept under a newer
 * epoch; content kept under an older epoch is dropped as soon as any request reads the newer one.
 * A reader holding an older epoch than the newest seen reads the store and keeps nothing.
 */
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ContentKind, ContentStore } from './content-store.ts';
import type { ExperimentStore } from '../experiments/experiment-store.ts';
import type { Database } from '../platform/store/schema.ts';

/** The epoch-checked readers of what pages read on every request. */
export interface ContentEpochStore {
  /** The current content epoch: read from the store on every call (a request calls it once). */
  contentEpoch(): Promise<number>;
  /** {@link ContentStore.getLiveContent} as of `epoch` (from {@link contentEpoch}); the answer is shared: never change it. */
  liveContentAt(epoch: number, kind: ContentKind, branch: string, itemKey: string): ReturnType<ContentStore['getLiveContent']>;
  /** {@link ContentStore.hasLiveContent} as of `epoch`. */
  hasLiveContentAt(epoch: number, kind: ContentKind, branch: string): Promise<boolean>;
  /** {@link ExperimentStore.runningExperiments} as of `epoch`; the answer is shared: never change it. */
  runningExperimentsAt(epoch: number, branch: string): ReturnType<ExperimentStore['runningExperiments']>;
}

/**
 * How many answers are kept. Far more than every brand's pages and articles; the bound is for
 * article paths, whose slug comes from the address, so anyone can ask for new ones.
 */
export const KEPT_ANSWERS = 10_000;

/** Freezes `value` and everything in it: kept answers are shared by every later request. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Builds the epoch readers over the content and experiment queries of the same database. */
export function createContentEpochQueries(db: Kysely<Database>, assertOpen: () => void, reads: Pick<ContentStore, 'getLiveContent' | 'hasLiveContent'> & Pick<ExperimentStore, 'runningExperiments'>): ContentEpochStore {
  // Compiled once: a request pays for running it, not for building it.
  const epochQuery = db.selectFrom('content_epoch').select('value').where('id', '=', 1).compile();
  /** The newest epoch seen, and what was read at it, by a key of the reader and its arguments. */
  let current = -1;
  const kept = new LRUCache<string, Promise<unknown>>({ max: KEPT_ANSWERS });

  /** `read()` at `epoch`: from memory when it was read at this epoch, else from the store (kept when `epoch` is the newest seen). */
  function at<T>(epoch: number, key: string, read: () => Promise<T>): Promise<T> {
    if (epoch > current) {
      current = epoch;
      kept.clear();
    }
    if (epoch < current) return read();
    let answer = kept.get(key) as Promise<T> | undefined;
    if (answer === undefined) {
      answer = read().then(deepFreeze);
      kept.set(key, answer);
      // A failed read is not kept: the next request tries the store again.
      answer.catch(() => kept.get(key) === answer && kept.delete(key));
    }
    return answer;
  }

  return {
    async contentEpoch() {
      assertOpen();
      const { rows } = await db.executeQuery(epochQuery);
      // PostgreSQL's integer is a number already; the row is there from the migration on.
      return Number(rows[0]?.value ?? 0);
    },
    liveContentAt: (epoch, kind, branch, itemKey) => at(epoch, JSON.stringify(['live', kind, branch, itemKey]), () => reads.getLiveContent(kind, branch, itemKey)),
    hasLiveContentAt: (epoch, kind, branch) => at(epoch, JSON.stringify(['has', kind, branch]), () => reads.hasLiveContent(kind, branch)),
    runningExperimentsAt: (epoch, branch) => at(epoch, JSON.stringify(['running', branch]), () => reads.runningExperiments(branch)),
  };
}
