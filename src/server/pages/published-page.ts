/**
 * Published page content on brand sites: publishing makes it live on the next request on every
 * server process. The page payload's built-in configuration (routes.ts) gets the live version's
 * staff fields laid over it, read through the request's site content (site-content.ts): as of the
 * content epoch of the store every node shares, so a publish on any node shows on every node at
 * once. A staff preview (preview-token.ts: its cookie, while its session is live) shows its draft
 * version instead, never indexed and never cached.
 */
import type { PageFields } from '../../core/control-center/page-fields.ts';
import { copyForBrand } from '../../core/content/brand-view.ts';
import type { PageConfig, PageImage } from '../../core/pages/types.ts';
import type { PagePayload } from '../../core/payload/types.ts';
import { renderMarkdown } from './markdown.ts';
import type { SiteContent } from './site-content.ts';
import type { Visit } from './visit.ts';

/**
 * `page` (as `brand` sees it) with staff `fields` laid over it: text fields replace the built-in
 * ones, the Markdown body replaces the body paragraphs with its rendered HTML, and the image
 * replaces the built-in one (none when it could not be resolved). The product copy variants are
 * applied first and dropped, so the browser does not lay them back over the staff's copy.
 */
export function withPageFields(page: PageConfig, brand: PagePayload['brand'], fields: PageFields, image: PageImage | undefined): PageConfig {
  const { byProduct: _applied, ...merged }: PageConfig = { ...copyForBrand(page, brand) };
  const { body, image: imageHash, ...plain } = fields;
  Object.assign(merged, plain);
  if (body !== undefined) {
    delete merged.body;
    merged.bodyHtml = renderMarkdown(body);
  }
  if (imageHash !== undefined) {
    if (image) merged.image = image;
    else delete merged.image;
  }
  return merged;
}

/**
 * The page payload with the staff fields the visit is shown laid over it: a live preview's draft
 * (marked, so the answer is neither cached nor indexed) or the published version; unchanged when
 * the page has neither.
 */
export async function withPublishedContent(payload: PagePayload, visit: Visit, content: SiteContent): Promise<PagePayload> {
  const shown = await content.pageFields(payload.brand.id, payload.route.name, visit.previewVersion);
  if (shown === undefined) return payload;
  const image = shown.fields.image === undefined ? undefined : await content.image(payload.brand.id, shown.fields.image);
  const page = withPageFields(payload.page, payload.brand, shown.fields, image);
  return { ...payload, page: shown.preview ? { ...page, indexable: false } : page, ...(shown.preview ? { preview: true } : {}) };
}
