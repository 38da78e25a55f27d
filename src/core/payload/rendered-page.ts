/**
 * A page's configuration as its payload carries it, kept small: only what the
 * brand's page renders. The route table's page is shared by every brand and holds copy for them
 * all; the payload carries one brand's view of it.
 */
import type { Brand } from '../../../brands/types.ts';
import { copyForBrand, linksForBrand } from '../content/brand-view.ts';
import { withHomeVoice } from '../content/copy/home-voices.ts';
import { withStateName } from '../content/state-name.ts';
import type { PageConfig } from '../pages/types.ts';

/**
 * The fields a funnel page (ui/templates/FunnelPage.tsx) leaves unshown: its step screens show the
 * headline, the step and the small print, never the body copy, hero, offers or sections of a
 * content page. A route's page may still set them for the other templates a route table line shares.
 * `benefits` and `planTypes` stay although unshown: every event's page context carries them
 * (client/tracking/context.ts, spec "page context").
 */
const UNSHOWN_ON_FUNNELS = ['subheadline', 'image', 'body', 'bodyHtml', 'cta', 'destination', 'ctaCall', 'sections', 'links', 'linkBrands', 'byProduct'] as const satisfies readonly (keyof PageConfig)[];

/**
 * `page` as `brand` sees it: its product's copy applied (copyForBrand), a Medicare brand's home in
 * its own voice (home-voices.ts), and the product variants
 * dropped; its links those the brand's site serves (linksForBrand), in the brand's order, without
 * the per-brand link table; the brand's state named in its legal copy (withStateName); on a funnel
 * page, without the fields the funnel never shows.
 */
export function renderedPage(page: PageConfig, brand: Pick<Brand, 'id' | 'defaultProduct' | 'state'>): PageConfig {
  const branded = copyForBrand(page, brand);
  // A Medicare brand's home opens in its own words; another product's home copy is its own already.
  const voiced = page.template === 'home' && brand.defaultProduct === 'medicare' ? withHomeVoice(branded, brand.id) : branded;
  const { byProduct: _applied, linkBrands: _served, links: _all, ...own } = withStateName(voiced, brand.state);
  const links = linksForBrand(page, brand);
  const shown: PageConfig = { ...own, ...(links.length > 0 ? { links } : {}) };
  if (page.template !== 'funnel') return shown;
  for (const field of UNSHOWN_ON_FUNNELS) delete shown[field];
  return shown;
}
