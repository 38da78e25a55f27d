import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openConfiguredStore } from '../configured-store.ts';
import type { Store } from '../store/index.ts';

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
  logContentEpochListener(app, store);
  if (!options.store) app.addHook('onClose', () => store.close());
});

/** Logs the PostgreSQL epoch listener's state changes (store/epoch-listener.ts); the reason is the driver's message, never personal data. */
function logContentEpochListener(app: FastifyInstance, store: Store): void {
  const events = store.contentEpochEvents;
  const listening = () => app.log.info('content epoch listener connected: epoch answered from memory');
  const disconnected = (reason: string) => app.log.warn({ reason }, 'content epoch listener disconnected: epoch read per request until it reconnects');
  events.on('listening', listening);
  events.on('disconnected', disconnected);
  // A store handed in outlives this app: leave it as it came.
  app.addHook('onClose', async () => {
    events.off('listening', listening);
    events.off('disconnected', disconnected);
  });
}
