import { HEALTH_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Bluehaven Health (bh): the health-insurance brand (spec: "one brand each for health and life"). */
export const brand: Brand = {
  id: 'bh',
  url: 'https://bluehavenhealth.com',
  name: 'Bluehaven Health',
  gtmId: 'GTM-LGUTTA4',
  measurementId: 'G-FPSGBCHYCS',
  logo: { src: '/static/brands/bh/logo.svg', alt: 'Bluehaven Health logo', width: 228, height: 48 },
  icon: { src: '/static/brands/bh/icon.svg', alt: 'Bluehaven Health icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/bh/favicon.svg', alt: 'Bluehaven Health favicon', width: 32, height: 32 },
  domains: ['bluehavenhealth.com', 'www.bluehavenhealth.com', '*.bluehavenhealth.com', 'bh.localhost'],
  owner: 'Bluehaven Health Marketing, LLC',
  address: '1001 Fourth Ave, Suite 3200, Seattle, WA 98154',
  state: 'WA',
  npn: null,
  defaultProduct: 'health',
  isAgency: false,
  phone: '8555550105',
  carriers: { health: HEALTH_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#eff7fb', text: '#152228', muted: '#596971', primary: '#096792', onPrimary: '#ffffff', primaryHover: '#075173', accent: '#20956e', border: '#76878f' },
    dark: { background: '#11191d', surface: '#1b272c', text: '#ecf1f4', muted: '#95a7af', primary: '#60b3da', onPrimary: '#0e1e25', primaryHover: '#94cce6', accent: '#24a87c', border: '#6a7a81' },
    // A rising sun over a wave.
    mark: {
      primary: 'M7 29A17 17 0 0 1 41 29Z',
      accent: 'M4 36Q9 32 14 36T24 36T34 36T44 36V41Q39 45 34 41T24 41T14 41T4 41Z',
    },
    type: { headingFont: 'sans', h1: 1.9, h2: 1.4 },
  },
};
