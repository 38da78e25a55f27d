import type { ComponentType } from 'react';
import type { Template } from '../../core/pages/types.ts';
import { ContentPage } from './ContentPage.tsx';
import { ControlCenterPage } from './ControlCenterPage.tsx';
import { FunnelPage } from './FunnelPage.tsx';
import type { TemplateProps } from './types.ts';

/** One component per page template. */
export const TEMPLATES: Record<Template, ComponentType<TemplateProps>> = {
  home: ContentPage,
  landing: ContentPage,
  review: ContentPage,
  legal: ContentPage,
  playground: ContentPage,
  test: ContentPage,
  funnel: FunnelPage,
  'control-center': ControlCenterPage,
};
