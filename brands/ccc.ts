import type { Brand } from './types.ts';

/** Control Center (ccc): the internal control center for staff (spec §2 "Control center (brand ccc only)"). */
export const brand: Brand = {
  id: 'ccc',
  url: 'https://cobrandcontrol.com',
  name: 'Control Center',
  gtmId: 'GTM-ZXJJKER',
  logo: { src: '/static/brands/ccc/logo.svg', alt: 'Control Center logo', width: 200, height: 48 },
  icon: { src: '/static/brands/ccc/icon.svg', alt: 'Control Center icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/ccc/favicon.svg', alt: 'Control Center favicon', width: 32, height: 32 },
  domains: ['cobrandcontrol.com', 'www.cobrandcontrol.com', '*.cobrandcontrol.com', 'ccc.localhost'],
  owner: 'Harborline Digital, Inc.',
  address: '500 E Las Olas Blvd, Suite 1400, Fort Lauderdale, FL 33301',
  state: 'DE',
  npn: null,
  defaultProduct: 'medicare',
  isAgency: false,
  phone: '8445550106',
};
