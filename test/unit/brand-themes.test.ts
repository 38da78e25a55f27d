/**
 * Every brand's theme: WCAG 2 AA contrast of every text/background, button and border
 * pair the stylesheet draws, in both colour modes (relative luminance computed here, no
 * dependency), the spec's white light background, distinct looks, and the CSS custom properties
 * that carry the theme to <html>.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { BRANDS } from '../../brands/index.ts';
import type { BrandPalette, BrandTheme } from '../../brands/types.ts';
import { paletteProperty, themeStyle } from '../../src/ui/chrome/theme-style.ts';

/** WCAG 2 AA: normal text 4.5:1; large text and user-interface components or graphics 3:1. */
const AA_TEXT = 4.5;
const AA_NON_TEXT = 3;

/** The tokens styles.css keeps for every brand (not themed): error text and the focus ring. */
const BASE_TOKENS = { light: { error: '#b00020', focus: '#b35c00' }, dark: { error: '#ff8a9a', focus: '#ffb45e' } } as const;

/** sRGB channel (0-255) to linear light, as WCAG 2 defines it. */
function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgb(hex: string): [number, number, number] {
  assert.match(hex, /^#[0-9a-f]{6}$/, `${hex} is #rrggbb in lower case`);
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map(linear) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** CIE L*a*b* (D65) of a colour, for telling brands apart. */
function lab(hex: string): [number, number, number] {
  const [r, g, b] = rgb(hex).map(linear) as [number, number, number];
  const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b, (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883];
  const [fx, fy, fz] = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27) * t / 116 + 16 / 116)) as [number, number, number];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 colour difference: about 2.3 is just noticeable, above 20 clearly another colour. */
function deltaE(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** Every pair the stylesheet draws, with the ratio it needs and where it appears. */
function pairs(palette: BrandPalette, mode: 'light' | 'dark'): Array<[foreground: string, background: string, minimum: number, where: string]> {
  const { error, focus } = BASE_TOKENS[mode];
  return [
    [palette.text, palette.background, AA_TEXT, 'body text'],
    [palette.text, palette.surface, AA_TEXT, 'text on panels, footer, selected choices'],
    [palette.muted, palette.background, AA_TEXT, 'secondary text (labels, hints, consent)'],
    [palette.muted, palette.surface, AA_TEXT, 'secondary text on panels and the footer'],
    [palette.primary, palette.background, AA_TEXT, 'links, outlined buttons, the header number'],
    [palette.primary, palette.surface, AA_TEXT, 'links and buttons on panels and the footer'],
    [palette.primaryHover, palette.background, AA_TEXT, 'hovered links'],
    [palette.onPrimary, palette.primary, AA_TEXT, 'primary button text'],
    [palette.onPrimary, palette.primaryHover, AA_TEXT, 'hovered primary button text'],
    [error, palette.background, AA_TEXT, 'error messages'],
    [error, palette.surface, AA_TEXT, 'error messages on panels'],
    [palette.border, palette.background, AA_NON_TEXT, 'input, choice and card borders'],
    [palette.border, palette.surface, AA_NON_TEXT, 'borders on panels'],
    [palette.primary, palette.surface, AA_NON_TEXT, 'progress bar on its track'],
    [palette.accent, palette.background, AA_NON_TEXT, "the logo mark's detail, the header rule"],
    [focus, palette.background, AA_NON_TEXT, 'focus ring'],
    [focus, palette.surface, AA_NON_TEXT, 'focus ring on panels'],
  ];
}

const themed = BRANDS.map((brand) => ({ brand, theme: brand.theme as BrandTheme }));

describe('brand themes: WCAG AA contrast in both colour modes', () => {
  for (const { brand, theme } of themed) {
    test(`${brand.id} has a theme`, () => assert.ok(theme, `brands/${brand.id}.ts has no theme`));
    if (!theme) continue;
    for (const mode of ['light', 'dark'] as const) {
      test(`${brand.id} ${mode}: every text, button and border pair meets AA`, () => {
        const failures = pairs(theme[mode], mode)
          .map(([fg, bg, minimum, where]) => ({ fg, bg, minimum, where, ratio: contrastRatio(fg, bg) }))
          .filter(({ ratio, minimum }) => ratio < minimum)
          .map(({ fg, bg, minimum, where, ratio }) => `${where}: ${fg} on ${bg} is ${ratio.toFixed(2)}:1, needs ${minimum}:1`);
        assert.deepEqual(failures, []);
      });
    }

    test(`${brand.id}: white background and dark text in light mode (spec §2), a dark page in dark mode`, () => {
      assert.equal(theme.light.background, '#ffffff');
      assert.ok(relativeLuminance(theme.light.text) < 0.05, `light text ${theme.light.text} is dark`);
      assert.ok(relativeLuminance(theme.dark.background) < 0.02, `dark background ${theme.dark.background} is dark`);
      assert.ok(relativeLuminance(theme.dark.text) > 0.7, `dark text ${theme.dark.text} is light`);
    });

    test(`${brand.id}: heading sizes stay between the body's 18 px and a readable h1`, () => {
      assert.ok(theme.type.h2 >= 1.25 && theme.type.h2 < theme.type.h1 && theme.type.h1 <= 2.2, JSON.stringify(theme.type));
    });
  }
});

describe('brand themes: fourteen distinct looks', () => {
  test('the helpers agree with WCAG reference values', () => {
    assert.equal(contrastRatio('#000000', '#ffffff').toFixed(2), '21.00');
    assert.equal(contrastRatio('#767676', '#ffffff').toFixed(2), '4.54');
    assert.equal(contrastRatio('#ffffff', '#ffffff'), 1);
  });

  test('every brand has its own mark', () => {
    const marks = themed.map(({ theme }) => `${theme.mark.primary}|${theme.mark.accent}`);
    assert.equal(new Set(marks).size, BRANDS.length);
  });

  test('any two brands differ clearly in colour (CIE76 ΔE of primary plus accent ≥ 35)', () => {
    const close: string[] = [];
    for (const [index, a] of themed.entries()) {
      for (const b of themed.slice(index + 1)) {
        const distance = deltaE(a.theme.light.primary, b.theme.light.primary) + deltaE(a.theme.light.accent, b.theme.light.accent);
        if (distance < 35) close.push(`${a.brand.id}/${b.brand.id}: ${distance.toFixed(1)}`);
      }
    }
    assert.deepEqual(close, []);
  });

  test('sans and serif headings both occur', () => {
    assert.deepEqual(new Set(themed.map(({ theme }) => theme.type.headingFont)), new Set(['sans', 'serif']));
  });
});

describe('themeStyle: the theme as custom properties on <html>', () => {
  test('both palettes, the heading font and sizes', () => {
    const { theme } = themed[0]!;
    const style = themeStyle(theme) as Record<string, string>;
    assert.equal(style[paletteProperty('light', 'primary')], theme.light.primary);
    assert.equal(style['--brand-dark-on-primary'], theme.dark.onPrimary);
    assert.equal(style['--brand-light-primary-hover'], theme.light.primaryHover);
    assert.equal(style['--brand-h1'], `${theme.type.h1}rem`);
    assert.match(style['--brand-heading-font']!, /(sans-serif|serif)$/);
    assert.equal(Object.keys(style).length, 2 * 9 + 3);
  });

  test('no theme, no properties (the neutral palette of styles.css)', () => {
    assert.equal(themeStyle(undefined), undefined);
  });

  test('themes.css maps every palette colour of both modes', async () => {
    const css = await readFile(new URL('../../src/ui/styles/themes.css', import.meta.url), 'utf8');
    for (const mode of ['light', 'dark'] as const) {
      for (const key of Object.keys(themed[0]!.theme.light) as (keyof BrandPalette)[]) {
        assert.ok(css.includes(`var(${paletteProperty(mode, key)})`), `themes.css uses ${paletteProperty(mode, key)}`);
      }
    }
  });
});
