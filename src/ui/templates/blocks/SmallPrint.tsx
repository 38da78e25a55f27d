import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';
import { TEMPLATE_LABELS } from '../../../core/content/labels.ts';
import type { Language } from '../../../core/pages/types.ts';
import { StaticIsland } from '../../static-island.tsx';

/** The page's disclaimers, under a heading so screen-reader users can find them. */
export function SmallPrint({ disclaimers, brand, language }: { disclaimers: readonly string[] | undefined; brand: Brand; language: Language }) {
  if (!disclaimers?.length) return null;
  // Disclosures never change on the page: kept as the server rendered them (static-island.tsx).
  return (
    <StaticIsland contentKey={JSON.stringify(['small-print', brand.id, language, disclaimers])}>
      <aside className="small-print" aria-labelledby="small-print-heading" data-block-id="disclaimers">
        <h2 id="small-print-heading">{TEMPLATE_LABELS[language].smallPrintHeading}</h2>
        {disclaimers.map((text, index) => (
          <p key={index}>{fillBrandFacts(text, brand)}</p>
        ))}
      </aside>
    </StaticIsland>
  );
}
