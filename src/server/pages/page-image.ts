/**
 * A page's image as the brand site shows it: an uploaded image of the branch, looked up by its
 * hash, with the responsive WebP renditions it has. Shared by the page pipeline (site content) and
 * every control-center check that an image a change names exists.
 */
import { IMAGE_WIDTHS } from '../../core/control-center/images.ts';
import { mediaPath } from '../../core/contract/media.ts';
import type { PageImage } from '../../core/pages/types.ts';
import type { ImageStore } from '../control-center/images/image-store.ts';
import type { Store } from '../platform/store/index.ts';

/** The WebP rendition a page's image falls back to without srcset support. */
const DEFAULT_IMAGE_WIDTH = 640;

/** The image a page shows for an image hash: the branch's image with its responsive renditions; undefined when the branch has no such image. */
export async function pageImage(store: Store, branch: string, sha256: string): Promise<PageImage | undefined> {
  const images = store as Store & Partial<Pick<ImageStore, 'getImage'>>;
  const image = await images.getImage?.(branch, sha256);
  if (image === undefined) return undefined;
  const widths = IMAGE_WIDTHS.filter((width) => image.files.some((file) => file.variant === `w${width}.webp`));
  const largest = widths.at(-1);
  if (largest === undefined) return undefined;
  const fallback = widths.includes(DEFAULT_IMAGE_WIDTH) ? DEFAULT_IMAGE_WIDTH : largest;
  return {
    src: mediaPath(sha256, `w${fallback}.webp`),
    srcSet: widths.map((width) => `${mediaPath(sha256, `w${width}.webp`)} ${width}w`).join(', '),
    sizes: '(min-width: 640px) 640px, 100vw',
    alt: image.alt,
    width: image.width,
    height: image.height,
  };
}
