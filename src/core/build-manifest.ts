import type { MatchableRoute } from './router/match.ts';
import type { RouteRule } from './router/route.ts';

/** builds/latest.json: the current build id and when it was made; polled by the version check. */
export interface LatestBuild {
  id: string;
  timestamp: number;
}

/** builds/meta/{buildId}.json: the app manifest with the route rules (spec §7). */
export interface BuildManifest extends LatestBuild {
  /**
   * The hashed entry and stylesheets: `css` on every page, `controlCenterCss` on control-center
   * pages only (its chrome, screens and UI kit; visitor pages do not grow by a byte).
   * `templateChunks`: per page template with a chunk of its own, keyed by its source module
   * (`src/ui/templates/FunnelPage.tsx`), that chunk first and then the chunks it imports
   * statically; the page preloads them, so they load alongside the entry, not after it.
   */
  assets: { entry: string; css: string[]; controlCenterCss: string[]; templateChunks: Record<string, string[]> };
  routes: MatchableRoute[];
  routeRules: Readonly<Record<string, RouteRule>>;
}
