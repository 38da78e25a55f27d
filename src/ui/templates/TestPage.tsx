import { TEMPLATE_LABELS } from '../../core/content/labels.ts';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import type { TemplateProps } from './types.ts';

/** The test page: proves the brand, route and template resolved, with the facts that show it. */
export function TestPage({ payload }: TemplateProps) {
  const { page, brand, route } = payload;
  const facts: [string, string][] = [
    ['Brand', `${brand.name} (${brand.id})`],
    ['Route', route.name],
    ['Template', page.template],
    ['Language', route.language],
    ['Build', payload.buildId],
  ];
  return (
    <article className="content-page template-test" data-block-id="test">
      <PageHero page={page} brand={brand} />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      <section aria-labelledby="facts-heading" data-block-id="page-facts">
        <h2 id="facts-heading">{TEMPLATE_LABELS[route.language].pageFactsHeading}</h2>
        <dl className="page-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
