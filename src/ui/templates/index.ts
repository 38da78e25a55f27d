import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Payload } from '../../core/payload/types.ts';
import type { Template } from '../../core/pages/types.ts';
import { lazyPart, type LazyPart } from '../lazy-part.tsx';
import type { TemplateProps } from './types.ts';

/**
 * Every visitor template is a chunk of its own: a page loads the
 * entry (runtime, chrome, React) and its own template's code, not the funnel's on a content page
 * nor the content templates on a funnel page. The error page stays in the entry: any page can fail.
 * Each part is named after its module (src/ui/templates/{name}.tsx), which is how the build
 * manifest finds its chunk ({@link templateSource}), so the server can preload it.
 */
const part = (name: string, load: () => Promise<ComponentType<TemplateProps>>) => lazyPart<TemplateProps>(name, load);
const TEMPLATE_PARTS: Record<Exclude<Template, 'control-center'>, LazyPart<TemplateProps>> = {
  home: part('HomePage', () => import('./HomePage.tsx').then((module) => module.HomePage)),
  landing: part('ContentPage', () => import('./ContentPage.tsx').then((module) => module.ContentPage)),
  review: part('ReviewPage', () => import('./ReviewPage.tsx').then((module) => module.ReviewPage)),
  article: part('ArticlePage', () => import('./ArticlePage.tsx').then((module) => module.ArticlePage)),
  legal: part('LegalPage', () => import('./LegalPage.tsx').then((module) => module.LegalPage)),
  'privacy-choices': part('PrivacyChoicesPage', () => import('./PrivacyChoicesPage.tsx').then((module) => module.PrivacyChoicesPage)),
  playground: part('PlaygroundPage', () => import('./PlaygroundPage.tsx').then((module) => module.PlaygroundPage)),
  test: part('TestPage', () => import('./TestPage.tsx').then((module) => module.TestPage)),
  funnel: part('FunnelPage', () => import('./FunnelPage.tsx').then((module) => module.FunnelPage)),
};

/** The part of `template`, when it is one (every template but the control center's). */
function templatePart(template: Template): LazyPart<TemplateProps> | undefined {
  return template === 'control-center' ? undefined : TEMPLATE_PARTS[template];
}

/**
 * The source module of `template`'s chunk as esbuild's metafile names it (`entryPoint` of the
 * chunk a dynamic import makes), the key of the build manifest's `templateChunks`; undefined for
 * the control center, whose chunk is not preloaded.
 */
export function templateSource(template: Template): string | undefined {
  const found = templatePart(template);
  return found ? `src/ui/templates/${found.displayName}.tsx` : undefined;
}

/** The template sources of every visitor template, each a chunk of its own (the budget measures each). */
export const TEMPLATE_SOURCES: readonly string[] = Object.values(TEMPLATE_PARTS).map((found) => `src/ui/templates/${found.displayName}.tsx`);

/**
 * Loads the chunk of the template `payload` renders when it is not loaded yet; the browser waits
 * for it before hydrating the first page and before a navigation shows a page, so neither renders
 * an empty template. Undefined when there is nothing to wait for.
 */
export function loadPageParts(payload: Payload): Promise<void> | undefined {
  const found = payload.kind === 'page' ? templatePart(payload.page.template) : undefined;
  return found && !found.loaded() ? found.load() : undefined;
}

/** One component per page template; the control center's loads as a chunk of its own, on its pages only. */
export const TEMPLATES: Record<Template, ComponentType<TemplateProps> | LazyExoticComponent<ComponentType<TemplateProps>>> = {
  ...TEMPLATE_PARTS,
  'control-center': lazy(() => import('../control-center/ControlCenterPage.tsx')),
};
