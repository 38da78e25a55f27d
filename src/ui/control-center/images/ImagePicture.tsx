/** An uploaded image shown responsively: WebP renditions by width, the original as the fallback. */
import type { ImageAnswer } from '../../../core/contract/cc-images.ts';
import { responsiveImage } from '../../../core/control-center/image-urls.ts';
import { href } from '../../../core/router/route-patterns.ts';

/** The image at the width `sizes` says; `className` styles the img. */
export function ImagePicture({ image, sizes, className }: { image: ImageAnswer; sizes: string; className?: string }) {
  const picture = responsiveImage(image, sizes);
  return (
    <picture>
      <source type={picture.webp.type} srcSet={picture.webp.srcSet} sizes={picture.sizes} />
      <img className={className} src={picture.src} width={picture.width} height={picture.height} alt={picture.alt} sizes={picture.sizes} loading="lazy" decoding="async" />
    </picture>
  );
}

/** A byte count as staff read it: 812 B, 45.3 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Where an image is used, as links to the page or article. */
export function usageHref(branch: string, use: ImageAnswer['usedBy'][number]): string {
  return use.kind === 'page' ? href('cc-page', { branch, page: use.itemKey }) : href('cc-article', { branch, article: use.itemKey });
}
