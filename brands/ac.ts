import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** American Coverage (ac): Medicare-benefits agency; also hosts the carrier review pages (spec §2 "Review pages (brand ac)"). */
export const brand: Brand = {
  id: 'ac',
  url: 'https://americancoverage.com',
  name: 'American Coverage',
  gtmId: 'GTM-LYR57P1',
  measurementId: 'G-6TTNEZFUMH',
  logo: { src: '/static/brands/ac/logo.svg', alt: 'American Coverage logo', width: 200, height: 48 },
  icon: { src: '/static/brands/ac/icon.svg', alt: 'American Coverage icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ac/favicon.svg', alt: 'American Coverage favicon', width: 32, height: 32 },
  domains: ['americancoverage.com', 'www.americancoverage.com', '*.americancoverage.com', 'ac.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8005550101',
};
