import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** Gold Star Benefits (gs): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'gs',
  url: 'https://goldstarbenefits.com',
  name: 'Gold Star Benefits',
  gtmId: 'GTM-2TDUAH4',
  logo: { src: '/static/brands/gs/logo.svg', alt: 'Gold Star Benefits logo', width: 200, height: 48 },
  icon: { src: '/static/brands/gs/icon.svg', alt: 'Gold Star Benefits icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/gs/favicon.svg', alt: 'Gold Star Benefits favicon', width: 32, height: 32 },
  domains: ['goldstarbenefits.com', 'www.goldstarbenefits.com', '*.goldstarbenefits.com', 'gs.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8335550107',
};
