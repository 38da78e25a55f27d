/**
 * The names this app's cookies go by (core/http/cookie-names.ts): `__Host-`-prefixed in
 * production, plain elsewhere. Every feature that sets or reads a cookie asks
 * `app.cookieNames` (or `request.server.cookieNames`), so the mode is decided here once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { cookieNames, type CookieNames } from '../../../core/http/cookie-names.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The name of every cookie in this app's mode; set by {@link cookieNamesPlugin}. */
    cookieNames: CookieNames;
  }
}

/**
 * Decorates the app with {@link CookieNames} for its mode.
 * @example
 * await app.register(cookieNamesPlugin, { production: config.env === 'production' });
 * app.cookieNames.session; // '__Host-cobrand_session' in production
 */
export const cookieNamesPlugin = fp(async function cookieNamesPlugin(app: FastifyInstance, options: { production: boolean }) {
  app.decorate('cookieNames', cookieNames(options.production));
});
