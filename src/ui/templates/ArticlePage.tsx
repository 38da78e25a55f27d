import { BodyCopy } from './blocks/BodyCopy.tsx';
import { ClosingCall } from './blocks/ClosingCall.tsx';
import { PageHero } from './blocks/PageHero.tsx';
import { SmallPrint } from './blocks/SmallPrint.tsx';
import type { TemplateProps } from './types.ts';

// UTC and a fixed locale: the server and the browser must print the same day, or hydration differs.
const PUBLISHED_DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A published control-center article in the brand's chrome: title, summary,
 * byline and image, the Markdown body the server rendered, then the brand's own call to action
 * and small print. The call to action waits for the end: a reader came to read.
 */
export function ArticlePage({ payload }: TemplateProps) {
  const { page, brand } = payload;
  const { language } = payload.route;
  const byline = page.article ? (
    <p className="article-byline" data-block-id="byline">
      {`By ${page.article.author} · `}
      <time dateTime={page.article.publishedAt}>{PUBLISHED_DAY.format(new Date(page.article.publishedAt))}</time>
    </p>
  ) : null;
  return (
    <article className="content-page template-article" data-block-id="article">
      <PageHero page={page} brand={brand} showCta={false} afterCta={byline} />
      <BodyCopy paragraphs={page.body} html={page.bodyHtml} brand={brand} />
      <ClosingCall page={page} brand={brand} language={language} />
      <SmallPrint disclaimers={page.disclaimers} brand={brand} language={language} />
    </article>
  );
}
