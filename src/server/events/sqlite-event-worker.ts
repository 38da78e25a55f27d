/**
 * The SQLite events thread (sqlite-event-thread.ts starts it): it owns a write connection of its
 * own to the store's file and writes each batch group commit hands it in one transaction,
 * answering only after COMMIT (synchronous=FULL) returned. The fsync of that COMMIT, about 7 ms
 * on this machine, then blocks this thread instead of the server's event loop, which meanwhile
 * parses, checks and queues the next requests: the next batch grows while this one commits.
 * It imports nothing of the app but the writer, so it starts in milliseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteDatabase } from '../platform/store/sqlite-driver.ts';
import { sqliteBatchWriter } from './event-writer.ts';
import type { EventThreadAnswer, EventThreadData, EventThreadRequest } from './sqlite-event-protocol.ts';
import { setDurableWrites } from '../platform/store/sqlite-pragmas.ts';

const { file } = workerData as EventThreadData;
if (!parentPort) throw new Error('sqlite-event-worker.ts runs only as a worker thread');
const port = parentPort;
const connection = new SqliteDatabase(file);
setDurableWrites(connection);
const write = sqliteBatchWriter(connection);

port.on('message', (request: EventThreadRequest) => {
  if (request.kind === 'close') {
    connection.close();
    port.close();
    return;
  }
  let answer: EventThreadAnswer;
  try {
    answer = { id: request.id, written: write(request.bound, request.count) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
