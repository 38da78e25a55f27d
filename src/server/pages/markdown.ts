/**
 * Staff-written Markdown to HTML for brand pages (issue 12 "Pages": "body (Markdown, rendered
 * safely with a maintained Markdown library, raw HTML off)"). Server only: markdown-it never
 * enters the visitor bundle; the payload carries the finished HTML.
 */
import MarkdownIt from 'markdown-it';

// html: false shows raw HTML as text; markdown-it's own link check already refuses
// javascript:, vbscript:, file: and data: (but images) URLs.
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Links open in the same tab, but one that does open elsewhere must not get window.opener.
const renderLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('rel', 'noopener');
  return renderLinkOpen(tokens, index, options, env, self);
};

// Images in the body sit below the hero, past the fold of a phone: load them only when scrolled near
// (issue 14 "Images"). Their size is not known here, so the stylesheet keeps them within the column.
const renderImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('loading', 'lazy');
  tokens[index]!.attrSet('decoding', 'async');
  return renderImage(tokens, index, options, env, self);
};

/** Renders Markdown to HTML with raw HTML shown as text and links given rel="noopener". */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
