import type { Brand } from './types.ts';

/** Bridge Benefits (bridge): Medicare-benefits publisher. */
export const brand: Brand = {
  id: 'bridge',
  url: 'https://bridgebenefits.com',
  name: 'Bridge Benefits',
  gtmId: 'GTM-EXD2Q4G',
  logo: { src: '/static/brands/bridge/logo.svg', alt: 'Bridge Benefits logo', width: 200, height: 48 },
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
};
