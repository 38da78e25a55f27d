import { benefitLabel } from '../../../core/content/benefits.ts';
import { TEMPLATE_LABELS } from '../../../core/content/labels.ts';
import type { Language, PageConfig } from '../../../core/pages/types.ts';

/** The benefits a page is about, and the plan types to ask about, as plain lists. */
export function BenefitList({ page, language }: { page: PageConfig; language: Language }) {
  const labels = TEMPLATE_LABELS[language];
  if (!page.benefits?.length) return null;
  return (
    <section className="benefit-block" aria-labelledby="benefits-heading" data-block-id="benefits">
      <h2 id="benefits-heading">{labels.benefitsHeading}</h2>
      <ul className="benefit-list">
        {page.benefits.map((id) => (
          <li key={id} data-benefit={id}>
            {benefitLabel(id, language)}
          </li>
        ))}
      </ul>
      {page.planTypes?.length ? (
        <p className="plan-types">
          <strong>{labels.planTypesHeading}:</strong> {page.planTypes.join(', ')}
        </p>
      ) : null}
    </section>
  );
}
