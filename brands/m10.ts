import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Medi10 (m10): Medicare-benefits publisher. */
export const brand: Brand = {
  id: 'm10',
  url: 'https://medi10.com',
  name: 'Medi10',
  gtmId: 'GTM-RD0VH8K',
  logo: { src: '/static/brands/m10/logo.svg', alt: 'Medi10 logo', width: 128, height: 48 },
  icon: { src: '/static/brands/m10/icon.svg', alt: 'Medi10 icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/m10/favicon.svg', alt: 'Medi10 favicon', width: 32, height: 32 },
  domains: ['medi10.com', 'www.medi10.com', '*.medi10.com', 'm10.localhost'],
  owner: 'Medi10 Marketing, Inc.',
  address: '401 N Michigan Ave, Suite 1200, Chicago, IL 60611',
  state: 'DE',
  npn: null,
  defaultProduct: 'medicare',
  isAgency: false,
  phone: '8665550104',
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#eff0fa', text: '#151628', muted: '#60617b', primary: '#4b4fc6', onPrimary: '#ffffff', primaryHover: '#373bae', accent: '#128da5', border: '#7f8097' },
    dark: { background: '#11111d', surface: '#1b1c2c', text: '#ececf4', muted: '#9899b1', primary: '#9a9ddf', onPrimary: '#0e0f25', primaryHover: '#b7b9e8', accent: '#149cb8', border: '#6e6f87' },
    // A plus in a rounded square.
    mark: {
      primary: 'M14 3H34A11 11 0 0 1 45 14V34A11 11 0 0 1 34 45H14A11 11 0 0 1 3 34V14A11 11 0 0 1 14 3Z M15 8A7 7 0 0 0 8 15V33A7 7 0 0 0 15 40H33A7 7 0 0 0 40 33V15A7 7 0 0 0 33 8Z',
      accent: 'M20 13H28V20H35V28H28V35H20V28H13V20H20Z',
    },
    type: { headingFont: 'sans', h1: 1.95, h2: 1.45 },
  },
};
