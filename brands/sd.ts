import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** Senior Direct (sd): Medicare-benefits agency. */
export const brand: Brand = {
  id: 'sd',
  url: 'https://seniordirect.com',
  name: 'Senior Direct',
  gtmId: 'GTM-C87NCAR',
  measurementId: 'G-8EHHJQBWXC',
  logo: { src: '/static/brands/sd/logo.svg', alt: 'Senior Direct logo', width: 200, height: 48 },
  icon: { src: '/static/brands/sd/icon.svg', alt: 'Senior Direct icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/sd/favicon.svg', alt: 'Senior Direct favicon', width: 32, height: 32 },
  domains: ['seniordirect.com', 'www.seniordirect.com', '*.seniordirect.com', 'sd.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8335550114',
};
