import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** All Your Benefits (ayb): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'ayb',
  url: 'https://allyourbenefits.com',
  name: 'All Your Benefits',
  gtmId: 'GTM-56YJLWH',
  logo: { src: '/static/brands/ayb/logo.svg', alt: 'All Your Benefits logo', width: 200, height: 48 },
  icon: { src: '/static/brands/ayb/icon.svg', alt: 'All Your Benefits icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ayb/favicon.svg', alt: 'All Your Benefits favicon', width: 32, height: 32 },
  domains: ['allyourbenefits.com', 'www.allyourbenefits.com', '*.allyourbenefits.com', 'ayb.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8665550111',
};
