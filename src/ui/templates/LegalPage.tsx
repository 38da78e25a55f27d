import { useEffect } from 'react';
import { TEMPLATE_LABELS } from '../../core/content/labels.ts';
import { stepPath } from '../../core/funnels/paths.ts';
import { BodyCopy } from './blocks/BodyCopy.tsx';
import { PageSections } from './blocks/PageSections.tsx';
import type { TemplateProps } from './types.ts';

/**
 * A legal text (terms, privacy): every section is rendered, with a table of contents. The route's
 * optional `{step}` names a section: when it matches one, that section is marked and scrolled to;
 * any other step shows the document from the top.
 */
export function LegalPage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  const { language, params, pattern } = payload.route;
  const labels = TEMPLATE_LABELS[language];
  const sections = page.sections ?? [];
  const selected = sections.some((section) => section.id === params.step) ? params.step : undefined;

  // Passive effects run after the client root's layout effect that scrolls to the top on
  // navigation, so this jump wins; it also runs after hydration of a direct visit.
  useEffect(() => {
    if (selected) document.getElementById(selected)?.scrollIntoView();
  }, [selected]);

  return (
    <article className="content-page template-legal" data-block-id="legal">
      <header className="page-hero" data-block-id="hero">
        <h1>{page.headline ?? page.title}</h1>
        {page.subheadline ? <p className="subheadline">{page.subheadline}</p> : null}
      </header>
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      {sections.length ? (
        <nav className="legal-contents" aria-labelledby="contents-heading" data-block-id="toc">
          <h2 id="contents-heading">{labels.contentsHeading}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={stepPath(pattern, params, section.id)} aria-current={section.id === selected ? 'location' : undefined}>
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <PageSections sections={sections} brand={brand} selected={selected} selectedNote={labels.linkedSection} />
    </article>
  );
}
