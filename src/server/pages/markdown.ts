/**
 * Staff-written Markdown to HTML for brand pages: a page's body is Markdown, rendered safely
 * with a maintained Markdown library, raw HTML off. Server only: markdown-it never
 * enters the visitor bundle; the payload carries the finished HTML.
 */
import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';

/** A markdown-it instance (the package's types export the constructor, not the instance's type). */
type Markdown = ReturnType<typeof MarkdownIt>;

let markdown: Markdown | undefined;

/**
 * The renderer, made on the first Markdown to render, to keep start-up fast and small: only
 * published pages with a body and articles need markdown-it, so start-up neither reads nor keeps
 * it. Loaded with `require` (its CommonJS build) so {@link renderMarkdown} stays synchronous; a
 * `require` made here, not the bare word, so the compiled server loads it from node_modules on
 * first use instead of bundling it into its entry.
 */
function renderer(): Markdown {
  if (markdown) return markdown;
  const MarkdownItClass = createRequire(import.meta.url)('markdown-it') as typeof MarkdownIt;
  // html: false shows raw HTML as text; markdown-it's own link check already refuses
  // javascript:, vbscript:, file: and data: (but images) URLs.
  const made = new MarkdownItClass({ html: false, linkify: false, typographer: false });

  // Links open in the same tab, but one that does open elsewhere must not get window.opener.
  const renderLinkOpen = made.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
  made.renderer.rules.link_open = (tokens, index, options, env, self) => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- markdown-it calls a rule with the index of the token it renders
    tokens[index]!.attrSet('rel', 'noopener');
    return renderLinkOpen(tokens, index, options, env, self);
  };

  // Images in the body sit below the hero, past the fold of a phone: load them only when scrolled near
  // (they would slow the first paint). Their size is not known here, so the stylesheet keeps them within the column.
  const renderImage = made.renderer.rules.image;
  if (renderImage === undefined) throw new Error('markdown-it came without its image rule');
  made.renderer.rules.image = (tokens, index, options, env, self) => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- markdown-it calls a rule with the index of the token it renders
    const image = tokens[index]!;
    image.attrSet('loading', 'lazy');
    image.attrSet('decoding', 'async');
    return renderImage(tokens, index, options, env, self);
  };
  markdown = made;
  return made;
}

/** Renders Markdown to HTML with raw HTML shown as text and links given rel="noopener". */
export function renderMarkdown(source: string): string {
  return renderer().render(source);
}
