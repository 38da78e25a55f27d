/**
 * What the operations thread (ops-worker.ts) and the main thread (ops-listener.ts) say to each
 * other, and the constants both read. Imports nothing of the app, so the worker stays small.
 */

/** Liveness probe path (health.ts on the visitor port, ops-worker.ts on the operations port). */
export const HEALTHZ_PATH = '/healthz';

/** Readiness probe path. */
export const READYZ_PATH = '/readyz';

/** Prometheus scrape path (metrics.ts). */
export const METRICS_PATH = '/metrics';

/** The only paths the operations port answers. */
export const OPS_PATHS: readonly string[] = [HEALTHZ_PATH, READYZ_PATH, METRICS_PATH];

/** How often the main thread writes its heartbeat, in ms. */
export const HEARTBEAT_INTERVAL_MS = 100;

/**
 * A main event loop that has not turned for this long is stalled: /healthz on the operations port
 * answers 503. Far above the loop lag of a flooded but working server (load shedding starts at
 * 200 ms) and far below what an orchestrator waits before a restart.
 */
export const STALL_AFTER_MS = 5_000;

/** The worker's start-up data. */
export interface OpsWorkerData {
  port: number;
  host: string;
  /** One BigInt64: Date.now() of the main thread's latest heartbeat. */
  heartbeat: SharedArrayBuffer;
}

/** A request the worker hands to the main thread (/readyz, /metrics). */
export interface OpsRequest {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
}

/** The main thread's answer to an {@link OpsRequest}. */
export interface OpsResponse {
  id: number;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What the worker tells the main thread about its listener. */
export type OpsWorkerMessage = { type: 'listening'; port: number } | { type: 'error'; code: string; message: string };
