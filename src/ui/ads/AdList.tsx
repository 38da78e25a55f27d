import { useEffect, useState } from 'react';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import type { LeadProduct } from '../../core/leads/product.ts';
import { EVENT_NAMES, type AdClickedProps, type AdEventProps } from '../../core/tracking/event-props.ts';
import { useRuntime } from '../runtime.tsx';
import { AdCard } from './AdCard.tsx';
import { AD_PROVIDER, adDataset, adSummary, shownAds, type ShownAd } from './ad-links.ts';
import { loadServeScript } from './serve-script.ts';
import { ADS_TEXT } from './text.ts';

/** Where the list is: not started (server and hydration), loading, shown, or nothing to show. */
type AdListState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'shown'; requestId: string; ads: ShownAd[] } | { kind: 'none' };

/** What the list came to, once the marketplace answered: ads shown, or none to show. */
export type AdListOutcome = 'shown' | 'none';

/**
 * The marketplace's ads for the visitor (the /ads funnels' last step). Rendered empty on the
 * server and while hydrating (the list exists only in the browser); on mount it loads the
 * provider's serve script (only here, where ads are shown), fetches the list and shows it. Each
 * list shown is one adImpression event (provider, adCount, ads); each click on an ad one
 * adClicked event (provider, ad, with `action` 'visit' or 'call'; on a Medicare page, the
 * Medicare-advantage case of spec §3, also the ad element's `dataset`); a call button is also a
 * tel: link, so the click tracking reports it as a call event from ctcLocation 'ads'. No list, an
 * empty list or a failure shows nothing: the call box stays the way forward, and `onOutcome`
 * tells the screen, whose words then say there are no offers.
 */
export function AdList({ language, product, onOutcome }: { language: LeadLanguage; product: LeadProduct; onOutcome?: (outcome: AdListOutcome) => void }) {
  const runtime = useRuntime();
  const text = ADS_TEXT[language];
  const [state, setState] = useState<AdListState>({ kind: 'idle' });

  useEffect(() => {
    loadServeScript(document);
    let current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fetch starts here, after hydration; server and first client render both show 'idle'
    setState({ kind: 'loading' });
    void runtime.ads.fetchAds().then((list) => {
      if (!current) return;
      const ads = list ? shownAds(list.ads) : [];
      const shown = list && ads.length > 0;
      setState(shown ? { kind: 'shown', requestId: list.request_id, ads } : { kind: 'none' });
      onOutcome?.(shown ? 'shown' : 'none');
    });
    return () => {
      current = false;
    };
    // One list per mount: a new onOutcome function (a re-render of the screen) is not a new list.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the runtime on purpose
  }, [runtime]);

  const shownList = state.kind === 'shown' ? state : undefined;
  useEffect(() => {
    if (!shownList) return;
    const impression: AdEventProps = { provider: AD_PROVIDER, adCount: shownList.ads.length, ads: shownList.ads.map(adSummary) };
    runtime.track(EVENT_NAMES.adImpression, { ...impression });
    // One impression per list shown: a new list (new request id) is a new impression, a re-render is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the list's request id on purpose
  }, [shownList?.requestId]);

  const onAdClick = (shown: ShownAd, action: 'visit' | 'call', adElement: HTMLElement) => {
    const click: AdClickedProps = { provider: AD_PROVIDER, ad: { ...adSummary(shown), action }, ...(product === 'medicare' ? { dataset: adDataset(adElement) } : {}) };
    runtime.track(EVENT_NAMES.adClicked, { ...click });
  };

  if (state.kind === 'loading') {
    return (
      <p className="ad-list-status" role="status">
        {text.loading}
      </p>
    );
  }
  if (state.kind !== 'shown') return null;
  return (
    <ul className="ad-list" aria-label={text.listLabel} data-block-id="ads">
      {state.ads.map((shown) => (
        <AdCard key={`${shown.position}-${shown.ad.ad_id}`} shown={shown} text={text} onAdClick={onAdClick} />
      ))}
    </ul>
  );
}
