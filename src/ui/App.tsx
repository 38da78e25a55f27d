import type { Payload } from '../core/payload/types.ts';
import { ErrorPage } from './ErrorPage.tsx';
import { SiteChrome } from './SiteChrome.tsx';
import { TEMPLATES } from './templates/index.ts';
import { usePageEnter } from './funnel/use-page-enter.ts';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { useRuntime } from './runtime.tsx';
import { PageFactsProvider } from './page-facts.tsx';
import { CONTROL_CENTER_BRAND } from '../core/control-center/paths.ts';
import { ControlCenterFrame } from './control-center/chrome/ControlCenterFrame.tsx';

/** Props of the app: the current page's payload. */
export interface AppProps {
  payload: Payload;
}

/**
 * Picks the page template. The page element is keyed by route name, not by step, so a funnel's
 * step change re-renders the same component instead of recreating it (spec §2).
 */
export function App({ payload }: AppProps) {
  // The control center has its own chrome (issue 12): its templates bring it, its error pages get the bare frame.
  const controlCenter = payload.brand.id === CONTROL_CENTER_BRAND;
  if (payload.kind === 'error') {
    return controlCenter ? (
      <ControlCenterFrame>
        <ErrorPage payload={payload} />
      </ControlCenterFrame>
    ) : (
      <SiteChrome brand={payload.brand} language={payload.language}>
        <ErrorPage payload={payload} />
      </SiteChrome>
    );
  }
  const Template = TEMPLATES[payload.page.template];
  const page = (
    <PageFactsProvider value={{ language: payload.route.language, workingHours: payload.workingHours ?? false }}>
      <PageErrorBoundary payload={payload}>
        <PageEnter key={`enter-${payload.route.name}`} action={payload.page.onEnter} />
        <Template key={payload.route.name} payload={payload} />
      </PageErrorBoundary>
    </PageFactsProvider>
  );
  // Control-center screens bring their own frame (account bar, branch navigation); its other pages (terms, privacy) get the bare one.
  if (controlCenter) return payload.page.template === 'control-center' ? page : <ControlCenterFrame>{page}</ControlCenterFrame>;
  return (
    <SiteChrome brand={payload.brand} language={payload.route.language} forcedColorMode={payload.page.colorMode}>
      {page}
    </SiteChrome>
  );
}

/** Fires the page configuration's onEnter action once per page, whatever its template (spec §2). */
function PageEnter({ action }: { action: string | undefined }) {
  usePageEnter(action, useRuntime().track);
  return null;
}
