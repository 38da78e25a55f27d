import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';

/** A fresh SQLite data folder per test server, so tests never touch ./data. */
function testEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cobrand-test-')), ...env };
}

/** A real server on loopback for browser and HTTP tests. */
export interface TestServer {
  app: FastifyInstance;
  port: number;
  /** `http://{brand}.localhost:{port}`: Chromium resolves *.localhost to loopback. */
  origin(brandId: string): string;
  close(): Promise<void>;
}

/** Builds the app with a quiet logger and listens on 127.0.0.1 on a free port. */
export async function startTestServer(env: NodeJS.ProcessEnv = {}, options: { distDir?: string; now?: () => Date } = {}): Promise<TestServer> {
  const config = loadConfig(testEnv({ PORT: '0', ...env }));
  const app = await buildApp({ config, logger: false, ...(options.distDir ? { distDir: options.distDir } : {}), ...(options.now ? { now: options.now } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, port, origin: (brandId) => `http://${brandId}.localhost:${port}`, close: () => app.close() };
}

/** Builds the app for `app.inject` tests (no listening socket). */
export async function injectableApp(env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const config = loadConfig(testEnv(env));
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return app;
}
