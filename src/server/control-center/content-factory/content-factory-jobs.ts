/**
 * The content-factory worker of a server process: started on `app.store` with the
 * provider from the environment, stopped in preClose (before any onClose hook can close the store
 * under it), and kicked by the runs route when it queues items.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../platform/config/config.ts';
import { startContentFactoryWorker } from './content-factory-worker.ts';

/** What the runs route can ask of the worker. */
export interface ContentFactoryHandle {
  /** Wakes the worker now: a new run's items are written without waiting for the next poll. */
  kick(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The content-factory worker (a no-op handle when no provider is configured). */
    contentFactory: ContentFactoryHandle;
  }
}

/** Starts the content-factory worker and stops it on close. */
export const contentFactoryJobsPlugin = fp(
  async function contentFactoryJobsPlugin(app: FastifyInstance, options: { vars: Env }) {
    const { vars } = options;
    const worker = startContentFactoryWorker({
      store: app.store,
      provider:
        vars.CONTENT_FACTORY_URL === undefined
          ? undefined
          : { url: vars.CONTENT_FACTORY_URL, model: vars.CONTENT_FACTORY_MODEL, timeoutMs: vars.CONTENT_FACTORY_TIMEOUT_MS, ...(vars.CONTENT_FACTORY_API_KEY ? { apiKey: vars.CONTENT_FACTORY_API_KEY } : {}) },
      log: app.log,
    });
    app.decorate('contentFactory', { kick: () => worker.kick() });
    app.addHook('preClose', () => worker.close());
  },
  { name: 'content-factory-jobs' },
);
