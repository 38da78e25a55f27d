import { reviewHeadline } from '../../core/content/brand-view.ts';
import { BenefitList } from './blocks/BenefitList.tsx';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { ClosingCall } from './blocks/ClosingCall.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import { PageSections } from './blocks/PageSections.tsx';
import { SmallPrint } from './blocks/SmallPrint.tsx';
import type { TemplateProps } from './types.ts';

/**
 * A carrier review: introduction, then the same sections for every carrier (plan types, extras,
 * star ratings, pros, cons, who it may suit). The catch-all route names its carrier by slug.
 */
export function ReviewPage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  const { language, params } = payload.route;
  const headline = params.slug ? reviewHeadline(params.slug) : undefined;
  return (
    <article className="content-page template-review" data-block-id="review">
      <PageHero page={page} brand={brand} headline={headline} />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      <PageSections sections={page.sections} brand={brand} />
      <BenefitList page={page} language={language} />
      <ClosingCall page={page} brand={brand} language={language} />
      <SmallPrint disclaimers={page.disclaimers} brand={brand} language={language} />
    </article>
  );
}
