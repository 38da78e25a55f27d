/**
 * The product line a marketplace call is made for, worked out on the server from the page the
 * visitor is on (never a line the browser names): the route the page's path matches for the
 * request's brand, and that route's page `product` (core/marketplace/product-line.ts). A path that
 * matches no page of the brand gets the brand's own line, as a page without a product does.
 */
import type { FastifyRequest } from 'fastify';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import { pageProductLine, productLine, type ProductLine } from '../../core/marketplace/product-line.ts';
import { PAGE_MATCHER } from '../pages/visit.ts';

/**
 * The product line of `brandId`'s page at `path` (a pathname, no query).
 *
 * @example
 * pageLineOf('wc', '/go-4-life/contact'); // 'life'
 * pageLineOf('tqg', '/'); // 'auto'
 */
export function pageLineOf(brandId: string, path: string): ProductLine {
  return pageProductLine(brandId, PAGE_MATCHER.match(brandId, path)?.route.page.product);
}

/**
 * The language of `brandId`'s page at `path`, from the route table as its product line is (never
 * one the browser names): `es` on a Spanish route, `en` on any other, or on a path no page matches.
 *
 * @example
 * pageLanguageOf('ac', '/ads-es/ads'); // 'es'
 */
export function pageLanguageOf(brandId: string, path: string): LeadLanguage {
  return PAGE_MATCHER.match(brandId, path)?.route.language === 'spanish' ? 'es' : 'en';
}

/** The pathname of a full page address; '/' for one that does not parse (the schemas checked it is a URL). */
export function pathOfUrl(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '/';
  }
}

/** The product line of the page at `path` on the request's brand; the brand's own line when no path is known. */
export function requestLine(request: FastifyRequest, path: string | undefined): ProductLine {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the brand plugin answers every /api/ request of an unknown host, so a brand is set here
  const brandId = request.brand!.id;
  return path === undefined ? productLine(brandId) : pageLineOf(brandId, path);
}
