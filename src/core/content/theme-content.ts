import type { Product } from '../../../brands/types.ts';
import type { Language, PageLink, PageSection, ProductCopy } from '../pages/types.ts';
import type { BenefitId } from './benefits.ts';
import type { ImageName } from './images.ts';

/** One theme's words in one language. */
export interface ThemeCopy {
  /** Short: the document title becomes "title - Brand Name". */
  title: string;
  /** The meta description, about 150 characters. */
  description: string;
  headline: string;
  subheadline: string;
  /** Three to six paragraphs. */
  body: string[];
  /** Text of the call to action; legal and internal pages have none. */
  cta?: string;
  /** A path served by every brand of every route using the theme; absent with `ctaCall`. */
  destination?: string;
  /** The call to action dials the brand's phone: for themes whose brands share no funnel. */
  ctaCall?: boolean;
  sections?: PageSection[];
  /** Theme-specific small print, shown before the product's own notices. */
  disclaimers?: string[];
}

/** One theme: the facts shared by its languages, and its copy per language. */
export interface ThemeContent {
  /** Absent for pages about no product (legal texts, internal pages). */
  product?: Product;
  benefits: BenefitId[];
  planTypes: string[];
  image: ImageName;
  copy: { english: ThemeCopy } & Partial<Record<Exclude<Language, 'english'>, ThemeCopy>>;
  /** Links the page lists; which brands see each one comes from the route (PageConfig.linkBrands). */
  links?: PageLink[];
  /** Copy for brands whose default product differs (the home page). */
  byProduct?: Partial<Record<Product, ProductCopy>>;
}
