import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { ROUTES } from '../../routes.ts';
import { BODY_LIMITS } from '../core/contract/body-limits.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../core/router/audit.ts';
import type { Config } from './platform/config/config.ts';
import { readBuildManifest } from './platform/build-info.ts';
import { loggerOptions, PrivateLogController, type LoggerSettings } from './platform/http/logging.ts';
import { fastifyTrustProxy } from './platform/config/proxy-env.ts';
import { httpTimeoutOptions } from './platform/config/http-env.ts';
import { adsPlugin } from './marketplace/ads-route.ts';
import { authSessionPlugin } from './auth/auth-session.ts';
import { brandPlugin } from './platform/http/brand.ts';
import { compressionPlugin } from './platform/http/compression.ts';
import { vehicleModelsPlugin } from './funnels/vehicle-models-route.ts';
import { eventsPlugin } from './events/events-route.ts';
import { funnelPostPlugin } from './funnels/funnel-post.ts';
import { healthPlugin } from './platform/http/health.ts';
import { htmlCachePlugin } from './pages/html-cache-plugin.ts';
import { ipLookupPlugin } from './ip-lookup/ip-lookup-route.ts';
import { jsonBodyPlugin } from './platform/http/json-body.ts';
import { leadJobsPlugin, type LeadJobsOptions } from './leads/lead-jobs.ts';
import { leadsPlugin } from './leads/leads-route.ts';
import { limitsPlugin } from './platform/http/limits.ts';
import { marketplacePlugin } from './marketplace/marketplace-route.ts';
import { mediaPlugin } from './control-center/images/media-route.ts';
import { contentFactoryJobsPlugin } from './control-center/content-factory/content-factory-jobs.ts';
import { controlCenterAccessPlugin } from './control-center/access.ts';
import { controlCenterApiPlugin } from './control-center/api.ts';
import { metricsPlugin } from './platform/http/metrics.ts';
import { opsListenerPlugin } from './platform/ops/ops-listener.ts';
import { pagesPlugin } from './pages/pages-route.ts';
import { previewKeyPlugin } from './control-center/pages/preview-token.ts';
import { previewPassPlugin } from './control-center/pages/preview-routes.ts';
import { previewExchangePlugin } from './control-center/pages/preview-exchange.ts';
import { privacyChoicesPlugin } from './privacy/privacy-choices-route.ts';
import { notSourceMap, securityPlugin } from './platform/http/security.ts';
import { sheddingPlugin } from './platform/http/shedding.ts';
import { storePlugin } from './platform/store/store-plugin.ts';
import { userStatePlugin } from './events/user-state-route.ts';
import type { Store } from './platform/store/index.ts';
import { visitorIdPlugin } from './experiments/visitor-id.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Default build output folder (see build.ts). */
export const DEFAULT_DIST_DIR = path.join(ROOT, 'dist');
const STATIC_DIR = path.join(ROOT, 'static');
const ONE_YEAR_SECONDS = 31536000;

/** What the app is built from; tests pass their own config and a quiet logger. */
export interface AppOptions {
  config: Config;
  distDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LoggerSettings['stream'];
  /** An already-open store (tests share one); otherwise the app opens and closes its own. */
  store?: Store;
  /** The lead outbox worker and retention job (default: both on); tests switch them off or tune them. */
  leadJobs?: LeadJobsOptions;
  /** The clock pages judge working hours by (default: the system clock); browser tests fake it. */
  now?: () => Date;
  /** Called for every route as it is registered (an onRoute hook added first); the fuzz suite lists the routes with it. */
  onRoute?: (route: RouteOptions) => void;
  /** The most bytes of rendered HTML kept (pages/html-cache.ts); 0 renders every page (the benchmark's uncached run). */
  htmlCacheBytes?: number;
}

/**
 * Builds the Fastify app: brand by host, hashed assets with immutable caching, the build files,
 * brand images, and every page with its payload twin. Does not listen.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  // A broken route table (unknown middleware, ambiguous paths, missing funnels) fails start-up.
  const problems = auditRoutes(ROUTES, SHIPPED_AUDIT_CONTEXT);
  if (problems.length) throw new Error(`Route table problems:\n${problems.map((p) => `  - ${p.route}: ${p.message}`).join('\n')}`);
  const distDir = options.distDir ?? DEFAULT_DIST_DIR;
  const manifest = await readBuildManifest(distDir);
  const app = Fastify({
    // No personal data in the log: query values, addresses, cookies and bodies stay out (logging.ts).
    logger: options.logger === false ? false : loggerOptions({ level: config.logLevel, sessionKey: config.vars.SESSION_KEY, ...(options.logStream ? { stream: options.logStream } : {}) }),
    logController: new PrivateLogController(),
    // Off unless TRUST_PROXY names the proxies (env/proxy.ts): X-Forwarded-* from anyone else is ignored.
    trustProxy: fastifyTrustProxy(config.vars.TRUST_PROXY),
    // Deep funnel paths and long ad-click query strings are normal; keep the default 100-char cap off.
    routerOptions: { maxParamLength: 500 },
    // Bodies: small by default; each route that takes one declares its own (core/contract/body-limits.ts).
    bodyLimit: BODY_LIMITS.default,
    // Timeouts (env/http.ts): a slowly sent request or idle socket is cut, not held for minutes.
    ...httpTimeoutOptions(config.vars),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // First, before anything that answers: every answer (pages, JSON, files, 404s) carries the security headers.
  await app.register(securityPlugin, { production: config.env === 'production', adListUrl: config.vars.MEDIAALPHA_ADS_URL });
  // Issue 14: before any route, which it hooks as each is declared: HTML and JSON compressed on the fly.
  await app.register(compressionPlugin);
  // Before any route: every JSON body is size-, depth- and key-checked before it is parsed.
  await app.register(jsonBodyPlugin);
  // Issue 10: metrics time every answer; then load shedding (503) and the rate limits (429) answer
  // before the brand lookup or any body; /healthz, /readyz and /metrics are exempt from both.
  await app.register(metricsPlugin, { token: config.vars.METRICS_TOKEN });
  await app.register(sheddingPlugin, { vars: config.vars });
  await app.register(limitsPlugin, { vars: config.vars });
  await app.register(healthPlugin, { distDir, manifest });
  // OPS_PORT: the probes and /metrics on a port of their own, never queued behind visitors' connections.
  await app.register(opsListenerPlugin, { vars: config.vars, host: config.host });

  await app.register(storePlugin, { config, ...(options.store ? { store: options.store } : {}) });
  // After the store, which the jobs use; they stop in preClose, before the store closes.
  await app.register(leadJobsPlugin, { vars: config.vars, ...(options.leadJobs ? { jobs: options.leadJobs } : {}) });
  // Issue 13: the content-factory worker, on the same store, stopped the same way.
  await app.register(contentFactoryJobsPlugin, { vars: config.vars });
  await app.register(brandPlugin, { development: config.env !== 'production', port: config.port });
  // Issue 14 "Event ingest": right after the brand lookup, before the session cookies and every
  // page plugin, whose hooks an event answer does not need (plugins/events.ts).
  await app.register(eventsPlugin);
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: ONE_YEAR_SECONDS * 1000,
    decorateReply: false,
    // Issue 14: the build's brotli and gzip twins (build.ts), chosen by Accept-Encoding.
    preCompressed: true,
    // Source maps stay on disk but are not served in production (404).
    ...(config.env === 'production' ? { allowedPath: notSourceMap } : {}),
  });
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'builds'),
    prefix: '/builds/',
    cacheControl: false,
    decorateReply: false,
    // The version check and route guard must always see the newest build.
    setHeaders: (reply) => void reply.header('cache-control', 'no-cache'),
  });
  await app.register(fastifyStatic, { root: STATIC_DIR, prefix: '/static/', maxAge: 24 * 3600 * 1000, decorateReply: false });
  // Issue 12: uploaded images' files, from the store, for every host.
  await app.register(mediaPlugin);
  // Issue 14: the vehicle model catalog as a cacheable file instead of in the auto funnel's payloads.
  await app.register(vehicleModelsPlugin);
  await app.register(authSessionPlugin, { config });
  await app.register(previewKeyPlugin, { config });
  // Issue 12: the control center (brand ccc) only for signed-in accounts, and never from another site.
  await app.register(controlCenterAccessPlugin);
  // Issue 13: the visitor-id cookie a page with a running experiment issues on a first visit.
  await app.register(visitorIdPlugin, { production: config.env === 'production' });
  await app.register(userStatePlugin);
  await app.register(leadsPlugin);
  await app.register(privacyChoicesPlugin, { production: config.env === 'production' });
  await app.register(ipLookupPlugin, { allowIpOverride: config.env !== 'production' });
  await app.register(marketplacePlugin, { vars: config.vars });
  await app.register(adsPlugin, { vars: config.vars });
  const pages = { manifest, vars: config.vars, production: config.env === 'production', ...(options.now ? { now: options.now } : {}) };
  // Issue 14: rendered pages without per-visitor data are kept and served as bytes.
  await app.register(htmlCachePlugin, options.htmlCacheBytes === undefined ? {} : { maxBytes: options.htmlCacheBytes });
  // Issue 12: the control center's JSON API (/api/cc/…), signed-in accounts only.
  await app.register(controlCenterApiPlugin);
  // A draft's preview for signed-in staff only: the control center's hop, and the brand host's (preview-token.ts).
  await app.register(previewPassPlugin);
  await app.register(previewExchangePlugin, { production: pages.production });
  await app.register(pagesPlugin, pages);
  await app.register(funnelPostPlugin, pages);
  return app;
}
