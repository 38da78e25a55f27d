import { publicBrand } from './public-brand.ts';
import type { PublicBrand, ErrorPayload } from './types.ts';
import type { Language } from '../pages/types.ts';

/** Defaults of the error pages (spec §2 "Errors", §8). */
export const NOT_FOUND_STATUS = 404;
export const NOT_FOUND_MESSAGE = 'Page Not Found';
export const DEFAULT_ERROR_STATUS = 500;
export const DEFAULT_ERROR_MESSAGE = 'Internal Server Error';

/** Status codes outside 100-999 fall back to the default (spec §8). */
export function normaliseStatus(status: unknown, fallback = DEFAULT_ERROR_STATUS): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 999 ? status : fallback;
}

/** The 404 page for an unmatched path: 'Page not found: {path}'. */
export function notFoundPayload(brand: PublicBrand, path: string, buildId: string, language: Language = 'english', description = `Page not found: ${path}`): ErrorPayload {
  return { kind: 'error', status: NOT_FOUND_STATUS, statusMessage: NOT_FOUND_MESSAGE, description, buildId, path, brand: publicBrand(brand), language };
}

/** The generic error page; a bad status falls back to 500 'Internal Server Error'. */
export function errorPayload(brand: PublicBrand, path: string, buildId: string, status?: unknown, description = 'Something went wrong on our side. Please try again in a moment.'): ErrorPayload {
  const code = normaliseStatus(status);
  return {
    kind: 'error',
    status: code,
    statusMessage: code === NOT_FOUND_STATUS ? NOT_FOUND_MESSAGE : code === DEFAULT_ERROR_STATUS ? DEFAULT_ERROR_MESSAGE : `Error ${code}`,
    description,
    buildId,
    path,
    brand: publicBrand(brand),
    language: 'english',
  };
}

/** The status of the bad-address page ({@link badUrlPayload}). */
export const BAD_URL_STATUS = 400;
/** The status message of the bad-address page. */
export const BAD_URL_MESSAGE = 'Bad Request';

/**
 * The error page of an address whose percent-encoding does not decode (`/%E0%A4%A`: a link cut
 * short or mangled on its way), status 400: the brand's page, saying what went wrong.
 */
export function badUrlPayload(brand: PublicBrand, path: string, buildId: string): ErrorPayload {
  const description = 'This address is not valid: the link may have been cut short or mistyped. Please start again from the home page.';
  return { ...errorPayload(brand, path, buildId, BAD_URL_STATUS, description), statusMessage: BAD_URL_MESSAGE };
}
