import { useId } from 'react';
import type { AdsText } from './text.ts';
import type { ShownAd } from './ad-links.ts';

/** Props of {@link AdCard}. */
export interface AdCardProps {
  shown: ShownAd;
  text: AdsText;
  /** Called on a click of the headline link or the call button, before the browser follows it, with the ad's element. */
  onAdClick: (shown: ShownAd, action: 'visit' | 'call', adElement: HTMLElement) => void;
}

/** The ad's element (its list item) around a link of it. */
function adElementOf(link: HTMLElement): HTMLElement {
  return link.closest<HTMLElement>('.ad-card') ?? link;
}

/**
 * One marketplace ad (spec §3): the carrier's logo, the headline as the link to the advertiser
 * (new tab, `rel="sponsored noopener"`, allowed past the client's navigation guard), the
 * description, the display URL and, when the ad has one, a call button. Both links are large tap
 * targets. The impression HTML runs in a fully sandboxed, hidden frame: its pixels load, but no
 * script of it runs and it cannot touch the page. Its list item carries the ad's id, carrier and
 * position as data attributes, which a Medicare ad click sends as its `dataset`.
 */
export function AdCard({ shown, text, onAdClick }: AdCardProps) {
  const { ad } = shown;
  const headingId = useId();
  return (
    <li className="ad-card" data-ad-id={ad.ad_id} data-carrier={ad.carrier} data-position={shown.position}>
      <article aria-labelledby={headingId}>
        <p className="ad-sponsored">{text.sponsored}</p>
        <div className="ad-main">
          {shown.imageUrl ? (
            <img
              className="ad-logo"
              src={shown.imageUrl}
              {...(shown.imageUrl2x ? { srcSet: `${shown.imageUrl} 1x, ${shown.imageUrl2x} 2x` } : {})}
              alt={`${ad.carrier} logo`}
              width={120}
              height={60}
              loading="lazy"
            />
          ) : null}
          <h3 id={headingId} className="ad-headline">
            <a href={shown.clickUrl} target="_blank" rel="sponsored noopener" data-allow-external="" onClick={(event) => onAdClick(shown, 'visit', adElementOf(event.currentTarget))}>
              {ad.headline}
              <span className="content-visually-hidden"> {text.newTab}</span>
            </a>
          </h3>
        </div>
        <p className="ad-description">{ad.description}</p>
        <p className="ad-display-url">{ad.display_url}</p>
        {shown.callUrl ? (
          <a className="button ad-call" href={shown.callUrl} data-allow-external="" onClick={(event) => onAdClick(shown, 'call', adElementOf(event.currentTarget))}>
            {text.call(ad.carrier)}
          </a>
        ) : null}
        {ad.impression_html ? (
          <iframe className="ad-impression" sandbox="" srcDoc={ad.impression_html} title={`${ad.carrier} impression`} aria-hidden="true" tabIndex={-1} width={1} height={1} />
        ) : null}
      </article>
    </li>
  );
}
