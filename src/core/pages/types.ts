import type { Product } from '../../../brands/types.ts';

/** Page languages (spec §3 Route metadata); english is the default. */
export type Language = 'english' | 'spanish';
export const DEFAULT_LANGUAGE: Language = 'english';

/** The BCP 47 tag for `<html lang>`. */
export const LANGUAGE_TAGS: Record<Language, string> = { english: 'en', spanish: 'es' };

/** Page templates: each is one React component in src/ui/templates. */
export type Template = 'home' | 'landing' | 'funnel' | 'review' | 'article' | 'legal' | 'privacy-choices' | 'control-center' | 'playground' | 'test';

/** Colour modes a page may force through its metadata (never 'system'). */
export type ForcedColorMode = 'light' | 'dark';

/** An image a page shows; `src` is under /static. */
export interface PageImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Responsive renditions (`/media/{sha256}/w640.webp 640w, …`) of an uploaded image, with their `sizes`. */
  srcSet?: string;
  sizes?: string;
}

/** A link a page lists, e.g. one offer on the home page. */
export interface PageLink {
  href: string;
  label: string;
  description?: string;
  /** The product the linked offer belongs to: a brand sees its own product's offers first. */
  product?: Product;
}

/** A titled part of a long page (a legal text, a review); `id` is its anchor and its `{step}` name. */
export interface PageSection {
  id: string;
  heading: string;
  paragraphs: string[];
  /** A bullet list after the paragraphs (pros, cons, rights). */
  items?: string[];
}

/** The copy a page shared by brands of different products shows one product's brands (the home page). */
export type ProductCopy = Pick<
  PageConfig,
  'headline' | 'subheadline' | 'body' | 'image' | 'cta' | 'destination' | 'ctaCall' | 'benefits' | 'planTypes' | 'disclaimers'
>;

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
  /** Body copy staff wrote in Markdown, rendered to safe HTML on the server; shown instead of `body`. */
  bodyHtml?: string;
  /** A published article's byline: who wrote it and when it went live (ISO time). */
  article?: { author: string; publishedAt: string };
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
  /** The call to action dials the brand's phone number instead of following `destination`. */
  ctaCall?: boolean;
  /** Small print under the copy: the Medicare non-affiliation notice and the like. */
  disclaimers?: string[];
  /** Titled sections after the body (legal texts, reviews, the playground). */
  sections?: PageSection[];
  /** Links the page lists (the home page's offers). */
  links?: PageLink[];
  /**
   * Which brands serve each linked path: a page shared by many brands lists, for each brand, only
   * the links its own site serves. A link without an entry is not listed.
   */
  linkBrands?: Record<string, readonly string[]>;
  /** Copy that replaces the page's own for brands whose default product it names. */
  byProduct?: Partial<Record<Product, ProductCopy>>;
}
