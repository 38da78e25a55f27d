/**
 * Published page content on brand sites (issue 12 "Pages": "Publish makes it live on the next
 * request on every server process"). The page payload's built-in configuration (routes.ts) gets
 * the live version's staff fields laid over it, read from the store on each request: one
 * primary-key lookup, and the store is the one every node shares, so a publish on any node shows
 * on every node at once (kept in memory per content epoch: page-reads.ts, store/content-epoch.ts). A staff preview (preview-token.ts: its cookie,
 * while its session is live) shows its draft version instead, never indexed and never cached.
 */
import type { FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS } from '../../core/control-center/images.ts';
import { PageFieldsSchema, type PageFields } from '../../core/control-center/page-fields.ts';
import { copyForBrand } from '../../core/content/brand-view.ts';
import { mediaPath } from '../../core/contract/media.ts';
import type { PageConfig, PageImage } from '../../core/pages/types.ts';
import type { PagePayload } from '../../core/payload/types.ts';
import { openPreviewPass, PREVIEW_COOKIE_NAME, PREVIEW_ON, PREVIEW_PARAM } from '../control-center/pages/preview-token.ts';
import { liveSession } from '../auth/auth-session.ts';
import type { Store } from '../platform/store/index.ts';
import type { ImageStore } from '../control-center/images/image-store.ts';
import { renderMarkdown } from './markdown.ts';
import { liveContent } from './page-reads.ts';

/** The WebP rendition a page's image falls back to without srcset support. */
const DEFAULT_IMAGE_WIDTH = 640;

/** The image a page shows for an image hash: the branch's image with its responsive renditions; undefined when the branch has no such image. */
export async function pageImage(store: Store, branch: string, sha256: string): Promise<PageImage | undefined> {
  const images = store as Store & Partial<Pick<ImageStore, 'getImage'>>;
  const image = await images.getImage?.(branch, sha256);
  if (image === undefined) return undefined;
  const widths = IMAGE_WIDTHS.filter((width) => image.files.some((file) => file.variant === `w${width}.webp`));
  if (widths.length === 0) return undefined;
  const fallback = widths.includes(DEFAULT_IMAGE_WIDTH) ? DEFAULT_IMAGE_WIDTH : widths.at(-1)!;
  return {
    src: mediaPath(sha256, `w${fallback}.webp`),
    srcSet: widths.map((width) => `${mediaPath(sha256, `w${width}.webp`)} ${width}w`).join(', '),
    sizes: '(min-width: 640px) 640px, 100vw',
    alt: image.alt,
    width: image.width,
    height: image.height,
  };
}

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

/** Which version a request sees: a staff preview's (`?preview=on`, its cookie for this page, session live), else the live one. */
async function requestedFields(request: FastifyRequest, payload: PagePayload): Promise<{ fields: unknown; preview: boolean } | undefined> {
  const { store } = request.server;
  const branch = payload.brand.id;
  const routeName = payload.route.name;
  // `?preview=on` with a preview cookie (preview-exchange.ts) for this page, while its staff session is live.
  const cookie = (request.query as Record<string, unknown>)[PREVIEW_PARAM] === PREVIEW_ON ? request.cookies[PREVIEW_COOKIE_NAME] : undefined;
  const pass = cookie === undefined ? undefined : openPreviewPass(request.server.previewSealKey, cookie, 'cookie');
  if (pass && pass.branch === branch && pass.route === routeName && (await liveSession(store, pass.sid)) !== undefined) {
    const version = await store.getContentVersion('page', branch, routeName, pass.version);
    if (version) return { fields: version.fields, preview: true };
  }
  const live = await liveContent(request, 'page', branch, routeName);
  return live ? { fields: live.fields, preview: false } : undefined;
}

/**
 * The page payload with its published (or previewed) staff fields applied; unchanged when the
 * page was never published. A preview is marked so the answer is not cached or indexed.
 */
export async function withPublishedContent(request: FastifyRequest, payload: PagePayload): Promise<PagePayload> {
  const chosen = await requestedFields(request, payload);
  if (chosen === undefined) return payload;
  // Stored fields were validated when saved; parsing again keeps a hand-edited row from reaching a page.
  const parsed = PageFieldsSchema.safeParse(chosen.fields);
  if (!parsed.success) {
    request.log.warn({ brand: payload.brand.id, route: payload.route.name }, 'stored page fields do not validate; the built-in page is shown');
    return payload;
  }
  const image = parsed.data.image === undefined ? undefined : await pageImage(request.server.store, payload.brand.id, parsed.data.image);
  const page = withPageFields(payload.page, payload.brand, parsed.data, image);
  return { ...payload, page: chosen.preview ? { ...page, indexable: false } : page, ...(chosen.preview ? { preview: true } : {}) };
}
