import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Template } from '../../core/pages/types.ts';
import { ArticlePage } from './ArticlePage.tsx';
import { ContentPage } from './ContentPage.tsx';
import { FunnelPage } from './FunnelPage.tsx';
import { HomePage } from './HomePage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { PlaygroundPage } from './PlaygroundPage.tsx';
import { PrivacyChoicesPage } from './PrivacyChoicesPage.tsx';
import { ReviewPage } from './ReviewPage.tsx';
import { TestPage } from './TestPage.tsx';
import type { TemplateProps } from './types.ts';

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
