/**
 * The brand images in static/brands/{id}/ (logo.svg, icon.svg, favicon.svg), drawn from the brand's
 * theme: the geometric mark, and in the logo the brand name as text in a system font
 * stack. Transparent background; the colours are the light palette's, switched to the dark
 * palette's by `prefers-color-scheme` inside the file (browser tabs, image viewers, e-mail). The
 * site header does not use these files: it draws the same mark inline (src/ui/chrome/BrandLogo.tsx),
 * coloured by the page's own colour mode.
 *
 * `npx tsx scripts/brand-logos.ts` writes the files; test/unit/brands.test.ts checks that they
 * match this module and that the sizes in the brand modules are the drawn ones.
 */
import { FONT_STACKS } from './fonts.ts';
import type { Brand, BrandTheme } from './types.ts';

/** Height of the logo, which is also the mark's box (48×48). */
export const LOGO_HEIGHT = 48;
/** The mark's box; marks are drawn in 0 0 48 48. */
const MARK_BOX = 48;
const WORDMARK_SIZE = 20;
/** Space between the mark and the wordmark, and after the wordmark. */
const WORDMARK_GAP = 10;
const WORDMARK_END = 2;

/**
 * Advance widths (1/1000 em) of a bold sans (Arial Bold metrics), used to size the wordmark; the
 * text is then fitted to exactly that width with `textLength`, so the logo never clips whatever
 * system font draws it.
 */
const BOLD_WIDTHS: Record<string, number> = {
  ' ': 278, a: 556, b: 611, c: 556, d: 611, e: 556, f: 333, g: 611, h: 611, i: 278, j: 278, k: 556, l: 278, m: 889,
  n: 611, o: 611, p: 611, q: 611, r: 389, s: 556, t: 333, u: 611, v: 556, w: 778, x: 556, y: 556, z: 500,
  A: 722, B: 722, C: 722, D: 722, E: 667, F: 611, G: 778, H: 722, I: 278, J: 556, K: 722, L: 611, M: 833, N: 722,
  O: 778, P: 667, Q: 778, R: 722, S: 667, T: 611, U: 722, V: 667, W: 944, X: 667, Y: 667, Z: 611,
};
/** Serif faces (Georgia Bold) run wider than the sans metrics above. */
const SERIF_FACTOR = 1.08;

/** The wordmark's width in px at the logo's type size. */
export function wordmarkWidth(name: string, font: keyof typeof FONT_STACKS): number {
  const em = [...name].reduce((sum, char) => sum + (BOLD_WIDTHS[char] ?? 556), 0) / 1000;
  return Math.ceil(em * WORDMARK_SIZE * (font === 'serif' ? SERIF_FACTOR : 1));
}

/** The logo's drawn size: mark, gap, wordmark. */
export function logoSize(name: string, theme: BrandTheme): { width: number; height: number } {
  return { width: MARK_BOX + WORDMARK_GAP + wordmarkWidth(name, theme.type.headingFont) + WORDMARK_END, height: LOGO_HEIGHT };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The colour rules: light palette, dark palette when the viewer prefers dark. */
function style(theme: BrandTheme, withText: boolean): string {
  const rules = (mode: 'light' | 'dark') =>
    `.p{fill:${theme[mode].primary}}.a{fill:${theme[mode].accent}}${withText ? `.t{fill:${theme[mode].text}}` : ''}`;
  return `<style>${rules('light')}@media (prefers-color-scheme:dark){${rules('dark')}}</style>`;
}

function markPaths(theme: BrandTheme): string {
  return `<path class="p" fill-rule="evenodd" d="${theme.mark.primary}"/><path class="a" fill-rule="evenodd" d="${theme.mark.accent}"/>`;
}

/** The logo: the mark and the brand name. */
export function logoSvg(brand: Pick<Brand, 'name' | 'logo'> & { theme: BrandTheme }): string {
  const { theme } = brand;
  const { width, height } = logoSize(brand.name, theme);
  const textWidth = wordmarkWidth(brand.name, theme.type.headingFont);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `  <title>${escapeXml(brand.logo.alt)}</title>`,
    `  ${style(theme, true)}`,
    `  ${markPaths(theme)}`,
    `  <text class="t" x="${MARK_BOX + WORDMARK_GAP}" y="31" font-family="${escapeXml(FONT_STACKS[theme.type.headingFont])}" font-size="${WORDMARK_SIZE}" font-weight="700" textLength="${textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(brand.name)}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}

/** The icon or favicon: the mark alone, scaled to the image's size. */
export function markSvg(image: Brand['icon'], theme: BrandTheme): string {
  const size = image.width;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img">`,
    `  <title>${escapeXml(image.alt)}</title>`,
    `  ${style(theme, false)}`,
    `  <g transform="scale(${+(size / MARK_BOX).toFixed(6)})">${markPaths(theme)}</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
