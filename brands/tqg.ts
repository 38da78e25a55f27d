import { AUTO_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** The Quote Guide (tqg): auto-insurance comparison brand (spec §7: product line is auto for tqg). */
export const brand: Brand = {
  id: 'tqg',
  url: 'https://thequoteguide.com',
  name: 'The Quote Guide',
  gtmId: 'GTM-9SLRSNT',
  measurementId: 'G-C5BFSMXQDZ',
  logo: { src: '/static/brands/tqg/logo.svg', alt: 'The Quote Guide logo', width: 222, height: 48 },
  icon: { src: '/static/brands/tqg/icon.svg', alt: 'The Quote Guide icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/tqg/favicon.svg', alt: 'The Quote Guide favicon', width: 32, height: 32 },
  domains: ['thequoteguide.com', 'www.thequoteguide.com', '*.thequoteguide.com', 'tqg.localhost'],
  owner: 'The Quote Guide, LLC',
  address: '3030 N Central Ave, Suite 600, Phoenix, AZ 85012',
  state: 'AZ',
  npn: null,
  defaultProduct: 'auto',
  isAgency: false,
  phone: '8005550108',
  carriers: { auto: AUTO_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#effbf5', text: '#15281f', muted: '#556d62', primary: '#147145', onPrimary: '#ffffff', primaryHover: '#105937', accent: '#c4710a', border: '#738c80' },
    dark: { background: '#111d17', surface: '#1b2c24', text: '#ecf4f0', muted: '#91ac9f', primary: '#2ec47e', onPrimary: '#0e251a', primaryHover: '#68dca6', accent: '#c26f0a', border: '#688075' },
    // A map pin.
    mark: {
      primary: 'M24 3C15.7 3 9 9.7 9 18C9 29 24 45 24 45C24 45 39 29 39 18C39 9.7 32.3 3 24 3Z M17 18A7 7 0 1 0 31 18A7 7 0 1 0 17 18Z',
      accent: 'M20.5 18A3.5 3.5 0 1 0 27.5 18A3.5 3.5 0 1 0 20.5 18Z',
    },
    type: { headingFont: 'sans', h1: 2.0, h2: 1.45 },
  },
};
