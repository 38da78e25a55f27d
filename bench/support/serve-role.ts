/**
 * The `--serve` role of a load benchmark: the real app, as configured by the environment the
 * benchmark gave its child, on a loopback port. Prints `PORT OPS_PORT` as its first line (OPS_PORT
 * 0 when the ops listener is off) and closes cleanly on SIGTERM.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Builds and starts the app; `prepare` runs on the built app before it listens (an account to
 * sign in with, say).
 *
 * @example
 * if (process.argv[2] === '--serve') await serveRole(async (app) => void (await app.store.countUsers()));
 */
export async function serveRole(prepare?: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const { buildApp } = await import('../../src/server/app.ts');
  const { loadConfig } = await import('../../src/server/platform/config/config.ts');
  const app = await buildApp({ config: loadConfig(), logger: false });
  await prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const ops = app.opsAddress();
  process.stdout.write(`${(app.server.address() as { port: number }).port} ${ops?.port ?? 0}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
