import type { Brand } from './types.ts';

/** Bluehaven Health (bh): the health-insurance brand (spec: "one brand each for health and life"). */
export const brand: Brand = {
  id: 'bh',
  url: 'https://bluehavenhealth.com',
  name: 'Bluehaven Health',
  gtmId: 'GTM-LGUTTA4',
  measurementId: 'G-FPSGBCHYCS',
  logo: { src: '/static/brands/bh/logo.svg', alt: 'Bluehaven Health logo', width: 200, height: 48 },
  icon: { src: '/static/brands/bh/icon.svg', alt: 'Bluehaven Health icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/bh/favicon.svg', alt: 'Bluehaven Health favicon', width: 32, height: 32 },
  domains: ['bluehavenhealth.com', 'www.bluehavenhealth.com', '*.bluehavenhealth.com', 'bh.localhost'],
  owner: 'Bluehaven Health Marketing, LLC',
  address: '1001 Fourth Ave, Suite 3200, Seattle, WA 98154',
  state: 'WA',
  npn: null,
  defaultProduct: 'health',
  isAgency: false,
  phone: '8555550105',
};
