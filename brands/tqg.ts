import type { Brand } from './types.ts';

/** The Quote Guide (tqg): auto-insurance comparison brand (spec §7: product line is auto for tqg). */
export const brand: Brand = {
  id: 'tqg',
  url: 'https://thequoteguide.com',
  name: 'The Quote Guide',
  gtmId: 'GTM-9SLRSNT',
  measurementId: 'G-C5BFSMXQDZ',
  logo: { src: '/static/brands/tqg/logo.svg', alt: 'The Quote Guide logo', width: 200, height: 48 },
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
};
