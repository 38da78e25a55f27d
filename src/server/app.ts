import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { ROUTES } from '../../routes.ts';
import { auditRoutes, SHIPPED_AUDIT_CONTEXT } from '../core/router/audit.ts';
import type { Config } from './config.ts';
import { readBuildManifest } from './build-info.ts';
import { adsPlugin } from './plugins/ads.ts';
import { authSessionPlugin } from './plugins/auth-session.ts';
import { brandPlugin } from './plugins/brand.ts';
import { eventsPlugin } from './plugins/events.ts';
import { funnelPostPlugin } from './plugins/funnel-post.ts';
import { ipLookupPlugin } from './plugins/ip-lookup.ts';
import { leadJobsPlugin, type LeadJobsOptions } from './plugins/lead-jobs.ts';
import { leadsPlugin } from './plugins/leads.ts';
import { marketplacePlugin } from './plugins/marketplace.ts';
import { pagesPlugin } from './plugins/pages.ts';
import { storePlugin } from './plugins/store.ts';
import { userStatePlugin } from './plugins/user-state.ts';
import type { Store } from './store/index.ts';

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
  /** An already-open store (tests share one); otherwise the app opens and closes its own. */
  store?: Store;
  /** The lead outbox worker and retention job (default: both on); tests switch them off or tune them. */
  leadJobs?: LeadJobsOptions;
  /** The clock pages judge working hours by (default: the system clock); browser tests fake it. */
  now?: () => Date;
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
    logger: options.logger === false ? false : { level: config.logLevel },
    trustProxy: true,
    // Deep funnel paths and long ad-click query strings are normal; keep the default 100-char cap off.
    routerOptions: { maxParamLength: 500 },
  });

  await app.register(storePlugin, { config, ...(options.store ? { store: options.store } : {}) });
  // After the store, which the jobs use; they stop in preClose, before the store closes.
  await app.register(leadJobsPlugin, { vars: config.vars, ...(options.leadJobs ? { jobs: options.leadJobs } : {}) });
  await app.register(brandPlugin, { development: config.env !== 'production', port: config.port });
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: ONE_YEAR_SECONDS * 1000,
    decorateReply: false,
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
  await app.register(authSessionPlugin, { config });
  await app.register(eventsPlugin);
  await app.register(userStatePlugin);
  await app.register(leadsPlugin);
  await app.register(ipLookupPlugin, { allowIpOverride: config.env !== 'production' });
  await app.register(marketplacePlugin, { vars: config.vars });
  await app.register(adsPlugin, { vars: config.vars });
  const pages = { manifest, vars: config.vars, ...(options.now ? { now: options.now } : {}) };
  await app.register(pagesPlugin, pages);
  await app.register(funnelPostPlugin, pages);
  return app;
}
