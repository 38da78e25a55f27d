import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRANDS, brandForHost } from '../../../../brands/index.ts';
import type { Brand } from '../../../../brands/types.ts';
import { API_PREFIX } from '../../../core/contract/endpoint.ts';
import { BrandIndex, UnknownHostPage } from '../../../ui/HostPages.tsx';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand chosen by the Host header; undefined only for paths that need no brand. */
    brand?: Brand;
  }
}

/** Paths served the same for every host (assets, build files, brand images, uploaded images; health, readiness and metrics, asked by bare IP). */
const HOST_INDEPENDENT = /^\/((assets|builds|static|media)\/|(healthz|readyz|metrics)(\?|$))/;
const BARE_LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The brand pages' route, which takes every path no other route does. */
const PAGE_CATCH_ALL = '/*';

function hostName(request: FastifyRequest): string {
  return (request.headers.host ?? '').toLowerCase();
}

/**
 * Maps the Host header to a brand on every request (exact, wildcard, then {id}.localhost).
 * An unknown host gets a clear page, never some default brand's site; in development, bare
 * localhost lists the brands.
 */
export const brandPlugin = fp(async function brandPlugin(app: FastifyInstance, options: { development: boolean; port: number }) {
  app.decorateRequest('brand', undefined);
  app.addHook('onRequest', async (request, reply) => {
    if (HOST_INDEPENDENT.test(request.url)) {
      // A host-independent path that no route of its own takes (`/media/` alone, a file path with a
      // segment too many) would reach the brand pages' catch-all without a brand: it is simply not there.
      const route = request.routeOptions.url;
      if (route === undefined || route === PAGE_CATCH_ALL) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    const brand = brandForHost(hostName(request));
    if (brand) {
      request.brand = brand;
      return;
    }
    const bare = hostName(request).replace(/:\d+$/, '');
    const isApi = request.url.startsWith(API_PREFIX);
    if (options.development && BARE_LOCAL_HOSTS.has(bare) && request.url.split('?')[0] === '/' && !isApi) {
      return reply.type('text/html; charset=utf-8').send('<!DOCTYPE html>' + renderToStaticMarkup(createElement(BrandIndex, { brands: BRANDS, port: options.port })));
    }
    if (isApi) return reply.code(404).send({ error: 'Unknown site', host: bare });
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send('<!DOCTYPE html>' + renderToStaticMarkup(createElement(UnknownHostPage, { host: bare })));
  });
});
