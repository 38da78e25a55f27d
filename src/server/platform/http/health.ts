/**
 * Health and readiness, for load balancers and orchestrators.
 *
 * - `GET /healthz`: the process is alive and its event loop turns: always 200 `{ status: 'ok' }`,
 *   touching nothing else.
 * - `GET /readyz`: this node can serve visitors: the store answers a query (store.ping) and the
 *   build it serves is on disk (its manifest and the bundle its pages reference). 200
 *   `{ status: 'ok', checks }`, else 503 `{ status: 'unavailable', checks, failed }` naming the
 *   failed checks (the reason is logged, never sent: it may name hosts).
 *
 * Both answer on any Host, a bare IP included, without the brand lookup (brand.ts lists them as
 * host-independent), are never rate-limited (limits.ts) and never shed (shedding.ts), and are
 * logged only at warn level, so a probe every few seconds adds no log lines.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BuildManifest } from '../../../core/build-manifest.ts';
import { HEALTHZ_PATH, READYZ_PATH } from '../ops/ops-protocol.ts';

export { HEALTHZ_PATH, READYZ_PATH } from '../ops/ops-protocol.ts';

/** Longest a readiness check may take before it counts as failed: probes time out after a few seconds. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** What one readiness check found. */
export type CheckResult = 'ok' | 'failed' | 'timeout';

/** The answer of /readyz. */
export interface ReadyAnswer {
  status: 'ok' | 'unavailable';
  checks: { store: CheckResult; build: CheckResult };
  failed?: string[];
}

/** What the health routes need: the build the app serves and where it is. */
export interface HealthOptions {
  distDir: string;
  manifest: BuildManifest;
}

class CheckTimeout extends Error {}

/** Runs `check` within {@link READY_CHECK_TIMEOUT_MS}; logs why it failed. */
async function runCheck(app: FastifyInstance, name: string, check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), READY_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    const timedOut = error instanceof CheckTimeout;
    app.log.warn({ check: name, ...(timedOut ? {} : { err: error }) }, timedOut ? `readiness: ${name} check timed out` : `readiness: ${name} check failed`);
    return timedOut ? 'timeout' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

/** Registers /healthz and /readyz. */
export async function healthPlugin(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const { distDir, manifest } = options;
  // The files a page of this build needs: its manifest and the bundle and styles it links.
  const buildFiles = [path.join(distDir, 'builds/meta', `${manifest.id}.json`), ...[manifest.assets.entry, ...manifest.assets.css, ...manifest.assets.controlCenterCss].map((asset) => path.join(distDir, asset))];

  app.get(HEALTHZ_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get(READYZ_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    const [store, build] = await Promise.all([
      runCheck(app, 'store', () => app.store.ping()),
      runCheck(app, 'build', () => Promise.all(buildFiles.map((file) => access(file)))),
    ]);
    const checks = { store, build };
    const failed = Object.entries(checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name]) => name);
    reply.header('cache-control', 'no-store');
    if (failed.length === 0) return { status: 'ok', checks } satisfies ReadyAnswer;
    return reply.code(503).send({ status: 'unavailable', checks, failed } satisfies ReadyAnswer);
  });
}
