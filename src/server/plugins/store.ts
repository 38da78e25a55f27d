import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openStore, type Store } from '../store/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable store (SQLite by default, PostgreSQL when DATABASE_URL is set). */
    store: Store;
  }
}

/** Opens the store (running migrations) at start-up and closes it, after pending writes, on close. */
export const storePlugin = fp(async function storePlugin(app: FastifyInstance, options: { config: Config; store?: Store }) {
  const { vars } = options.config;
  const store = options.store ?? (await openStore({ dataDir: path.resolve(vars.DATA_DIR), ...(vars.DATABASE_URL ? { databaseUrl: vars.DATABASE_URL } : {}) }));
  app.decorate('store', store);
  if (!options.store) app.addHook('onClose', () => store.close());
});
