/**
 * Page views (spec §4 "Step entry", §7): one per page shown, on load and after every client
 * navigation, Back and Forward included. A funnel page's views come from the step engine instead
 * (ui/funnel/Funnel.tsx calls enterStep once per shown step, with step name, number and fallback
 * flag), so this module stays silent there: exactly one page view per page or step shown.
 */
import type { Payload } from '../../core/payload/types.ts';
import type { PageViewProps } from '../../core/tracking/event-props.ts';

/** The navigator as page views follow it. */
export interface PageSource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { payload: Payload };
}

/** True when the funnel on the page records its own page views: FunnelPage renders a Funnel exactly then. */
export function funnelRecordsPageView(payload: Payload): boolean {
  return payload.kind === 'page' && payload.page.template === 'funnel' && payload.funnel !== undefined && payload.step !== undefined;
}

/**
 * Records the page view of the page shown now and of every new payload the navigator renders
 * (a new payload is a page shown, as the funnel counts step entries). Pages without steps say
 * `stepIsFallback: false`, so every page view carries the flag. Returns the unsubscribe function.
 */
export function startPageViews(pages: PageSource, track: (props: PageViewProps) => void): () => void {
  let shown = pages.getSnapshot().payload;
  const record = (payload: Payload) => {
    if (!funnelRecordsPageView(payload)) track({ stepIsFallback: false });
  };
  record(shown);
  return pages.subscribe(() => {
    const { payload } = pages.getSnapshot();
    if (payload === shown) return;
    shown = payload;
    record(payload);
  });
}
