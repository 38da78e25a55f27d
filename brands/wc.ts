import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import type { Brand } from './types.ts';

/** Willow Crest Life (wc): the life-insurance brand (spec: "one brand each for health and life"). */
export const brand: Brand = {
  id: 'wc',
  url: 'https://willowcrestlife.com',
  name: 'Willow Crest Life',
  gtmId: 'GTM-F2TJ2QG',
  logo: { src: '/static/brands/wc/logo.svg', alt: 'Willow Crest Life logo', width: 200, height: 48 },
  icon: { src: '/static/brands/wc/icon.svg', alt: 'Willow Crest Life icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/wc/favicon.svg', alt: 'Willow Crest Life favicon', width: 32, height: 32 },
  domains: ['willowcrestlife.com', 'www.willowcrestlife.com', '*.willowcrestlife.com', 'wc.localhost'],
  owner: AGENCY_OWNER,
  address: AGENCY_ADDRESS,
  state: AGENCY_STATE,
  npn: AGENCY_NPN,
  defaultProduct: 'life',
  isAgency: true,
  phone: '8555550112',
};
