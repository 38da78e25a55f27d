import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HTML_CACHE_MAX_BYTES, HtmlCache } from './html-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's cache of rendered pages (html-cache.ts); undefined when switched off. */
    htmlCache: HtmlCache | undefined;
  }
}

/** What the HTML cache holds at most, in bytes; 0 switches it off (the benchmarks' uncached runs). */
export interface HtmlCacheOptions {
  maxBytes?: number;
}

/** Gives the app its own HTML cache (pages/html-cache.ts), which sendDocument reads and fills. */
export const htmlCachePlugin = fp(async function htmlCachePlugin(app: FastifyInstance, options: HtmlCacheOptions) {
  const maxBytes = options.maxBytes ?? HTML_CACHE_MAX_BYTES;
  app.decorate('htmlCache', maxBytes > 0 ? new HtmlCache(maxBytes) : undefined);
});
