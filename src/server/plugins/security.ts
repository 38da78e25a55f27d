/**
 * Security headers on every answer (pages, JSON, static files, 404s and errors), set in the first
 * `onRequest` hooks of the app, before any other plugin can answer:
 *
 * - `Content-Security-Policy` with a fresh nonce per request ({@link FastifyReply.scriptNonce}),
 *   which the document puts on every inline `<script>` and React on the scripts it writes
 *   (bootstrap module, modulepreload, streaming runtime). `'strict-dynamic'` extends the trust to
 *   what those scripts load: the tag manager's gtm.js and the tags it adds, the ads page's serve
 *   script, our own code chunks. The host list after it is ignored by browsers that know
 *   `'strict-dynamic'` and is what older ones (Safari before 15.4) go by.
 * - `frame-ancestors 'none'` + `X-Frame-Options: DENY` on the control center (brand ccc),
 *   `'self'` + `SAMEORIGIN` on every other brand.
 * - `Strict-Transport-Security` (1 year, includeSubDomains) and `upgrade-insecure-requests` in
 *   production only: development and tests serve plain http on *.localhost.
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, a
 *   `Permissions-Policy` denying the powerful features no page uses, and helmet's other defaults
 *   (Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy, Origin-Agent-Cluster, …).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandForHost } from '../../../brands/index.ts';
import { apiAnswerHeaders, isApiAnswer } from './api-headers.ts';

declare module 'fastify' {
  interface FastifyReply {
    /**
     * This response's CSP nonce (base64, 128 random bits): the only value that lets an inline
     * script run, and the root of `'strict-dynamic'` trust. Never stored or logged.
     */
    scriptNonce: string;
  }
}

/** The brand whose pages must never be framed (the internal control center). */
export const UNFRAMEABLE_BRAND = 'ccc';

/** The tag manager: its container script (gtm.js), the tags it loads, its no-script frame. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
/** Where the analytics tags the tag manager runs send their hits (GA4 uses the regional host). */
export const ANALYTICS_ORIGINS = ['https://www.google-analytics.com', 'https://region1.google-analytics.com'] as const;
/** The ad marketplace's serve script host (src/ui/ads/serve-script.ts), loaded on the /ads end step. */
export const AD_SERVE_ORIGIN = 'https://insurance.mediaalpha.com';

/** One year, the minimum the HSTS preload list and most audits accept. */
export const HSTS_MAX_AGE_SECONDS = 31536000;

/**
 * Powerful features no page uses, denied to the page and every frame in it (the tag manager's
 * tags and the ads included). Only names Chromium recognises: it warns in the console about any
 * other (e.g. 'bluetooth', which it leaves to its own permission prompt).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Options of {@link securityPlugin}. */
export interface SecurityOptions {
  /** NODE_ENV=production: HSTS and upgrade-insecure-requests on. */
  production: boolean;
  /**
   * The ad-list upstream (MEDIAALPHA_ADS_URL). Ad images and impression pixels come from the URLs
   * its answer names; outside production that is the plain-http sandbox on loopback, whose
   * origin img-src then names (https: images are allowed anyway).
   */
  adListUrl?: string | undefined;
}

/** The origin of `url` when it is a plain-http URL, else undefined. */
function httpOrigin(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** True when `host` (a Host header value) belongs to the brand that must not be framed. */
export function isUnframeableHost(host: string | undefined): boolean {
  return brandForHost((host ?? '').toLowerCase())?.id === UNFRAMEABLE_BRAND;
}

/**
 * The policy's directives. `nonce` and `frameAncestors` are read per response (helmet calls them
 * with the raw request and response); everything else is fixed at start-up.
 */
export function cspDirectives(options: SecurityOptions, perResponse: { nonce(res: ServerResponse): string; frameAncestors(res: ServerResponse): string }) {
  const sandboxImages = options.production ? undefined : httpOrigin(options.adListUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'script-src': [(_req: unknown, res: ServerResponse) => `'nonce-${perResponse.nonce(res)}'`, "'strict-dynamic'", "'self'", TAG_MANAGER_ORIGIN, AD_SERVE_ORIGIN],
    'script-src-attr': ["'none'"],
    // React writes `style` attributes (and the tag manager's no-script frame has one); a nonce
    // here would switch 'unsafe-inline' off for them. Stylesheets come from our origin only.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Ad images and impression pixels are on whatever host the marketplace's answer names,
    // decided per ad; analytics tags add pixels of their own. An image cannot run code, so any
    // https: image is allowed rather than a host list the next ad would break.
    'img-src': ["'self'", 'https:', ...(sandboxImages ? [sandboxImages] : [])],
    'font-src': ["'self'"],
    // The page's own API, build files and payloads; the analytics hits; the serve script's calls home.
    'connect-src': ["'self'", ...ANALYTICS_ORIGINS, TAG_MANAGER_ORIGIN, AD_SERVE_ORIGIN],
    // The tag manager's no-script frame. The ad impression frames are srcdoc, which frame-src does not govern.
    'frame-src': [TAG_MANAGER_ORIGIN],
    'form-action': ["'self'"],
    'frame-ancestors': [(_req: unknown, res: ServerResponse) => perResponse.frameAncestors(res)],
    ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** What one response's policy depends on. */
interface ResponseFacts {
  nonce: string;
  unframeable: boolean;
}

/** Registers the nonce, helmet and the headers helmet does not set. Register it first. */
export const securityPlugin = fp(
  async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
    const facts = new WeakMap<ServerResponse, ResponseFacts>();
    const factsOf = (res: ServerResponse): ResponseFacts => {
      const found = facts.get(res);
      if (!found) throw new Error('security: no nonce for this response (the security plugin must be registered first)');
      return found;
    };
    app.decorateReply('scriptNonce', '');
    // A JSON API route (api-headers.ts) gets a fixed header set instead of a page's policy; helmet
    // skips it (its own route option, set here, before helmet's onRoute hook reads it).
    const apiHeaders = apiAnswerHeaders(options.production);
    app.addHook('onRoute', (route) => {
      if (route.config?.securityHeaders === 'api') (route as { helmet?: false }).helmet = false;
    });
    // Before helmet's hooks, which read the facts through the directive functions.
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiAnswer(request)) {
        for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
        return done();
      }
      const unframeable = isUnframeableHost(request.headers.host);
      reply.scriptNonce = randomBytes(16).toString('base64');
      facts.set(reply.raw, { nonce: reply.scriptNonce, unframeable });
      // Set on the raw response like helmet's headers, so they survive every later answer (errors, 404s).
      reply.raw.setHeader('x-frame-options', unframeable ? 'DENY' : 'SAMEORIGIN');
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      done();
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: cspDirectives(options, {
          nonce: (res) => factsOf(res).nonce,
          frameAncestors: (res) => (factsOf(res).unframeable ? "'none'" : "'self'"),
        }),
      },
      strictTransportSecurity: options.production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Set above, per brand, to match frame-ancestors.
      xFrameOptions: false,
    });
  },
  { name: 'security', fastify: '5.x' },
);

/**
 * The `/assets/` static route's `allowedPath` in production: source maps answer 404 (the build
 * still writes them, for whoever debugs with the build at hand).
 */
export function notSourceMap(pathName: string): boolean {
  return !pathName.toLowerCase().endsWith('.map');
}
