import { notFoundPayload } from '../payload/errors.ts';
import type { Payload } from '../payload/types.ts';
import { runMiddleware } from './middleware.ts';

/**
 * Re-runs a page's route middleware in the browser at hydration (spec §8 "Failed middleware during
 * hydration"). A guard that refuses there, or throws, turns the page into 404 'Page Not Found';
 * otherwise the payload is returned unchanged.
 */
export function guardAtHydration(payload: Payload, query: Record<string, string>): Payload {
  if (payload.kind !== 'page' || !payload.route.middleware?.length) return payload;
  let allowed: boolean;
  try {
    allowed = runMiddleware(payload.route.name, payload.route.middleware, { params: payload.route.params, query });
  } catch (error) {
    console.error(error);
    allowed = false;
  }
  return allowed ? payload : notFoundPayload(payload.brand, payload.path, payload.buildId, payload.route.language, 'Page Not Found');
}
