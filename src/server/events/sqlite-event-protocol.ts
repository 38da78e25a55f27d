/** What the main thread (sqlite-event-thread.ts) and the SQLite events thread (sqlite-event-worker.ts) say to each other. */

/** The thread's start-up data. */
export interface EventThreadData {
  /** The database file (already created and in WAL mode). */
  file: string;
}

/** Main → thread: write one batch and answer with its id, or close the connection and end. */
export type EventThreadRequest = { kind: 'write'; id: number; count: number; bound: unknown[] } | { kind: 'close' };

/** Thread → main: the ids a batch stored new, once its COMMIT returned; or why it failed (rolled back). */
export type EventThreadAnswer = { id: number; written: string[] } | { id: number; error: string };
