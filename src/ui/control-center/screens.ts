/**
 * The control center's screens, one per route name (routes.ts CONTROL_CENTER_SCREENS), each
 * loaded as a chunk of its own when its page is shown: control-center code and its libraries
 * (Radix, react-resizable-panels) never reach a visitor's bundle. A route without an entry shows
 * the branch navigation only.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './screen-props.ts';

/** A lazily loaded screen. */
type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** A screen loaded as a chunk of its own (declared before {@link SCREENS}, which calls it as it loads). */
const lazyScreen = (load: () => Promise<{ default: ComponentType<ScreenProps> }>): Screen => lazy(load);

/** Route name → screen. Each area adds its screens here, one line each. */
export const SCREENS: Readonly<Record<string, Screen>> = {
  'cc-index': lazyScreen(() => import('./screens/IndexScreen.tsx')),
  'cc-account': lazyScreen(() => import('./screens/AccountScreen.tsx')),
  'cc-branches': lazyScreen(() => import('./screens/BranchesScreen.tsx')),
  'cc-branch': lazyScreen(() => import('./screens/OverviewScreen.tsx')),
  'cc-overview': lazyScreen(() => import('./screens/OverviewScreen.tsx')),
  'cc-images': lazyScreen(() => import('./screens/ImagesScreen.tsx')),
  'cc-image': lazyScreen(() => import('./screens/ImageScreen.tsx')),
  'cc-leads': lazyScreen(() => import('./screens/LeadsScreen.tsx')),
  'cc-lead': lazyScreen(() => import('./screens/LeadScreen.tsx')),
  'cc-pages': lazyScreen(() => import('./screens/PagesScreen.tsx')),
  'cc-page': lazyScreen(() => import('./screens/PageScreen.tsx')),
  'cc-articles': lazyScreen(() => import('./screens/ArticlesScreen.tsx')),
  'cc-article': lazyScreen(() => import('./screens/ArticleScreen.tsx')),
  'cc-experiments': lazyScreen(() => import('./screens/ExperimentsScreen.tsx')),
  'cc-experiment': lazyScreen(() => import('./screens/ExperimentScreen.tsx')),
  'cc-phone-rules': lazyScreen(() => import('./screens/PhoneRulesScreen.tsx')),
  'cc-content-factory': lazyScreen(() => import('./screens/ContentFactoryScreen.tsx')),
  'cc-content-factory-authors': lazyScreen(() => import('./screens/AuthorsScreen.tsx')),
  'cc-content-factory-runs': lazyScreen(() => import('./screens/RunsScreen.tsx')),
  'cc-content-factory-run': lazyScreen(() => import('./screens/RunScreen.tsx')),
};
