/**
 * The paid-traffic flag (spec §4 "Paid traffic flag", §9 click-identifier minimum length).
 */
import { CLICK_ID_PARAMS, type ClickIdParam } from './url-params.ts';

/** A click identifier shorter than this is not a real ad click (spec §9: 15 characters). */
export const CLICK_ID_MIN_LENGTH = 15;

/** The one click identifier that marks paid traffic without a campaign (spec §4 rule b). */
export const CAMPAIGN_FREE_CLICK_ID = 'gbraid' satisfies ClickIdParam;

/**
 * Click identifiers that mark paid traffic only together with utm_campaign (spec §4 rule a):
 * every recognised click id except {@link CAMPAIGN_FREE_CLICK_ID}.
 */
export const CAMPAIGN_BOUND_CLICK_IDS: readonly ClickIdParam[] = CLICK_ID_PARAMS.filter(
  (name) => name !== CAMPAIGN_FREE_CLICK_ID,
);

/** The utm_source that marks paid traffic together with utm_campaign (spec §4 rule c). */
export const PAID_UTM_SOURCE = 'bigo';

/**
 * True when the visitor came from a paid ad (spec §4):
 * (a) a click id in {@link CAMPAIGN_BOUND_CLICK_IDS} is at least {@link CLICK_ID_MIN_LENGTH}
 * characters and utm_campaign is present; or (b) gbraid is at least that long; or
 * (c) utm_source is exactly 'bigo' and utm_campaign is present.
 *
 * A parameter is present when it is a non-empty string: `?utm_campaign=` (empty) counts as
 * absent, because an empty value names no campaign. Values are compared as given (no trimming,
 * case-sensitive), since click ids are opaque tokens.
 */
export function isPaidTraffic(params: Readonly<Record<string, string | undefined>>): boolean {
  const hasCampaign = isPresent(params.utm_campaign);
  const isLongClickId = (name: ClickIdParam): boolean => (params[name]?.length ?? 0) >= CLICK_ID_MIN_LENGTH;
  return (
    (hasCampaign && CAMPAIGN_BOUND_CLICK_IDS.some(isLongClickId)) ||
    isLongClickId(CAMPAIGN_FREE_CLICK_ID) ||
    (hasCampaign && params.utm_source === PAID_UTM_SOURCE)
  );
}

function isPresent(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}
