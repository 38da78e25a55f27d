import { BenefitList } from './blocks/BenefitList.tsx';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { ClosingCall } from './blocks/ClosingCall.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import { SmallPrint } from './blocks/SmallPrint.tsx';
import type { TemplateProps } from './types.ts';

/** A landing page: headline, call to action, illustration, body copy, benefits, closing call, small print. */
export function ContentPage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  const { language } = payload.route;
  return (
    <article className={`content-page template-${page.template}`} data-block-id="content">
      <PageHero page={page} brand={brand} />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      <BenefitList page={page} language={language} />
      <ClosingCall page={page} brand={brand} language={language} />
      <SmallPrint disclaimers={page.disclaimers} brand={brand} language={language} />
    </article>
  );
}
