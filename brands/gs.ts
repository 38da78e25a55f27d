import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Gold Star Benefits (gs): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'gs',
  url: 'https://goldstarbenefits.com',
  name: 'Gold Star Benefits',
  gtmId: 'GTM-2TDUAH4',
  logo: { src: '/static/brands/gs/logo.svg', alt: 'Gold Star Benefits logo', width: 249, height: 48 },
  icon: { src: '/static/brands/gs/icon.svg', alt: 'Gold Star Benefits icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/gs/favicon.svg', alt: 'Gold Star Benefits favicon', width: 32, height: 32 },
  domains: ['goldstarbenefits.com', 'www.goldstarbenefits.com', '*.goldstarbenefits.com', 'gs.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8335550107',
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#fbf6ef', text: '#282115', muted: '#6e6556', primary: '#885907', onPrimary: '#ffffff', primaryHover: '#6b4606', accent: '#5d83d0', border: '#8d8474' },
    dark: { background: '#1d1911', surface: '#2c261b', text: '#f4f1ec', muted: '#ada392', primary: '#d5a34d', onPrimary: '#251d0e', primaryHover: '#e3c187', accent: '#537ccd', border: '#81786a' },
    // A star in a ring.
    mark: {
      primary: 'M24 10.8L27.41 20.11L37.31 20.47L29.52 26.59L32.23 36.13L24 30.6L15.77 36.13L18.48 26.59L10.69 20.47L20.59 20.11Z',
      accent: 'M2 24A22 22 0 1 0 46 24A22 22 0 1 0 2 24Z M6.5 24A17.5 17.5 0 1 0 41.5 24A17.5 17.5 0 1 0 6.5 24Z',
    },
    type: { headingFont: 'serif', h1: 2.05, h2: 1.5 },
  },
};
