/**
 * The operations listener: when OPS_PORT is set, a second port,
 * served by a thread of its own (ops-worker.ts), that answers only /healthz, /readyz and /metrics.
 *
 * Why a port and a thread of their own: under a flood the visitor port's accept queue holds
 * hundreds of connections (Node accepts one per listening socket per event-loop turn), and every
 * turn of the main loop renders pages for tens of milliseconds; a probe on the visitor port waits
 * behind both (bench:flood measured a /healthz p99 of about 400 ms there, and 260 ms with only a
 * second port on the main thread). The worker answers /healthz from a heartbeat the main loop
 * writes every 100 ms, so the answer is immediate and still true: 503 once the main loop stalls.
 * /readyz and /metrics are handed to the main thread and answered by the app's own routes (same
 * checks, same metrics-token rule). Load balancers and Prometheus point at OPS_PORT; the visitor
 * port keeps answering the same paths for setups that probe the traffic port.
 */
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OpsEnv } from '../config/ops-env.ts';
import { startWorkerThread } from '../worker-thread.ts';
import { HEARTBEAT_INTERVAL_MS, type OpsRequest, type OpsResponse, type OpsWorkerData, type OpsWorkerMessage } from './ops-protocol.ts';

/** What the listener needs: where to listen (OPS_PORT unset: no listener) and the visitor port's host. */
export interface OpsListenerOptions {
  vars: OpsEnv;
  host: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operations port once listening, else undefined (OPS_PORT unset). */
    opsAddress(): AddressInfo | undefined;
  }
}

/** The operations port could not be opened (in use, not an address of this machine); the start fails with it. */
export class OpsListenError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The app's answer to a request the worker handed over. */
async function answer(app: FastifyInstance, request: OpsRequest): Promise<OpsResponse> {
  // The body goes back to the worker as text: ask for it uncompressed (the app compresses
  // answers for whoever accepts it, and scrapers send Accept-Encoding: gzip).
  const { 'accept-encoding': _acceptEncoding, ...headers } = request.headers;
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    remoteAddress: request.remoteAddress,
  });
  const answerHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string' || typeof value === 'number') answerHeaders[name] = String(value);
  }
  delete answerHeaders['content-length']; // the worker's response sets its own
  delete answerHeaders['connection'];
  delete answerHeaders['transfer-encoding'];
  return { id: request.id, status: response.statusCode, headers: answerHeaders, body: response.body };
}

/**
 * Starts the operations thread when the app is ready (so a port in use fails `listen` and the
 * start, as the visitor port does) and ends it with the app.
 */
export const opsListenerPlugin = fp(async function opsListenerPlugin(app: FastifyInstance, options: OpsListenerOptions): Promise<void> {
  const port = options.vars.OPS_PORT;
  let address: AddressInfo | undefined;
  app.decorate('opsAddress', () => address);
  if (port === undefined) return;

  const host = options.vars.OPS_HOST ?? options.host;
  const heartbeatBuffer = new SharedArrayBuffer(8);
  const heartbeat = new BigInt64Array(heartbeatBuffer);
  const beat = () => Atomics.store(heartbeat, 0, BigInt(Date.now()));
  let worker: Worker | undefined;
  let beating: NodeJS.Timeout | undefined;

  app.addHook('onReady', async () => {
    beat();
    // Unref'd: the heartbeat alone never keeps the process alive.
    beating = setInterval(beat, HEARTBEAT_INTERVAL_MS).unref();
    const started = startWorkerThread('src/server/platform/ops/ops-worker.ts', { port, host, heartbeat: heartbeatBuffer } satisfies OpsWorkerData);
    worker = started;
    started.on('message', (message: OpsRequest) => {
      if (typeof message.id !== 'number') return;
      answer(app, message).then(
        (response) => started.postMessage(response),
        () => started.postMessage({ id: message.id, status: 500, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"error":"Internal Server Error"}' } satisfies OpsResponse),
      );
    });
    const listening = await new Promise<OpsWorkerMessage>((resolve, reject) => {
      started.once('error', reject);
      started.on('message', function first(message: OpsWorkerMessage | OpsRequest) {
        if (!('type' in message)) return;
        started.off('message', first);
        resolve(message);
      });
    });
    if (listening.type === 'error') {
      await started.terminate();
      const reason = listening.code === 'EADDRINUSE' ? 'is already in use' : listening.code === 'EADDRNOTAVAIL' ? 'is not an address of this machine' : `cannot be opened (${listening.message})`;
      throw new OpsListenError(`the operations port ${host}:${port} (OPS_HOST, OPS_PORT) ${reason}`, listening.code);
    }
    address = { address: host, family: host.includes(':') ? 'IPv6' : 'IPv4', port: listening.port };
    // The worker ends with the app, not before: it must not keep a closing process alive either.
    started.unref();
  });

  app.addHook('onClose', async () => {
    clearInterval(beating);
    address = undefined;
    await worker?.terminate();
  });
});
