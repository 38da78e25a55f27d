import type { ComponentType } from 'react';
import type { Template } from '../../core/pages/types.ts';
import { ArticlePage } from './ArticlePage.tsx';
import { ContentPage } from './ContentPage.tsx';
import { ControlCenterPage } from './ControlCenterPage.tsx';
import { FunnelPage } from './FunnelPage.tsx';
import { HomePage } from './HomePage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { PlaygroundPage } from './PlaygroundPage.tsx';
import { PrivacyChoicesPage } from './PrivacyChoicesPage.tsx';
import { ReviewPage } from './ReviewPage.tsx';
import { TestPage } from './TestPage.tsx';
import type { TemplateProps } from './types.ts';

/** One component per page template. */
export const TEMPLATES: Record<Template, ComponentType<TemplateProps>> = {
  home: HomePage,
  landing: ContentPage,
  review: ReviewPage,
  article: ArticlePage,
  legal: LegalPage,
  'privacy-choices': PrivacyChoicesPage,
  playground: PlaygroundPage,
  test: TestPage,
  funnel: FunnelPage,
  'control-center': ControlCenterPage,
};
