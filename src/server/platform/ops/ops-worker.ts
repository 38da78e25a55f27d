/**
 * The operations port's own thread (ops-listener.ts starts it). It listens on OPS_PORT
 * and answers:
 * - `/healthz` itself, from the heartbeat the main thread writes every
 *   {@link HEARTBEAT_INTERVAL_MS}: 200 while the main event loop has turned within
 *   {@link STALL_AFTER_MS}, else 503. Answered here, it never waits behind the visitors' work
 *   on the main thread, yet it still says whether that thread's loop turns.
 * - `/readyz` and `/metrics` by asking the main thread (they need the store and the registry).
 * - anything else: 404.
 * It imports no module of the app: its bundle stays small and it starts in milliseconds.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { HEALTHZ_PATH, OPS_PATHS, type OpsRequest, type OpsResponse, type OpsWorkerData, type OpsWorkerMessage, STALL_AFTER_MS } from './ops-protocol.ts';

const data = workerData as OpsWorkerData;
const heartbeat = new BigInt64Array(data.heartbeat);
if (!parentPort) throw new Error('ops-worker.ts runs only as a worker thread');
const port = parentPort;

/** Longest the main thread may take to answer /readyz or /metrics: a probe gives up after a few seconds. */
const FORWARD_TIMEOUT_MS = 4_000;

const pending = new Map<number, (answer: OpsResponse | undefined) => void>();
let nextId = 1;

// The main thread's answers; the worker ends when the main thread terminates it (app close).
port.on('message', (message: OpsResponse) => {
  pending.get(message.id)?.(message);
  pending.delete(message.id);
});

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

/** The main thread's answer to `request`, or undefined when it gives none in time. */
function forward(request: Omit<OpsRequest, 'id'>): Promise<OpsResponse | undefined> {
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve(undefined);
    }, FORWARD_TIMEOUT_MS);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    port.postMessage({ id, ...request } satisfies OpsRequest);
  });
}

const server = http.createServer((request, response) => {
  const url = request.url ?? '/';
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- split answers at least one piece
  const path = url.split('?', 1)[0]!;
  if (!OPS_PATHS.includes(path)) {
    send(response, 404, { error: 'Not Found', message: `the operations port answers only ${OPS_PATHS.join(', ')}` });
    return;
  }
  if (path === HEALTHZ_PATH) {
    const sinceTurnMs = Date.now() - Number(Atomics.load(heartbeat, 0));
    if (sinceTurnMs <= STALL_AFTER_MS) send(response, 200, { status: 'ok' });
    else send(response, 503, { status: 'stalled', message: `the main event loop has not turned for ${sinceTurnMs} ms` });
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
  forward({ method: request.method ?? 'GET', url, headers, remoteAddress: request.socket.remoteAddress ?? '' }).then(
    (answer) => {
      if (!answer) {
        send(response, 503, { status: 'unavailable', message: `the main thread gave no answer within ${FORWARD_TIMEOUT_MS} ms` });
        return;
      }
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body);
    },
    () => send(response, 500, { error: 'Internal Server Error' }),
  );
});
// A probe sends a small request at once; anything slower is not a probe.
server.requestTimeout = 5_000;
server.headersTimeout = 5_000;
server.keepAliveTimeout = 5_000;

server.once('error', (error: NodeJS.ErrnoException) => {
  port.postMessage({ type: 'error', code: error.code ?? 'ERROR', message: error.message } satisfies OpsWorkerMessage);
});
server.listen({ port: data.port, host: data.host }, () => {
  const address = server.address() as { port: number };
  port.postMessage({ type: 'listening', port: address.port } satisfies OpsWorkerMessage);
});
