/**
 * How a page shows an uploaded image (`srcset` on brand pages): the original
 * format as `src` (every browser shows it, old phones without WebP too) and the WebP renditions
 * as a `srcset` the browser picks a width from. Render as
 *
 *     <picture>
 *       <source type={webp.type} srcSet={webp.srcSet} sizes={sizes} />
 *       <img src={src} width={width} height={height} alt={alt} sizes={sizes} />
 *     </picture>
 *
 * (width and height reserve the space, so nothing jumps as it loads). Pages reference an image by
 * its sha256; the facts needed here come with it from the store or the API. Small and free of
 * control-center code: brand pages import it.
 */
import { mediaPath } from '../contract/media.ts';
import { isImageMime, originalVariant, renditionWidths, widthVariant } from './images.ts';

/** What the helper needs to know of an image. */
export interface ImageFacts {
  sha256: string;
  mime: string;
  width: number;
  height: number;
  alt: string;
}

/** The attributes of a responsive image. */
export interface ResponsiveImage {
  /** The original format at its own size: the fallback every browser shows. */
  src: string;
  /** The WebP renditions, for a `<source>`. */
  webp: { type: 'image/webp'; srcSet: string };
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

/** The full width of a phone's screen, up to the width of the original. */
const FULL_WIDTH_SIZES = '100vw';

/**
 * The `src`, WebP `srcset`, `sizes` and size of an image. `sizes` says how wide the image is
 * shown (CSS lengths, media conditions); by default the width of the screen.
 * @throws TypeError when `image.mime` is not an accepted image type (a record from elsewhere).
 */
export function responsiveImage(image: ImageFacts, sizes = FULL_WIDTH_SIZES): ResponsiveImage {
  if (!isImageMime(image.mime)) throw new TypeError(`image ${image.sha256}: unknown type ${image.mime}`);
  const srcSet = renditionWidths(image.width)
    .map((width) => `${mediaPath(image.sha256, widthVariant(width))} ${width}w`)
    .join(', ');
  return {
    src: mediaPath(image.sha256, originalVariant(image.mime)),
    webp: { type: 'image/webp', srcSet },
    sizes,
    width: image.width,
    height: image.height,
    alt: image.alt,
  };
}
