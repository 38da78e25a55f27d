import type { Brand } from '../../../../brands/types.ts';
import { fillBrandFacts } from '../../../core/content/brand-view.ts';

/**
 * The page's body: staff-written copy (`html`, Markdown the server rendered with raw HTML off,
 * issue 12) when there is some, else the built-in paragraphs.
 */
export function BodyCopy({ paragraphs, html, brand }: { paragraphs: readonly string[] | undefined; html?: string | undefined; brand: Brand }) {
  if (html) return <div className="page-body" data-block-id="body" dangerouslySetInnerHTML={{ __html: html }} />;
  if (!paragraphs?.length) return null;
  return (
    <div className="page-body" data-block-id="body">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{fillBrandFacts(paragraph, brand)}</p>
      ))}
    </div>
  );
}
