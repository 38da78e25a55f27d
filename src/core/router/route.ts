import type { BrandId } from '../../../brands/ids.ts';
import type { Language, PageConfig } from '../pages/types.ts';

/** Per-brand campaign codes of a route (spec §3 Route metadata smid / xsmid). */
export type CampaignCodes = Partial<Record<BrandId, string>>;

/**
 * One route of the table (DESIGN.md "One route table"). Data with types: the server matches and
 * renders it, the build writes its matchable part into the manifest, the CLI audits it.
 */
export interface RouteDefinition {
  name: string;
  path: string;
  brands: readonly BrandId[];
  smid?: CampaignCodes;
  xsmid?: CampaignCodes;
  language?: Language;
  page: PageConfig;
  /** Route validation: anything but `true` shows 404 'Page Not Found: {path}'. */
  validate?: (params: Record<string, string>) => unknown;
  /** Query parameters the page reads as if they were path params (e.g. the control center's ?branch=). */
  queryParams?: readonly string[];
  /** Named route middleware (src/core/router/middleware.ts); an unknown name is a start-up error. */
  middleware?: readonly string[];
}

/** A route rule from the manifest (spec §7): may redirect, may ask for app middleware. */
export interface RouteRule {
  redirect?: string;
  appMiddleware?: boolean;
}
