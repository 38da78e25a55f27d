import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Payload } from '../../core/payload/types.ts';
import type { Template } from '../../core/pages/types.ts';
import { lazyPart, type LazyPart } from '../lazy-part.tsx';
import { ArticlePage } from './ArticlePage.tsx';
import { ContentPage } from './ContentPage.tsx';
import { FunnelPage } from './FunnelPage.tsx';
import { HomePage } from './HomePage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { ReviewPage } from './ReviewPage.tsx';
import { TestPage } from './TestPage.tsx';
import type { TemplateProps } from './types.ts';

/**
 * Templates few pages use, each a chunk of its own (issue 14): the design playground and the
 * privacy-choices form. Loaded before a page with one is rendered or hydrated ({@link loadPageParts}).
 */
const PrivacyChoicesPage = lazyPart('PrivacyChoicesPage', () => import('./PrivacyChoicesPage.tsx').then((module) => module.PrivacyChoicesPage));
const PlaygroundPage = lazyPart('PlaygroundPage', () => import('./PlaygroundPage.tsx').then((module) => module.PlaygroundPage));
const TEMPLATE_PARTS: Partial<Record<Template, LazyPart<TemplateProps>>> = { 'privacy-choices': PrivacyChoicesPage, playground: PlaygroundPage };

/**
 * Loads the chunk of the template `payload` renders when it has one of its own not loaded yet; the
 * browser waits for it before hydrating the first page and before a navigation shows a page, so
 * neither renders an empty template. Undefined when there is nothing to wait for.
 */
export function loadPageParts(payload: Payload): Promise<void> | undefined {
  const part = payload.kind === 'page' ? TEMPLATE_PARTS[payload.page.template] : undefined;
  return part && !part.loaded() ? part.load() : undefined;
}

/** One component per page template; the control center's loads as a chunk of its own, on its pages only. */
export const TEMPLATES: Record<Template, ComponentType<TemplateProps> | LazyExoticComponent<ComponentType<TemplateProps>>> = {
  home: HomePage,
  landing: ContentPage,
  review: ReviewPage,
  article: ArticlePage,
  legal: LegalPage,
  'privacy-choices': PrivacyChoicesPage,
  playground: PlaygroundPage,
  test: TestPage,
  funnel: FunnelPage,
  'control-center': lazy(() => import('../control-center/ControlCenterPage.tsx')),
};
