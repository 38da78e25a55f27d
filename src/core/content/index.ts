import type { Language, PageConfig, Template } from '../pages/types.ts';
import type { Theme } from './themes.ts';

export type { Theme } from './themes.ts';

/** Options a route gives when it asks for its page configuration. */
export interface PageRequest {
  theme: Theme;
  template: Template;
  language: Language;
  form?: string;
  /** Route-specific overrides (e.g. a review's carrier name in the title). */
  overrides?: Partial<PageConfig>;
}

const PRODUCT_OF_THEME: Partial<Record<Theme, PageConfig['product']>> = {
  auto: 'auto',
  life: 'life',
  health: 'health',
};

/**
 * Builds a route's page configuration from its theme's copy. Placeholder copy for now: the funnel
 * issue replaces it with real, reviewed text per theme and language.
 */
export function pageConfig(request: PageRequest): PageConfig {
  const { theme, template, language, form, overrides } = request;
  const spanish = language === 'spanish';
  const title = spanish ? `Beneficios ${theme}` : `${theme[0]!.toUpperCase()}${theme.slice(1)} benefits`;
  return {
    title,
    description: spanish ? `Conozca sus beneficios de ${theme}.` : `Find out which ${theme} benefits you may qualify for.`,
    headline: title,
    subheadline: spanish ? 'Compruebe en minutos si califica.' : 'Check in minutes whether you qualify.',
    template,
    product: PRODUCT_OF_THEME[theme] ?? 'medicare',
    ...(form ? { form } : {}),
    ...overrides,
  };
}
