import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { HEALTH_CARRIERS, LIFE_CARRIERS, MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** All Your Benefits (ayb): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'ayb',
  url: 'https://allyourbenefits.com',
  name: 'All Your Benefits',
  gtmId: 'GTM-56YJLWH',
  logo: { src: '/static/brands/ayb/logo.svg', alt: 'All Your Benefits logo', width: 222, height: 48 },
  icon: { src: '/static/brands/ayb/icon.svg', alt: 'All Your Benefits icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ayb/favicon.svg', alt: 'All Your Benefits favicon', width: 32, height: 32 },
  domains: ['allyourbenefits.com', 'www.allyourbenefits.com', '*.allyourbenefits.com', 'ayb.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8665550111',
  carriers: { medicare: MEDICARE_CARRIERS, life: LIFE_CARRIERS, health: HEALTH_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#f4f0f9', text: '#1e1528', muted: '#6c5f79', primary: '#7945b5', onPrimary: '#ffffff', primaryHover: '#603790', accent: '#1a9185', border: '#897e95' },
    dark: { background: '#17111d', surface: '#231b2c', text: '#efecf4', muted: '#a498b1', primary: '#b496d7', onPrimary: '#190e25', primaryHover: '#cab5e3', accent: '#1fad9f', border: '#786d85' },
    // Four circles, one in the accent.
    mark: {
      primary: 'M5 14A9 9 0 1 0 23 14A9 9 0 1 0 5 14Z M25 14A9 9 0 1 0 43 14A9 9 0 1 0 25 14Z M5 34A9 9 0 1 0 23 34A9 9 0 1 0 5 34Z',
      accent: 'M25 34A9 9 0 1 0 43 34A9 9 0 1 0 25 34Z',
    },
    type: { headingFont: 'sans', h1: 1.9, h2: 1.45 },
  },
};
