import type { CSSProperties } from 'react';
import { FONT_STACKS } from '../../../brands/fonts.ts';
import type { BrandPalette, BrandTheme } from '../../../brands/types.ts';

/** The palette keys, in the order their custom properties are written. */
const PALETTE_KEYS: readonly (keyof BrandPalette)[] = ['background', 'surface', 'text', 'muted', 'primary', 'onPrimary', 'primaryHover', 'accent', 'border'];

/** `primaryHover` → `primary-hover`. */
function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** The custom property of one palette colour in one mode, e.g. `--brand-dark-on-primary`. */
export function paletteProperty(mode: 'light' | 'dark', key: keyof BrandPalette): string {
  return `--brand-${mode}-${kebab(key)}`;
}

/**
 * The brand's theme as CSS custom properties for `<html>`'s style attribute: both
 * palettes (`--brand-light-*`, `--brand-dark-*`), the heading font and sizes. Both modes are
 * written, so the stylesheet (src/ui/styles/themes.css) switches palettes on `data-color-mode`
 * alone: the server-rendered page is already in the brand's colours, and the pre-paint colour-mode
 * script needs to know nothing about brands. Undefined for a brand without a theme.
 */
export function themeStyle(theme: BrandTheme | undefined): CSSProperties | undefined {
  if (!theme) return undefined;
  const properties: Record<string, string> = {};
  for (const mode of ['light', 'dark'] as const) {
    for (const key of PALETTE_KEYS) properties[paletteProperty(mode, key)] = theme[mode][key];
  }
  properties['--brand-heading-font'] = FONT_STACKS[theme.type.headingFont];
  properties['--brand-h1'] = `${theme.type.h1}rem`;
  properties['--brand-h2'] = `${theme.type.h2}rem`;
  return properties;
}
