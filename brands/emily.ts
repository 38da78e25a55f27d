import type { Brand } from './types.ts';

/** Ask Emily (emily): Medicare-benefits publisher with a friendly-guide voice. */
export const brand: Brand = {
  id: 'emily',
  url: 'https://askemily.com',
  name: 'Ask Emily',
  gtmId: 'GTM-M9BZP1B',
  logo: { src: '/static/brands/emily/logo.svg', alt: 'Ask Emily logo', width: 200, height: 48 },
  icon: { src: '/static/brands/emily/icon.svg', alt: 'Ask Emily icon', width: 64, height: 64 },
  favicon: { src: '/static/brands/emily/favicon.svg', alt: 'Ask Emily favicon', width: 32, height: 32 },
  domains: ['askemily.com', 'www.askemily.com', '*.askemily.com', 'emily.localhost'],
  owner: 'Ask Emily Media, LLC',
  address: '2100 Ross Ave, Suite 900, Dallas, TX 75201',
  state: 'TX',
  npn: null,
  defaultProduct: 'medicare',
  isAgency: false,
  phone: '8885550102',
};
