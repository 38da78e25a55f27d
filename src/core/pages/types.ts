import type { Product } from '../../../brands/types.ts';

/** Page languages (spec §3 Route metadata); english is the default. */
export type Language = 'english' | 'spanish';
export const DEFAULT_LANGUAGE: Language = 'english';

/** The BCP 47 tag for `<html lang>`. */
export const LANGUAGE_TAGS: Record<Language, string> = { english: 'en', spanish: 'es' };

/** Page templates: each is one React component in src/ui/templates. */
export type Template = 'home' | 'landing' | 'funnel' | 'review' | 'legal' | 'control-center' | 'playground' | 'test';

/** Colour modes a page may force through its metadata (never 'system'). */
export type ForcedColorMode = 'light' | 'dark';

/** An image a page shows; `src` is under /static. */
export interface PageImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/**
 * Page configuration (spec §2 "Page configuration"). Plain data: it travels in the payload to the
 * browser, so actions are named (resolved by a registry on the client), never functions.
 */
export interface PageConfig {
  title?: string;
  description?: string;
  headline?: string;
  subheadline?: string;
  image?: PageImage;
  /** Paragraphs of body copy. */
  body?: string[];
  /** Where the page's main call to action leads (a path or a tel: link). */
  destination?: string;
  template: Template;
  product?: Product;
  benefits?: string[];
  planTypes?: string[];
  /** The funnel id (src/core/funnels) this page runs, if it is a stepped funnel. */
  form?: string;
  /** Pages are noindex unless this is true. */
  indexable?: boolean;
  /** Named action fired once after the first client render, with the event tracker. */
  onEnter?: string;
  /** Forces the colour mode while this page is shown. */
  colorMode?: ForcedColorMode;
  /** Text of the main call-to-action button. */
  cta?: string;
}
