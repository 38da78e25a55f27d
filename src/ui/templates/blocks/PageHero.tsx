import type { ReactNode } from 'react';
import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';
import type { PageConfig } from '../../../core/pages/types.ts';
import { CallToAction } from './CallToAction.tsx';

/**
 * The top of a page: the one h1, the subheadline, the main call to action, what the page shows
 * beside that action (`afterCta`: the home page's trust strip) and the illustration. The image
 * comes last so the action stays above the fold on small phones; it is still the page's largest
 * paint, so it is fetched first (not lazily) and has its size, so nothing moves when it arrives.
 */
export function PageHero({ page, brand, headline, showCta = true, afterCta }: { page: PageConfig; brand: Brand; headline?: string | undefined; showCta?: boolean; afterCta?: ReactNode }) {
  const fill = (text: string) => fillBrandFacts(text, brand);
  return (
    <header className="page-hero" data-block-id="hero">
      <h1>{fill(headline ?? page.headline ?? page.title ?? '')}</h1>
      {page.subheadline ? <p className="subheadline">{fill(page.subheadline)}</p> : null}
      {showCta ? <CallToAction page={page} brand={brand} blockId="hero-cta" /> : null}
      {afterCta}
      {page.image ? (
        // High priority: React's server renderer then preloads it (`<link rel=preload as=image imagesrcset>`
        // in the head) ahead of other images, since the hero is the first thing a visitor sees.
        <img className="hero-image" src={page.image.src} srcSet={page.image.srcSet} sizes={page.image.sizes} alt={page.image.alt} width={page.image.width} height={page.image.height} decoding="async" fetchPriority="high" />
      ) : null}
    </header>
  );
}
