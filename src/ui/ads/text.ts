/** The ad list's own words (the ads come in the advertiser's words). */
import type { LeadLanguage } from '../../core/leads/localized.ts';

/** UI strings of the ad list, per language. */
export interface AdsText {
  /** Names the list for screen readers and says, as the law asks of ads, that they are paid. */
  listLabel: string;
  /** The label on every card: these are paid placements. */
  sponsored: string;
  /** Read after a headline link, which opens the advertiser's site in a new tab. */
  newTab: string;
  /** The call button of an ad with a call URL. */
  call(carrier: string): string;
  /** Shown while the list loads. */
  loading: string;
}

/** {@link AdsText} in English and Spanish. */
export const ADS_TEXT: Readonly<Record<LeadLanguage, AdsText>> = {
  en: {
    listLabel: 'Sponsored plans',
    sponsored: 'Sponsored',
    newTab: '(opens in a new tab)',
    call: (carrier) => `Call ${carrier}`,
    loading: 'Looking for plans in your area…',
  },
  es: {
    listLabel: 'Planes patrocinados',
    sponsored: 'Patrocinado',
    newTab: '(se abre en una pestaña nueva)',
    call: (carrier) => `Llamar a ${carrier}`,
    loading: 'Buscando planes en su zona…',
  },
};
