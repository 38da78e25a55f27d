/**
 * Group commit: many concurrent writers share one transaction, and each is answered only
 * after that transaction has committed.
 *
 * Durability costs one fsync per commit, not per write. Instead of choosing between "ack
 * before commit" (fast, loses writes) and "one commit per request" (durable, slow), writers
 * queue up and the queue is committed in batches:
 * - the first write schedules a flush with `setImmediate`, i.e. at the end of the current
 *   event-loop turn, after every request parsed in the same I/O phase has also queued. There
 *   is no timer: a lone write is never held back waiting for company;
 * - while a batch is committing, new writes queue; when it finishes, everything queued goes
 *   in the next batch at once (up to `maxBatch` items per transaction);
 * - a caller's promise resolves after its batch's commit returned, and rejects if it failed.
 */

/** Counters for observing batching, e.g. in tests and benchmarks. */
export interface GroupCommitStats {
  /** Batches whose commit succeeded. */
  commits: number;
  /** Items acknowledged by those commits. */
  items: number;
}

/**
 * Upper bounds of the batch-size buckets {@link GroupCommit.batchSizes} counts (items per
 * committed transaction), for a histogram such as /metrics shows.
 */
export const BATCH_SIZE_BUCKETS: readonly number[] = Object.freeze([1, 2, 5, 10, 20, 50, 100, 200, 500]);

/** The queue returned by {@link createGroupCommit}. */
export interface GroupCommit<Item, Result> {
  /** Queues `item`; resolves with its result once the batch holding it has committed. */
  enqueue(item: Item): Promise<Result>;
  /** Resolves once every item queued so far has been committed (or rejected). */
  drain(): Promise<void>;
  /** Counters since creation. */
  stats(): GroupCommitStats;
  /**
   * Committed batches by size since creation: element i counts batches of at most
   * BATCH_SIZE_BUCKETS[i] items (and more than the previous bound); the last, larger ones.
   */
  batchSizes(): number[];
}

/** Options for {@link createGroupCommit}. */
export interface GroupCommitOptions<Item, Result> {
  /**
   * Writes `items` in ONE transaction and returns one result per item, in order. It must
   * resolve only after the transaction committed, and throw if it did not.
   */
  commit: (items: readonly Item[]) => Promise<readonly Result[]>;
  /** Most items per transaction, bounding statement size and lock time. */
  maxBatch: number;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/** Creates a group-commit queue around a batch `commit` function. */
export function createGroupCommit<Item, Result>(options: GroupCommitOptions<Item, Result>): GroupCommit<Item, Result> {
  const { commit, maxBatch } = options;
  if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new RangeError(`maxBatch must be a positive integer, got ${maxBatch}`);
  const waiting: Waiting<Item, Result>[] = [];
  const idleListeners: (() => void)[] = [];
  const stats: GroupCommitStats = { commits: 0, items: 0 };
  const batchSizes = new Array<number>(BATCH_SIZE_BUCKETS.length + 1).fill(0);
  // True from the moment a flush is scheduled until the queue is empty again; while true,
  // new items are picked up by the running loop instead of scheduling another.
  let flushing = false;

  async function flush(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      try {
        const results = await commit(batch.map((entry) => entry.item));
        if (results.length !== batch.length) {
          throw new Error(`group commit returned ${results.length} results for ${batch.length} items`);
        }
        stats.commits += 1;
        stats.items += batch.length;
        const bucket = BATCH_SIZE_BUCKETS.findIndex((bound) => batch.length <= bound);
        const slot = bucket === -1 ? BATCH_SIZE_BUCKETS.length : bucket;
        batchSizes[slot] = (batchSizes[slot] ?? 0) + 1;
        batch.forEach((entry, index) => entry.resolve(results[index] as Result));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    // Cleared in the same synchronous step that saw the queue empty, so an item queued
    // afterwards always schedules a new flush.
    flushing = false;
    for (const listener of idleListeners.splice(0)) listener();
  }

  return {
    enqueue(item) {
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (!flushing) {
          flushing = true;
          setImmediate(() => void flush());
        }
      });
    },
    drain() {
      return flushing ? new Promise<void>((resolve) => idleListeners.push(resolve)) : Promise.resolve();
    },
    stats() {
      return { ...stats };
    },
    batchSizes() {
      return [...batchSizes];
    },
  };
}
