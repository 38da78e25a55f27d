import { TEMPLATE_LABELS } from '../../core/content/labels.ts';
import { ReviewStrip } from '../trust/ReviewStrip.tsx';
import { TrustStrip } from '../trust/TrustStrip.tsx';
import { BenefitList } from './blocks/BenefitList.tsx';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import { SmallPrint } from './blocks/SmallPrint.tsx';
import type { TemplateProps } from './types.ts';

/**
 * The home page: one route for every site brand, so the copy follows the brand's default product
 * and the offer links are only those the brand's own site serves, its own product first (both
 * applied to the payload's page by the loader, core/payload/rendered-page.ts); each offer link is a
 * learn-more control (a learnMoreClicked event). The
 * trust strip follows the main call to action, about the brand's own product, and the review
 * strip follows it where the brand has reviews to quote.
 */
export function HomePage({ payload }: TemplateProps) {
  const { brand } = payload;
  const { language } = payload.route;
  const { page } = payload;
  const links = page.links ?? [];
  const labels = TEMPLATE_LABELS[language];
  return (
    <article className="content-page template-home" data-block-id="home">
      <PageHero
        page={page}
        brand={brand}
        afterCta={
          <>
            <TrustStrip brand={brand} product={brand.defaultProduct} language={language} />
            <ReviewStrip reviews={payload.reviews} language={language} />
          </>
        }
      />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      {links.length ? (
        <nav className="offer-block" aria-labelledby="offers-heading" data-block-id="offers">
          <h2 id="offers-heading">{labels.offersHeading}</h2>
          <ul className="offer-list">
            {links.map((link) => (
              <li key={link.href}>
                <a className="offer-link" href={link.href} data-learn-more="">
                  <span className="offer-label">{link.label}</span>
                  {link.description ? <span className="offer-description">{link.description}</span> : null}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <BenefitList page={page} language={language} />
      <SmallPrint disclaimers={page.disclaimers} brand={brand} language={language} />
    </article>
  );
}
