import type { Language, PageConfig, Template } from '../pages/types.ts';
import { THEME_CONTENT } from './catalog.ts';
import { PRODUCT_DISCLAIMERS } from './disclaimers.ts';
import { pageImage } from './images.ts';
import type { Theme } from './themes.ts';

export type { Theme } from './themes.ts';

/** Options a route gives when it asks for its page configuration. */
export interface PageRequest {
  theme: Theme;
  template: Template;
  language: Language;
  form?: string | undefined;
  /** Route-specific overrides (e.g. a landing page's own funnel as its destination). */
  overrides?: Partial<PageConfig> | undefined;
}

/**
 * Builds a route's page configuration from its theme's copy in the route's language, with the
 * product's small print after the theme's own. Runs once per route when the route table loads,
 * so a theme missing the language a route needs fails at start-up, not on a visitor's request.
 */
export function pageConfig(request: PageRequest): PageConfig {
  const { theme, template, language, form, overrides } = request;
  const content = THEME_CONTENT[theme];
  const copy = content.copy[language];
  if (!copy) throw new Error(`content theme '${theme}' has no ${language} copy`);
  const disclaimers = [...(copy.disclaimers ?? []), ...(content.product ? PRODUCT_DISCLAIMERS[content.product][language] : [])];
  return {
    title: copy.title,
    description: copy.description,
    headline: copy.headline,
    subheadline: copy.subheadline,
    body: copy.body,
    image: pageImage(content.image, language),
    template,
    ...(content.product ? { product: content.product } : {}),
    ...(content.benefits.length ? { benefits: content.benefits } : {}),
    ...(content.planTypes.length ? { planTypes: content.planTypes } : {}),
    ...(copy.cta ? { cta: copy.cta } : {}),
    ...(copy.destination ? { destination: copy.destination } : {}),
    ...(copy.ctaCall ? { ctaCall: true } : {}),
    ...(copy.sections ? { sections: copy.sections } : {}),
    ...(disclaimers.length ? { disclaimers } : {}),
    ...(content.links ? { links: content.links } : {}),
    ...(content.byProduct ? { byProduct: content.byProduct } : {}),
    ...(form ? { form } : {}),
    ...overrides,
  };
}
