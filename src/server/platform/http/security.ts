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
 *
 * The values are helmet's, computed once at start-up for the two kinds of response (frameable or
 * not, {@link securityHeaderTemplates}); a request only gets its nonce spliced into the policy.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { brandForHost } from '../../../../brands/index.ts';
import { apiAnswerHeaders, isApiAnswer } from './api-headers.ts';
import { scriptNonce } from './script-nonce.ts';

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
 * The policy's directives for one response: its `nonce` (a value, or the slot a per-response
 * nonce goes in) and its `frameAncestors` source; everything else is fixed at start-up.
 */
export function cspDirectives(options: SecurityOptions, perResponse: { nonce: string; frameAncestors: string }) {
  const sandboxImages = options.production ? undefined : httpOrigin(options.adListUrl);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'script-src': [`'nonce-${perResponse.nonce}'`, "'strict-dynamic'", "'self'", TAG_MANAGER_ORIGIN, AD_SERVE_ORIGIN],
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
    'frame-ancestors': [perResponse.frameAncestors],
    ...(options.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Where a response's nonce goes in a precomputed header value (never a valid base64 nonce: it has dashes). */
const NONCE_SLOT = 'cobrand-nonce-slot';

/** One header of every answer: its name, and its value cut where the nonce goes (one part when it has none). */
type HeaderTemplate = readonly [name: string, parts: readonly string[]];

/**
 * The headers helmet sets for one kind of response (frameable or not), computed once: helmet's
 * middleware is run against a recorder with the nonce slot in the policy, and the values it sets
 * are kept, in helmet's order after our own two. Per request only the nonce is spliced in, where
 * @fastify/helmet rebuilt helmet's middleware and re-parsed the directives on every request (3% of
 * a cached page answer's CPU).
 */
export function securityHeaderTemplates(options: SecurityOptions, unframeable: boolean): HeaderTemplate[] {
  const headers: [string, string][] = [
    ['x-frame-options', unframeable ? 'DENY' : 'SAMEORIGIN'],
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name.toLowerCase(), String(value)]),
    // X-Powered-By: nothing sets it here (Fastify does not), so there is nothing to remove.
    removeHeader: () => undefined,
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options, { nonce: NONCE_SLOT, frameAncestors: unframeable ? "'none'" : "'self'" }) },
    strictTransportSecurity: options.production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set above, per brand, to match frame-ancestors.
    xFrameOptions: false,
  });
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet could not set the security headers', { cause: error });
  });
  return headers.map(([name, value]) => [name, value.split(NONCE_SLOT)]);
}

/** A header value from its parts (a template's), with `nonce` in the slot between them. */
function headerValue(parts: readonly string[], nonce: string): string {
  return parts.join(nonce);
}

/** How many Host header values' frameability is remembered; more than every brand's hosts. */
const HOST_MEMORY = 256;

/** Registers the nonce and the security headers of every answer. Register it first. */
export const securityPlugin = fp(
  async function securityPlugin(app: FastifyInstance, options: SecurityOptions) {
    const templates = { frameable: securityHeaderTemplates(options, false), unframeable: securityHeaderTemplates(options, true) };
    // Host header value -> unframeable; a brand lookup per request otherwise. Bounded, as the header is the client's.
    const unframeableHosts = new Map<string | undefined, boolean>();
    const unframeable = (host: string | undefined) => {
      let known = unframeableHosts.get(host);
      if (known === undefined) {
        known = isUnframeableHost(host);
        if (unframeableHosts.size >= HOST_MEMORY) unframeableHosts.clear();
        unframeableHosts.set(host, known);
      }
      return known;
    };
    app.decorateReply('scriptNonce', '');
    // A JSON API route (api-headers.ts) gets a fixed header set instead of a page's policy.
    const apiHeaders = apiAnswerHeaders(options.production ? HSTS_MAX_AGE_SECONDS : undefined);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiAnswer(request)) {
        for (const [name, value] of apiHeaders) reply.raw.setHeader(name, value);
        return done();
      }
      const nonce = scriptNonce();
      reply.scriptNonce = nonce;
      // Set on the raw response, so they survive every later answer (errors, 404s).
      for (const [name, parts] of unframeable(request.headers.host) ? templates.unframeable : templates.frameable) reply.raw.setHeader(name, headerValue(parts, nonce));
      done();
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
