import type { Payload } from '../core/payload/types.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { SiteChrome } from './SiteChrome.tsx';
import { TEMPLATES } from './templates/index.ts';
import { usePageEnter } from './funnel/use-page-enter.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { useRuntime } from './runtime.tsx';
import { PageFactsProvider } from './page-facts.tsx';

/** Props of the app: the current page's payload. */
export interface AppProps {
  payload: Payload;
}

/**
 * Picks the page template. The page element is keyed by route name, not by step, so a funnel's
 * step change re-renders the same component instead of recreating it (spec §2).
 */
export function App({ payload }: AppProps) {
  if (payload.kind === 'error') {
    return (
      <SiteChrome brand={payload.brand} language={payload.language}>
        <ErrorPage payload={payload} />
      </SiteChrome>
    );
  }
  const Template = TEMPLATES[payload.page.template];
  return (
    <SiteChrome brand={payload.brand} language={payload.route.language} forcedColorMode={payload.page.colorMode}>
      <PageFactsProvider value={{ language: payload.route.language, workingHours: payload.workingHours ?? false }}>
        <PageErrorBoundary payload={payload}>
          <PageEnter key={`enter-${payload.route.name}`} action={payload.page.onEnter} />
          <Template key={payload.route.name} payload={payload} />
        </PageErrorBoundary>
      </PageFactsProvider>
    </SiteChrome>
  );
}

/** Fires the page configuration's onEnter action once per page, whatever its template (spec §2). */
function PageEnter({ action }: { action: string | undefined }) {
  usePageEnter(action, useRuntime().track);
  return null;
}
