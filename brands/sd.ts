import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Senior Direct (sd): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'sd',
  url: 'https://seniordirect.com',
  name: 'Senior Direct',
  gtmId: 'GTM-C87NCAR',
  measurementId: 'G-8EHHJQBWXC',
  logo: { src: '/static/brands/sd/logo.svg', alt: 'Senior Direct logo', width: 185, height: 48 },
  icon: { src: '/static/brands/sd/icon.svg', alt: 'Senior Direct icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/sd/favicon.svg', alt: 'Senior Direct favicon', width: 32, height: 32 },
  domains: ['seniordirect.com', 'www.seniordirect.com', '*.seniordirect.com', 'sd.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8335550114',
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#fbefef', text: '#281517', muted: '#785e60', primary: '#b62831', onPrimary: '#ffffff', primaryHover: '#922028', accent: '#5784bf', border: '#947d7e' },
    dark: { background: '#1d1112', surface: '#2c1b1c', text: '#f4ecec', muted: '#b19899', primary: '#e48b91', onPrimary: '#250e10', primaryHover: '#ecaeb3', accent: '#4678b9', border: '#856d6f' },
    // Two chevrons pointing ahead.
    mark: {
      primary: 'M6 8H15L31 24L15 40H6L22 24Z',
      accent: 'M22 8H31L47 24L31 40H22L38 24Z',
    },
    type: { headingFont: 'sans', h1: 2.0, h2: 1.5 },
  },
};
