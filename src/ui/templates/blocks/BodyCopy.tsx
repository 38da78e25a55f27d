import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';

/** The page's body paragraphs. */
export function BodyCopy({ paragraphs, brand }: { paragraphs: readonly string[] | undefined; brand: Brand }) {
  if (!paragraphs?.length) return null;
  return (
    <div className="page-body" data-block-id="body">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{fillBrandFacts(paragraph, brand)}</p>
      ))}
    </div>
  );
}
