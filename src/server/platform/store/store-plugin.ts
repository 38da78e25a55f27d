import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/config.ts';
import { openConfiguredStore } from './configured-store.ts';
import type { Store } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable store (SQLite by default, PostgreSQL when DATABASE_URL is set). */
    store: Store;
  }
}

/** Opens the store (running migrations) at start-up and closes it, after pending writes, on close. */
export const storePlugin = fp(async function storePlugin(app: FastifyInstance, options: { config: Config; store?: Store }) {
  const store = options.store ?? (await openConfiguredStore(options.config.vars));
  app.decorate('store', store);
  if (!options.store) app.addHook('onClose', () => store.close());
});
