/**
 * A provider's Markdown made into an article draft: the level-one heading is the title,
 * the first paragraph the summary, the rest the body, the run's author the byline. The slug is
 * made from the topic and the item, not from the generated text, so an item done again after a
 * crash writes to the same slug and finds its draft already there instead of making a second one.
 */
import { ARTICLE_FIELD_LIMITS, ArticleFieldsSchema, type ArticleFields } from '../../../core/control-center/article-fields.ts';
import { zodProblems } from '../../../core/zod-problems.ts';

/** The longest topic part of a draft's slug, leaving room for `-r{run}-{item}` under the slug limit. */
const SLUG_TOPIC_MAX = 50;

/** The slug of item `itemId` of run `runId` on `topic`: `medicare-dental-r3-17`. */
export function draftSlug(topic: string, runId: number, itemId: number): string {
  const words =
    topic
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, SLUG_TOPIC_MAX)
      .replace(/^-+|-+$/g, '') || 'draft';
  return `${words}-r${runId}-${itemId}`;
}

/** `text` cut to `max` characters at a word boundary, with an ellipsis when cut. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** Markdown's inline marks dropped: links keep their words, emphasis and code marks go. */
function plain(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The article fields of a draft, or the problems that keep it from being one. */
export function draftFields(markdown: string, topic: string, author: { id: number; name: string }): { fields: ArticleFields } | { problems: string[] } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const headingAt = lines.findIndex((line) => /^#\s+\S/.test(line));
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- findIndex found the heading at headingAt
  const title = headingAt === -1 ? topic : lines[headingAt]!.replace(/^#\s+/, '').trim();
  const body = (headingAt === -1 ? lines : lines.filter((_line, index) => index !== headingAt)).join('\n').trim();
  if (body.length > ARTICLE_FIELD_LIMITS.body) return { problems: [`the draft is longer than ${ARTICLE_FIELD_LIMITS.body} characters`] };
  const firstParagraph = body.split(/\n\s*\n/).find((paragraph) => !/^\s*(#|[-*+] |\d+\. |\|)/.test(paragraph)) ?? body;
  const parsed = ArticleFieldsSchema.safeParse({
    title: cut(plain(title), ARTICLE_FIELD_LIMITS.title),
    summary: cut(plain(firstParagraph), ARTICLE_FIELD_LIMITS.summary),
    body,
    author: cut(author.name, ARTICLE_FIELD_LIMITS.author),
    authorId: author.id,
  });
  return parsed.success ? { fields: parsed.data } : { problems: zodProblems(parsed.error) };
}
