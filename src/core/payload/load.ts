import type { Brand } from '../../../brands/types.ts';
import { trustStripProduct } from '../content/trust.ts';
import { funnelById } from '../funnels/index.ts';
import { funnelForStep } from '../funnels/step-funnel.ts';
import { DEFAULT_LANGUAGE } from '../pages/types.ts';
import type { Matcher, RouteMatch } from '../router/match.ts';
import { runMiddleware } from '../router/middleware.ts';
import type { RouteDefinition } from '../router/route.ts';
import { isWithinWorkingHours } from '../working-hours.ts';
import { notFoundPayload } from './errors.ts';
import { renderedPage } from './rendered-page.ts';
import { publicBrand } from './public-brand.ts';
import type { PagePayload, Payload, StepState } from './types.ts';

/** What the loader needs to know about one request. */
export interface PayloadRequest {
  brand: Brand;
  /** The request path, without the query string. */
  path: string;
  query: Record<string, string>;
  buildId: string;
  /** The request time; working hours are judged at it (default: now). */
  now?: Date;
  /** Whether the call centre is open, when already judged for this request (the server's visit); else judged at `now`. */
  workingHours?: boolean;
  /** Outside working hours, when the call centre next opens (epoch ms), when judged for this request (the server's visit). */
  nextOpening?: number | undefined;
}

/** The declared query parameters present in the query, so a page can be keyed by them. */
function pickQueryParams(names: readonly string[] | undefined, query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    (names ?? []).flatMap((name) => {
      const value = query[name];
      return value ? [[name, value] as const] : [];
    }),
  );
}

/** Resolves the funnel step from the route's `{step}`: an unknown or missing step is the first one. */
export function resolveStep(stepNames: readonly string[], requested: string | undefined): StepState {
  const index = requested === undefined ? -1 : stepNames.indexOf(requested);
  const found = index >= 0;
  const shown = found ? index : 0;
  const name = stepNames[shown];
  if (name === undefined) throw new Error('resolveStep: a funnel has at least one step');
  return { name, number: shown + 1, isFallback: !found };
}

/**
 * Turns (brand, path) into the page's payload. Pure: status, funnel step and error pages are all
 * decided here, before the first byte is written, and the client navigates with the same loader.
 * It carries only what the page renders, to keep payloads small: the brand's view of the page
 * (renderedPage) and, on a funnel, the shown step whole and the others outlined (funnelForStep),
 * and the brand's shown facts (publicBrand).
 */
export function loadPayload(matcher: Matcher<RouteDefinition>, request: PayloadRequest): Payload {
  return payloadOfMatch(matcher.match(request.brand.id, request.path), request);
}

/** {@link loadPayload} for a path already matched (`match`: the path's route for the brand, or undefined when none). */
export function payloadOfMatch(match: RouteMatch<RouteDefinition> | undefined, request: PayloadRequest): Payload {
  const { brand, path, query, buildId } = request;
  if (!match) return notFoundPayload(brand, path, buildId);
  const { route } = match;
  const params = { ...pickQueryParams(route.queryParams, query), ...match.params };
  const language = route.language ?? DEFAULT_LANGUAGE;
  if (route.validate && route.validate(params) !== true) {
    return notFoundPayload(brand, path, buildId, language, `Page Not Found: ${path}`);
  }
  if (!runMiddleware(route.name, route.middleware, { params, query })) {
    return notFoundPayload(brand, path, buildId, language, `Page Not Found: ${path}`);
  }
  const funnel = route.page.form ? funnelById(route.page.form) : undefined;
  const step = funnel ? resolveStep(funnel.steps.map((s) => s.name), params.step) : undefined;
  const payload: PagePayload = {
    kind: 'page',
    status: 200,
    buildId,
    path,
    brand,
    route: {
      name: route.name,
      pattern: route.path,
      language,
      ...(route.smid?.[brand.id] ? { smid: route.smid[brand.id] } : {}),
      ...(route.xsmid?.[brand.id] ? { xsmid: route.xsmid[brand.id] } : {}),
      params,
      ...(route.middleware ? { middleware: route.middleware } : {}),
    },
    page: renderedPage(route.page, brand),
    workingHours: request.workingHours ?? isWithinWorkingHours(request.now ?? new Date(), { utmMedium: query.utm_medium }),
    ...(request.nextOpening === undefined ? {} : { nextOpening: request.nextOpening }),
    ...(funnel && step ? { funnel: funnelForStep(funnel, step.number - 1) } : {}),
    ...(step ? { step } : {}),
  };
  return { ...payload, brand: publicBrand(brand, trustStripProduct(payload)) };
}
