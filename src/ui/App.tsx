import { lazy, Suspense } from 'react';
import type { PagePayload, Payload } from '../core/payload/types.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { SiteChrome } from './SiteChrome.tsx';
import { TEMPLATES } from './templates/index.ts';
import { usePageEnter } from './funnel/use-page-enter.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { useRuntime } from './runtime.tsx';
import { PageFactsProvider } from './page-facts.tsx';
import { CONTROL_CENTER_BRAND } from '../core/router/control-center-route.ts';

/**
 * The control center's chrome: a chunk of its own, loaded on control-center pages only, so that
 * visitor pages do not grow by a byte. The server renders it whole (render.tsx), so the
 * sign-in page works without JavaScript; the browser hydrates it once the chunk is in.
 */
const ControlCenterShell = lazy(() => import('./control-center/ControlCenterShell.tsx'));

/** Props of the app: the current page's payload. */
export interface AppProps {
  payload: Payload;
}

/**
 * Picks the page template. The page element is keyed by route name, not by step, so a funnel's
 * step change re-renders the same component instead of recreating it (spec §2).
 */
export function App({ payload }: AppProps) {
  // The control center has its own chrome, loaded with it.
  if (payload.brand.id === CONTROL_CENTER_BRAND) {
    return (
      <Suspense fallback={null}>
        <ControlCenterShell payload={payload}>{payload.kind === 'error' ? <ErrorPage payload={payload} /> : <PageView payload={payload} />}</ControlCenterShell>
      </Suspense>
    );
  }
  if (payload.kind === 'error') {
    return (
      <SiteChrome brand={payload.brand} language={payload.language}>
        <ErrorPage payload={payload} />
      </SiteChrome>
    );
  }
  return (
    <SiteChrome
      brand={payload.brand}
      language={payload.route.language}
      forcedColorMode={payload.page.colorMode}
      opening={payload.workingHours === undefined ? undefined : { open: payload.workingHours, nextOpening: payload.nextOpening }}
    >
      <PageView payload={payload} />
    </SiteChrome>
  );
}

/** The page's template with its facts, error boundary and onEnter action, whatever the chrome. */
function PageView({ payload }: { payload: PagePayload }) {
  const Template = TEMPLATES[payload.page.template];
  return (
    <PageFactsProvider value={{ language: payload.route.language, workingHours: payload.workingHours ?? false, nextOpening: payload.nextOpening }}>
      <PageErrorBoundary payload={payload}>
        <PageEnter key={`enter-${payload.route.name}`} action={payload.page.onEnter} />
        <Template key={payload.route.name} payload={payload} />
      </PageErrorBoundary>
    </PageFactsProvider>
  );
}

/** Fires the page configuration's onEnter action once per page, whatever its template (spec §2). */
function PageEnter({ action }: { action: string | undefined }) {
  usePageEnter(action, useRuntime().track);
  return null;
}
