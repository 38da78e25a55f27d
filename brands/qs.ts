import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** Quality Seniors (qs): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'qs',
  url: 'https://qualityseniors.com',
  name: 'Quality Seniors',
  gtmId: 'GTM-VYSTQ2V',
  logo: { src: '/static/brands/qs/logo.svg', alt: 'Quality Seniors logo', width: 200, height: 48 },
  icon: { src: '/static/brands/qs/icon.svg', alt: 'Quality Seniors icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/qs/favicon.svg', alt: 'Quality Seniors favicon', width: 32, height: 32 },
  domains: ['qualityseniors.com', 'www.qualityseniors.com', '*.qualityseniors.com', 'qs.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8775550110',
};
