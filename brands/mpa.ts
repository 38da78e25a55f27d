import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** Medicare Plan Advisors (mpa): Medicare plan-comparison agency. */
export const brand: Brand = {
  id: 'mpa',
  url: 'https://medicareplanadvisors.com',
  name: 'Medicare Plan Advisors',
  gtmId: 'GTM-NQ2MD4A',
  measurementId: 'G-D15C52P7RZ',
  logo: { src: '/static/brands/mpa/logo.svg', alt: 'Medicare Plan Advisors logo', width: 200, height: 48 },
  icon: { src: '/static/brands/mpa/icon.svg', alt: 'Medicare Plan Advisors icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/mpa/favicon.svg', alt: 'Medicare Plan Advisors favicon', width: 32, height: 32 },
  domains: ['medicareplanadvisors.com', 'www.medicareplanadvisors.com', '*.medicareplanadvisors.com', 'mpa.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'medicare',
  isAgency: true,
  phone: '8775550103',
};
