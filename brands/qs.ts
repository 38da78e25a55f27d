import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Quality Seniors (qs): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'qs',
  url: 'https://qualityseniors.com',
  name: 'Quality Seniors',
  gtmId: 'GTM-VYSTQ2V',
  logo: { src: '/static/brands/qs/logo.svg', alt: 'Quality Seniors logo', width: 219, height: 48 },
  icon: { src: '/static/brands/qs/icon.svg', alt: 'Quality Seniors icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/qs/favicon.svg', alt: 'Quality Seniors favicon', width: 32, height: 32 },
  domains: ['qualityseniors.com', 'www.qualityseniors.com', '*.qualityseniors.com', 'qs.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8775550110',
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#faeff4', text: '#28151d', muted: '#775d68', primary: '#aa3166', onPrimary: '#ffffff', primaryHover: '#882852', accent: '#aa780e', border: '#937b86' },
    dark: { background: '#1d1116', surface: '#2c1b23', text: '#f4ecef', muted: '#b198a3', primary: '#de8cb0', onPrimary: '#250e18', primaryHover: '#e8b0c8', accent: '#bd860f', border: '#846c76' },
    // A medal with ribbons.
    mark: {
      primary: 'M9 17A15 15 0 1 0 39 17A15 15 0 1 0 9 17Z M14 17A10 10 0 1 0 34 17A10 10 0 1 0 14 17Z M13 31L9 45L15 42.5L18.5 47L21.5 34Z M35 31L39 45L33 42.5L29.5 47L26.5 34Z',
      accent: 'M18 17A6 6 0 1 0 30 17A6 6 0 1 0 18 17Z',
    },
    type: { headingFont: 'serif', h1: 2.0, h2: 1.5 },
  },
};
