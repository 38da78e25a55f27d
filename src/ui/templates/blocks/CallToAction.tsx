import type { Brand } from '../../../../brands/types.ts';
import { ctaHref, fillBrandFacts } from '../../../core/content/brand-view.ts';
import type { PageConfig } from '../../../core/pages/types.ts';

/** The page's main call to action: a button-styled link to its destination or the brand's phone. */
export function CallToAction({ page, brand, blockId }: { page: PageConfig; brand: Brand; blockId: string }) {
  const href = ctaHref(page, brand);
  if (!href || !page.cta) return null;
  return (
    <a className="button button-primary cta-button" href={href} data-block-id={blockId}>
      {fillBrandFacts(page.cta, brand)}
    </a>
  );
}
