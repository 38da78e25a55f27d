/**
 * The font stacks a brand theme can name (BrandTypeScale.headingFont). System fonts only: no web
 * font to download on an old phone, no flash of invisible text; every stack ends in a generic family.
 */
export const FONT_STACKS = {
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', 'Noto Serif', 'Droid Serif', serif",
} as const;
