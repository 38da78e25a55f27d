import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';
import { StaticIsland } from '../../static-island.tsx';

/**
 * The page's body: staff-written copy (`html`, Markdown the server rendered with raw HTML off)
 * when there is some, else the built-in paragraphs.
 */
export function BodyCopy({ paragraphs, html, brand }: { paragraphs: readonly string[] | undefined; html?: string | undefined; brand: Brand }) {
  if (html) return <div className="page-body" data-block-id="body" dangerouslySetInnerHTML={{ __html: html }} />;
  if (!paragraphs?.length) return null;
  // Long copy: kept as the server rendered it (static-island.tsx).
  return (
    <StaticIsland contentKey={JSON.stringify(['body', brand.id, paragraphs])}>
      <div className="page-body" data-block-id="body">
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{fillBrandFacts(paragraph, brand)}</p>
        ))}
      </div>
    </StaticIsland>
  );
}
