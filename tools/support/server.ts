import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/platform/config/config.ts';
import type { StoreDialect } from '../../src/server/platform/store/index.ts';
import { TEST_DATABASE_URL } from './store-targets.ts';

/**
 * A fresh SQLite data folder per test server, so tests never touch ./data. Loopback is a trusted
 * proxy, so a test places a visitor with X-Forwarded-For (inject and the browser come from 127.0.0.1).
 */
function testEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-test-')), TRUST_PROXY: 'loopback', ...env };
}

/**
 * A Wednesday, 10:00 in Los Angeles: inside working hours. Test servers judge working hours by
 * this fixed time unless a test passes its own clock, so what a page offers first (phone or
 * online path) does not depend on when the suite runs.
 */
export const INSIDE_WORKING_HOURS = new Date('2026-11-25T18:00:00Z');

/** A Sunday, 10:00 in Los Angeles: the call centre is closed all day. */
export const OUTSIDE_WORKING_HOURS = new Date('2026-11-22T18:00:00Z');

/** A real server on loopback for browser and HTTP tests. */
export interface TestServer {
  app: FastifyInstance;
  port: number;
  /** `http://{brand}.localhost:{port}`: Chromium resolves *.localhost to loopback. */
  origin(brandId: string): string;
  /**
   * Emits `answered` each time the server is done with a request (its response sent or cut off).
   * Every route stores what it was sent before it answers, so a test reading the store re-reads
   * on this (whenEmitted) instead of every N ms.
   */
  answered: EventEmitter;
  close(): Promise<void>;
}

/** Builds the app with a quiet logger and listens on 127.0.0.1 on a free port. */
export async function startTestServer(env: NodeJS.ProcessEnv = {}, options: { distDir?: string; now?: () => Date } & Pick<AppOptions, 'leadJobs'> = {}): Promise<TestServer> {
  const config = loadConfig(testEnv({ PORT: '0', ...env }));
  const app = await buildApp({
    config,
    logger: false,
    now: options.now ?? (() => INSIDE_WORKING_HOURS),
    ...(options.distDir ? { distDir: options.distDir } : {}),
    ...(options.leadJobs ? { leadJobs: options.leadJobs } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const answered = new EventEmitter().setMaxListeners(0);
  // Beside Fastify's own listener: it only watches each response end.
  app.server.on('request', (_request, response: ServerResponse) => response.once('close', () => answered.emit('answered')));
  return { app, port, origin: (brandId) => `http://${brandId}.localhost:${port}`, answered, close: () => app.close() };
}

/**
 * Whether this process runs every browser file (browser-process.ts): then {@link sharedTestServer}
 * gives them all one server, closed by that runner at the end.
 */
export const SHARED_SERVER_MODE = { shared: false };

let shared: Promise<TestServer> | undefined;

/** A server from {@link sharedTestServer}: `release` in the file's `after` instead of `close`. */
export type SharedTestServer = TestServer & { release(): Promise<void> };

/**
 * The test server of the default configuration (test clock inside working hours, sandbox
 * upstreams unset), one per `npm test` run for every browser file that needs nothing else: it
 * costs a second of start-up and its share of memory once, not per file. A file run on its own
 * gets a server of its own. Either way, call the returned `release` in the file's `after`: it
 * closes the server only when the file had its own. Files that need another clock, upstream or
 * build start their own with {@link startTestServer}.
 */
export async function sharedTestServer(): Promise<SharedTestServer> {
  if (!SHARED_SERVER_MODE.shared) {
    const own = await startTestServer();
    return { ...own, release: () => own.close() };
  }
  shared ??= startTestServer();
  return { ...(await shared), release: async () => undefined };
}

/** Closes the shared server, if one was started (browser-process.ts, once every file is done). */
export async function closeSharedTestServer(): Promise<void> {
  const server = shared;
  shared = undefined;
  await (await server)?.close();
}

/** Builds the app for `app.inject` tests (no listening socket); `options` adds app options (e.g. an onRoute hook). */
export async function injectableApp(env: NodeJS.ProcessEnv = {}, options: Pick<AppOptions, 'onRoute' | 'leadJobs' | 'now'> = {}): Promise<FastifyInstance> {
  const config = loadConfig(testEnv(env));
  const app = await buildApp({ config, logger: false, ...options });
  await app.ready();
  return app;
}

/**
 * An injectable app on `dialect`, for suites that hold an API to both stores: SQLite in a fresh
 * temporary folder, or a fresh PostgreSQL database named `cobrand_{name}_{pid}` (a database, not a
 * schema, so the app's own migrations run as they do in production). `cleanup` closes the app and
 * removes its data. `env` and `options` go to {@link injectableApp} as they are.
 */
export async function injectableAppOn(
  dialect: StoreDialect,
  name: string,
  env: NodeJS.ProcessEnv = {},
  options: Pick<AppOptions, 'onRoute' | 'leadJobs' | 'now'> = {},
): Promise<{ app: FastifyInstance; cleanup: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const app = await injectableApp(env, options);
    return { app, cleanup: () => app.close() };
  }
  const database = `cobrand_${name}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${database}`);
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `cobrand-${name}-`));
  const app = await injectableApp({ ...env, DATABASE_URL: url.toString(), DATA_DIR: dataDir }, options);
  return {
    app,
    cleanup: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${database}`);
    },
  };
}
