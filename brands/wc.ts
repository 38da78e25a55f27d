import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { LIFE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Willow Crest Life (wc): the life-insurance brand (spec: "one brand each for health and life"). */
export const brand: Brand = {
  id: 'wc',
  url: 'https://willowcrestlife.com',
  name: 'Willow Crest Life',
  gtmId: 'GTM-F2TJ2QG',
  logo: { src: '/static/brands/wc/logo.svg', alt: 'Willow Crest Life logo', width: 235, height: 48 },
  icon: { src: '/static/brands/wc/icon.svg', alt: 'Willow Crest Life icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/wc/favicon.svg', alt: 'Willow Crest Life favicon', width: 32, height: 32 },
  domains: ['willowcrestlife.com', 'www.willowcrestlife.com', '*.willowcrestlife.com', 'wc.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'life',
  isAgency: true,
  phone: '8555550112',
  carriers: { life: LIFE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#f4f8f2', text: '#1c2815', muted: '#5c6b54', primary: '#496c37', onPrimary: '#ffffff', primaryHover: '#3a562c', accent: '#ba753e', border: '#798970' },
    dark: { background: '#151d11', surface: '#212c1b', text: '#eef4ec', muted: '#9aac91', primary: '#8eba78', onPrimary: '#16250e', primaryHover: '#b4d1a6', accent: '#b2713b', border: '#708068' },
    // A leaf on its stem.
    mark: {
      primary: 'M14 34C14 16 24 6 43 5C42 24 32 34 14 34Z M18 30L36 12L37 13L19 31Z',
      accent: 'M4 44L13 35L15.2 37.2L6.2 46Z',
    },
    type: { headingFont: 'serif', h1: 2.05, h2: 1.5 },
  },
};
