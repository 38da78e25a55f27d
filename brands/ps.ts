import type { Brand } from './types.ts';

/** PolicySaver (ps): auto-insurance comparison brand (spec §7: product line is auto for ps). */
export const brand: Brand = {
  id: 'ps',
  url: 'https://policysaver.com',
  name: 'PolicySaver',
  gtmId: 'GTM-TR2UQ6Z',
  measurementId: 'G-YFA1CS377A',
  logo: { src: '/static/brands/ps/logo.svg', alt: 'PolicySaver logo', width: 200, height: 48 },
  icon: { src: '/static/brands/ps/icon.svg', alt: 'PolicySaver icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ps/favicon.svg', alt: 'PolicySaver favicon', width: 32, height: 32 },
  domains: ['policysaver.com', 'www.policysaver.com', '*.policysaver.com', 'ps.localhost'],
  owner: 'PolicySaver Labs, Inc.',
  address: '1600 Stout St, Suite 1100, Denver, CO 80202',
  state: 'DE',
  npn: null,
  defaultProduct: 'auto',
  isAgency: false,
  phone: '8885550109',
};
