import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { HEALTH_CARRIERS, LIFE_CARRIERS, MEDICARE_CARRIERS_REVIEWED } from './carriers.ts';
import type { Brand } from './types.ts';

/** American Coverage (ac): Medicare-benefits agency; also hosts the carrier review pages (spec §2 "Review pages (brand ac)"). */
export const brand: Brand = {
  id: 'ac',
  url: 'https://americancoverage.com',
  name: 'American Coverage',
  gtmId: 'GTM-LYR57P1',
  measurementId: 'G-6TTNEZFUMH',
  logo: { src: '/static/brands/ac/logo.svg', alt: 'American Coverage logo', width: 248, height: 48 },
  icon: { src: '/static/brands/ac/icon.svg', alt: 'American Coverage icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ac/favicon.svg', alt: 'American Coverage favicon', width: 32, height: 32 },
  domains: ['americancoverage.com', 'www.americancoverage.com', '*.americancoverage.com', 'ac.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8005550101',
  carriers: { medicare: MEDICARE_CARRIERS_REVIEWED, life: LIFE_CARRIERS, health: HEALTH_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#eff4fb', text: '#151d28', muted: '#5c6775', primary: '#245fae', onPrimary: '#ffffff', primaryHover: '#1c4c8a', accent: '#d85869', border: '#7a8492' },
    dark: { background: '#11161d', surface: '#1b232c', text: '#eceff4', muted: '#96a1b0', primary: '#7fa9e1', onPrimary: '#0e1825', primaryHover: '#a6c4ea', accent: '#d4475a', border: '#6c7684' },
    // A shield within a shield.
    mark: {
      primary: 'M24 2L43 8.5V22C43 34 35 42 24 46C13 42 5 34 5 22V8.5Z M24 7.4L37.8 12.2V22C37.8 30.6 32.3 36.9 24 40.3C15.7 36.9 10.2 30.6 10.2 22V12.2Z',
      accent: 'M24 13L32.4 16V22.4C32.4 27.9 28.9 31.9 24 34.3C19.1 31.9 15.6 27.9 15.6 22.4V16Z',
    },
    type: { headingFont: 'sans', h1: 2.0, h2: 1.5 },
  },
};
