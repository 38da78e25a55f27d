import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Bridge Benefits (bridge): Medicare-benefits publisher. */
export const brand: Brand = {
  id: 'bridge',
  url: 'https://bridgebenefits.com',
  name: 'Bridge Benefits',
  gtmId: 'GTM-EXD2Q4G',
  logo: { src: '/static/brands/bridge/logo.svg', alt: 'Bridge Benefits logo', width: 220, height: 48 },
  icon: { src: '/static/brands/bridge/icon.svg', alt: 'Bridge Benefits icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/bridge/favicon.svg', alt: 'Bridge Benefits favicon', width: 32, height: 32 },
  domains: ['bridgebenefits.com', 'www.bridgebenefits.com', '*.bridgebenefits.com', 'bridge.localhost'],
  owner: 'Bridge Benefits Group, LLC',
  address: '2 Park Plaza, Suite 800, Boston, MA 02116',
  state: 'MA',
  npn: null,
  defaultProduct: 'medicare',
  isAgency: false,
  phone: '8445550113',
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#f2f5f8', text: '#152028', muted: '#5a6772', primary: '#436582', onPrimary: '#ffffff', primaryHover: '#355067', accent: '#d16347', border: '#788691' },
    dark: { background: '#11181d', surface: '#1b252c', text: '#ecf0f4', muted: '#95a3af', primary: '#8eacc5', onPrimary: '#0e1b25', primaryHover: '#b0c5d6', accent: '#cd5335', border: '#6b7882' },
    // An arch over a deck.
    mark: {
      primary: 'M3 34C7 18 15 12 24 12C33 12 41 18 45 34H40C37 22 31 17.5 24 17.5C17 17.5 11 22 8 34Z M13 23.3H16V34H13Z M22.5 17.5H25.5V34H22.5Z M32 23.3H35V34H32Z',
      accent: 'M1 37H47V42H1Z',
    },
    type: { headingFont: 'serif', h1: 1.95, h2: 1.45 },
  },
};
