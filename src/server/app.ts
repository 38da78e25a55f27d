import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyPluginCallback, type FastifyPluginOptions, type RouteOptions } from 'fastify';
import { ROUTES } from '../../routes.ts';
import { BODY_LIMITS } from '../core/contract/body-limits.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../core/router/audit.ts';
import type { Config } from './platform/config/config.ts';
import { readBuildManifest } from './platform/build-info.ts';
import type { BuildManifest } from '../core/build-manifest.ts';
import { loggerOptions, PrivateLogController, type LoggerSettings } from './platform/http/logging.ts';
import { fastifyTrustProxy } from './platform/config/proxy-env.ts';
import { httpTimeoutOptions } from './platform/config/http-env.ts';
import { adsPlugin } from './marketplace/ads-route.ts';
import { authSessionPlugin } from './auth/auth-session.ts';
import { badUrlPlugin, routeBadUrlAgain } from './pages/bad-url.ts';
import { brandPlugin } from './platform/http/brand.ts';
import { compressionPlugin } from './platform/http/compression.ts';
import { declaredPlugin, type PluginDeclaration } from './platform/http/declared-plugin.ts';
import { vehicleModelsPlugin } from './funnels/vehicle-models-route.ts';
import { eventsPlugin } from './events/events-route.ts';
import { funnelPostPlugin } from './funnels/funnel-post.ts';
import { healthPlugin } from './platform/http/health.ts';
import { htmlCachePlugin } from './pages/html-cache-plugin.ts';
import { ipLookupPlugin } from './ip-lookup/ip-lookup-route.ts';
import { jsonBodyPlugin } from './platform/http/json-body.ts';
import { leadJobsPlugin, type LeadJobsOptions } from './leads/lead-jobs.ts';
import { leadsPlugin } from './leads/leads-route.ts';
import { callbackPlugin } from './leads/callback-route.ts';
import { funnelStepPlugin } from './funnels/step-route.ts';
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
import { cookieNamesPlugin } from './platform/http/cookie-names.ts';
import { notSourceMap, securityPlugin } from './platform/http/security.ts';
import { sheddingPlugin } from './platform/http/shedding.ts';
import { storePlugin } from './platform/store/store-plugin.ts';
import { userStatePlugin } from './events/user-state-route.ts';
import type { Store } from './platform/store/index.ts';
import { visitorIdPlugin } from './experiments/visitor-id.ts';
import { clientErrorHandler } from './platform/http/client-errors.ts';

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

/** One entry of the app's registration list: a plugin under its declaration, and its options. */
export interface AppPlugin {
  declaration: PluginDeclaration;
  plugin: FastifyPluginAsync<FastifyPluginOptions>;
  options: FastifyPluginOptions;
}

function entry<Options extends FastifyPluginOptions>(plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>, declaration: PluginDeclaration, options: Options): AppPlugin {
  return { declaration, plugin: declaredPlugin(plugin, declaration) as FastifyPluginAsync<FastifyPluginOptions>, options };
}

/**
 * What a plugin declaring routes needs before it: the security headers, on-the-fly compression
 * (it hooks each route as the route is declared), the JSON body parser, metrics, and load
 * shedding and the rate limits (through `limits`, which needs shedding), whose hooks a route of
 * an encapsulated plugin only gets when they were in place as it registered.
 */
const ROUTES_NEED = ['cookie-names', 'security', 'compression', 'json-body', 'metrics', 'limits'] as const;

/** What a route answering a brand's visitors also needs: the brand lookup, and the store. */
const SITE_ROUTES_NEED = [...ROUTES_NEED, 'brand', 'store'] as const;

/**
 * Every plugin of the app in the order it is registered, each declaring what must come before
 * it; Fastify refuses to start when one comes too early (platform/http/declared-plugin.ts).
 * Exported for the test that moves plugins out of order.
 */
export function appPlugins(options: AppOptions, build: { distDir: string; manifest: BuildManifest }): AppPlugin[] {
  const { config } = options;
  const { distDir, manifest } = build;
  const production = config.env === 'production';
  const pages = { manifest, vars: config.vars, production, ...(options.now ? { now: options.now } : {}) };
  return [
    // Every answer (pages, JSON, files, 404s) carries the security headers: everything that answers needs it first.
    entry(securityPlugin, { name: 'security' }, { production, adListUrl: config.vars.MEDIAALPHA_ADS_URL }),
    // The cookies' names for the mode (__Host- in production), before anything sets or reads one.
    entry(cookieNamesPlugin, { name: 'cookie-names' }, { production }),
    // HTML and JSON compressed on the fly.
    entry(compressionPlugin, { name: 'compression', dependencies: ['security'] }, {}),
    // Every JSON body is size-, depth- and key-checked before it is parsed.
    entry(jsonBodyPlugin, { name: 'json-body', dependencies: ['security'] }, {}),
    // Metrics time every answer; load shedding (503), then the rate limits (429), answer before the
    // brand lookup or any body; /healthz, /readyz and /metrics are exempt from both.
    entry(metricsPlugin, { name: 'metrics', dependencies: ['security', 'compression'] }, { token: config.vars.METRICS_TOKEN }),
    entry(sheddingPlugin, { name: 'shedding', dependencies: ['security', 'metrics'] }, { vars: config.vars }),
    // A request shed by the load shedding is not counted against the rate limits.
    entry(limitsPlugin, { name: 'limits', dependencies: ['security', 'shedding'] }, { vars: config.vars }),
    entry(healthPlugin, { name: 'health', dependencies: ['security', 'compression', 'metrics'] }, { distDir, manifest }),
    // OPS_PORT: the probes and /metrics on a port of their own, never queued behind visitors' connections.
    entry(opsListenerPlugin, { name: 'ops-listener', dependencies: ['health', 'metrics'] }, { vars: config.vars, host: config.host }),
    entry(storePlugin, { name: 'store' }, { config, ...(options.store ? { store: options.store } : {}) }),
    // The jobs stop in preClose, before the store closes.
    entry(leadJobsPlugin, { name: 'lead-jobs', dependencies: ['store'], decorators: { fastify: ['store'] } }, { vars: config.vars, ...(options.leadJobs ? { jobs: options.leadJobs } : {}) }),
    entry(contentFactoryJobsPlugin, { name: 'content-factory-jobs', dependencies: ['store'], decorators: { fastify: ['store'] } }, { vars: config.vars }),
    // After the rate limits and the shedding, which answer before the brand is known.
    entry(brandPlugin, { name: 'brand', dependencies: ['security', 'limits'] }, { development: !production, port: config.port }),
    // An address that does not decode, routed again past the brand lookup: the brand's 400 page.
    entry(badUrlPlugin, { name: 'bad-url', dependencies: ['security', 'limits', 'brand'] }, pages),
    // Right after the brand lookup, before the session cookies and every page plugin, whose hooks
    // an event answer does not need (auth-session declares it comes after this).
    entry(eventsPlugin, { name: 'events', dependencies: [...SITE_ROUTES_NEED], decorators: { request: ['brand'] } }, {}),
    entry(
      fastifyStatic,
      { name: 'static-assets', dependencies: ['compression'] },
      {
        root: path.join(distDir, 'assets'),
        prefix: '/assets/',
        immutable: true,
        maxAge: ONE_YEAR_SECONDS * 1000,
        decorateReply: false,
        // The build's brotli and gzip twins (build.ts), chosen by Accept-Encoding.
        preCompressed: true,
        // Source maps stay on disk but are not served in production (404).
        ...(production ? { allowedPath: notSourceMap } : {}),
      },
    ),
    entry(
      fastifyStatic,
      { name: 'static-builds', dependencies: ['compression'] },
      {
        root: path.join(distDir, 'builds'),
        prefix: '/builds/',
        cacheControl: false,
        decorateReply: false,
        // The version check and route guard must always see the newest build.
        setHeaders: (reply) => void reply.header('cache-control', 'no-cache'),
      },
    ),
    entry(fastifyStatic, { name: 'static-files', dependencies: ['compression'] }, { root: STATIC_DIR, prefix: '/static/', maxAge: 24 * 3600 * 1000, decorateReply: false }),
    // Uploaded images' files, from the store, for every host.
    entry(mediaPlugin, { name: 'media', dependencies: [...ROUTES_NEED, 'store'] }, {}),
    // The vehicle model catalog as a cacheable file instead of in the auto funnel's payloads.
    entry(vehicleModelsPlugin, { name: 'vehicle-models', dependencies: [...ROUTES_NEED, 'brand'] }, {}),
    // The session and form cookies; after the event intake, which must not carry their hooks.
    entry(authSessionPlugin, { name: 'auth-session', dependencies: [...SITE_ROUTES_NEED, 'events'] }, { config }),
    entry(previewKeyPlugin, { name: 'preview-key' }, { config }),
    // The control center (brand ccc) only for signed-in accounts, and never from another site; it
    // also provides the access checks of the contract's control-center and staff endpoints.
    entry(controlCenterAccessPlugin, { name: 'control-center-access', dependencies: ['brand', 'auth-session'], decorators: { request: ['brand', 'session'] } }, {}),
    // The visitor-id cookie a page with a running experiment issues on a first visit.
    entry(visitorIdPlugin, { name: 'visitor-id', dependencies: ['security'] }, { production }),
    entry(userStatePlugin, { name: 'user-state', dependencies: [...SITE_ROUTES_NEED, 'control-center-access'] }, {}),
    entry(leadsPlugin, { name: 'leads', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access'] }, { production, buildId: manifest.id }),
    entry(callbackPlugin, { name: 'lead-callback', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access'] }, { production, ...(options.now ? { now: options.now } : {}) }),
    entry(funnelStepPlugin, { name: 'funnel-step', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access'] }, { production }),
    entry(privacyChoicesPlugin, { name: 'privacy-choices', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access'] }, { production }),
    entry(ipLookupPlugin, { name: 'ip-lookup', dependencies: [...ROUTES_NEED, 'brand', 'control-center-access'] }, { allowIpOverride: !production }),
    entry(marketplacePlugin, { name: 'marketplace', dependencies: [...SITE_ROUTES_NEED, 'control-center-access'] }, { vars: config.vars }),
    entry(adsPlugin, { name: 'ads', dependencies: [...SITE_ROUTES_NEED, 'control-center-access'] }, { vars: config.vars }),
    // Rendered pages without per-visitor data are kept and served as bytes.
    entry(htmlCachePlugin, { name: 'html-cache' }, options.htmlCacheBytes === undefined ? {} : { maxBytes: options.htmlCacheBytes }),
    // The control center's JSON API (/api/cc/…): its endpoints are for staff, checked by the access plugin's checks.
    entry(
      controlCenterApiPlugin,
      {
        name: 'control-center-api',
        dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access', 'preview-key', 'content-factory-jobs'],
        decorators: { fastify: ['store', 'endpointAccessChecks', 'previewKey', 'contentFactory'] },
      },
      {},
    ),
    // A draft's preview for signed-in staff only: the control center's hop, and the brand host's (preview-token.ts).
    entry(previewPassPlugin, { name: 'preview-pass', dependencies: [...ROUTES_NEED, 'brand', 'auth-session', 'control-center-access', 'preview-key'], decorators: { fastify: ['endpointAccessChecks', 'previewKey'] } }, {}),
    entry(previewExchangePlugin, { name: 'preview-exchange', dependencies: ['brand', 'auth-session', 'preview-key'] }, { production }),
    entry(pagesPlugin, { name: 'pages', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access', 'visitor-id', 'html-cache', 'preview-exchange'] }, pages),
    entry(funnelPostPlugin, { name: 'funnel-post', dependencies: [...SITE_ROUTES_NEED, 'auth-session', 'control-center-access', 'visitor-id', 'html-cache', 'preview-exchange'] }, pages),
  ];
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
    // An address that does not decode gets the brand's error page, not the router's bare JSON (pages/bad-url.ts).
    frameworkErrors: routeBadUrlAgain,
    // Bytes that never became a request still get the security headers (platform/http/client-errors.ts).
    clientErrorHandler: clientErrorHandler(config.env === 'production'),
    // Bodies: small by default; each route that takes one declares its own (core/contract/body-limits.ts).
    bodyLimit: BODY_LIMITS.default,
    // Timeouts (env/http.ts): a slowly sent request or idle socket is cut, not held for minutes.
    ...httpTimeoutOptions(config.vars),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  for (const { plugin, options: pluginOptions } of appPlugins(options, { distDir, manifest })) await app.register(plugin, pluginOptions);
  return app;
}
