import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Ask Emily (emily): Medicare-benefits publisher with a friendly-guide voice. */
export const brand: Brand = {
  id: 'emily',
  url: 'https://askemily.com',
  name: 'Ask Emily',
  gtmId: 'GTM-M9BZP1B',
  logo: { src: '/static/brands/emily/logo.svg', alt: 'Ask Emily logo', width: 164, height: 48 },
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
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#f9f1f8', text: '#281526', muted: '#775d74', primary: '#963d8f', onPrimary: '#ffffff', primaryHover: '#773172', accent: '#dc5a3a', border: '#937b91' },
    dark: { background: '#1d111c', surface: '#2c1b2b', text: '#f4ecf3', muted: '#b096ae', primary: '#d18fcc', onPrimary: '#250e23', primaryHover: '#dfb1db', accent: '#d24825', border: '#846c82' },
    // A speech bubble with a dot.
    mark: {
      primary: 'M12 8H32A8 8 0 0 1 40 16V26A8 8 0 0 1 32 34H20L11 42V34H12A8 8 0 0 1 4 26V16A8 8 0 0 1 12 8Z M11.4 21A2.6 2.6 0 1 0 16.6 21A2.6 2.6 0 1 0 11.4 21Z M19.4 21A2.6 2.6 0 1 0 24.6 21A2.6 2.6 0 1 0 19.4 21Z M27.4 21A2.6 2.6 0 1 0 32.6 21A2.6 2.6 0 1 0 27.4 21Z',
      accent: 'M38 6A4 4 0 1 0 46 6A4 4 0 1 0 38 6Z',
    },
    type: { headingFont: 'serif', h1: 2.0, h2: 1.5 },
  },
};
