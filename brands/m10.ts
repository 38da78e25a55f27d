import type { Brand } from './types.ts';

/** Medi10 (m10): Medicare-benefits publisher. */
export const brand: Brand = {
  id: 'm10',
  url: 'https://medi10.com',
  name: 'Medi10',
  gtmId: 'GTM-RD0VH8K',
  logo: { src: '/static/brands/m10/logo.svg', alt: 'Medi10 logo', width: 200, height: 48 },
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
};
