import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';
import type { PageSection } from '../../../core/pages/types.ts';
import { StaticIsland } from '../../static-island.tsx';

/**
 * Titled sections, each an anchor (`id`) with its own h2. The selected one (a legal page's
 * `{step}`) is marked for sighted and screen-reader users alike.
 */
export function PageSections({
  sections,
  brand,
  selected,
  selectedNote,
}: {
  sections: readonly PageSection[] | undefined;
  brand: Brand;
  selected?: string | undefined;
  selectedNote?: string;
}) {
  if (!sections?.length) return null;
  const fill = (text: string) => fillBrandFacts(text, brand);
  // Long legal text with nothing to click but links: kept as the server rendered it (static-island.tsx).
  return (
    <StaticIsland contentKey={JSON.stringify(['sections', brand.id, sections, selected ?? null, selectedNote ?? null])}>
      <div className="page-sections">
        {sections.map((section) => {
          const isSelected = section.id === selected;
          return (
            <section
              key={section.id}
              id={section.id}
              className={isSelected ? 'page-section is-selected' : 'page-section'}
              aria-labelledby={`${section.id}-heading`}
              data-block-id={`section-${section.id}`}
            >
              <h2 id={`${section.id}-heading`}>
                {section.heading}
                {isSelected && selectedNote ? <span className="content-visually-hidden"> {selectedNote}</span> : null}
              </h2>
              {section.paragraphs.map((paragraph, index) => (
                <p key={index}>{fill(paragraph)}</p>
              ))}
              {section.items?.length ? (
                <ul>
                  {section.items.map((item, index) => (
                    <li key={index}>{fill(item)}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
    </StaticIsland>
  );
}
