/**
 * Event ingest's SQLite writer on a thread of its own.
 *
 * better-sqlite3 is synchronous: on the main connection, each group commit's COMMIT fsync
 * (synchronous=FULL, about 7 ms here) stopped the event loop, so no request was read while it
 * ran and one-event requests capped near 6,500/s. Here a worker thread (sqlite-event-worker.ts)
 * owns a second connection and does the multi-row prepared INSERTs and the COMMIT; the main
 * thread only posts each batch's values and resolves its promise when the thread says the COMMIT
 * returned, so every acknowledgement still follows its commit, and a kill -9 loses nothing that
 * was acknowledged.
 *
 * The thread starts on the first write, so the CLI, which opens the store but stores no events,
 * never starts it. It keeps the process alive only while a batch is in flight. If it dies, the
 * batch in flight fails (its requests are answered with an error, nothing acknowledged) and the
 * next write starts a new thread.
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startWorkerThread } from '../platform/worker-thread.ts';
import { eventValues, type EventWriter } from './event-writer.ts';
import type { EventThreadAnswer, EventThreadData, EventThreadRequest } from './sqlite-event-protocol.ts';

interface Pending {
  resolve(written: Set<string>): void;
  reject(error: Error): void;
}

/** The writer for the SQLite database `file` (created, migrated and in WAL mode before the first write). */
export function sqliteEventThread(file: string): EventWriter {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function failAll(error: Error): void {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  }

  function start(): Worker {
    const started = startWorkerThread('src/server/events/sqlite-event-worker.ts', { file } satisfies EventThreadData);
    started.on('message', (answer: EventThreadAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if (pending.size === 0) started.unref();
      if ('error' in answer) waiting.reject(new Error(`SQLite event write failed: ${answer.error}`));
      else waiting.resolve(new Set(answer.written));
    });
    started.on('error', (error) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`SQLite events thread failed: ${error.message}`, { cause: error }));
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`SQLite events thread exited (code ${code}) before answering`));
    });
    return started;
  }

  return {
    write(rows) {
      if (rows.length === 0) return Promise.resolve(new Set());
      const thread = (worker ??= start());
      const id = nextId++;
      if (pending.size === 0) thread.ref();
      const written = new Promise<Set<string>>((resolve, reject) => pending.set(id, { resolve, reject }));
      thread.postMessage({ kind: 'write', id, count: rows.length, bound: eventValues(rows, 0, rows.length) } satisfies EventThreadRequest);
      return written;
    },
    async close() {
      const closing = worker;
      if (!closing) return;
      worker = undefined;
      closing.ref();
      // The thread answers every batch posted before this, then closes its connection and ends.
      closing.postMessage({ kind: 'close' } satisfies EventThreadRequest);
      await once(closing, 'exit').catch(() => undefined);
    },
  };
}
