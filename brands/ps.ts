import { AUTO_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** PolicySaver (ps): auto-insurance comparison brand (spec §7: product line is auto for ps). */
export const brand: Brand = {
  id: 'ps',
  url: 'https://policysaver.com',
  name: 'PolicySaver',
  gtmId: 'GTM-TR2UQ6Z',
  measurementId: 'G-YFA1CS377A',
  logo: { src: '/static/brands/ps/logo.svg', alt: 'PolicySaver logo', width: 174, height: 48 },
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
  carriers: { auto: AUTO_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#fbf3ef', text: '#281c15', muted: '#72625a', primary: '#a5420d', onPrimary: '#ffffff', primaryHover: '#84350b', accent: '#5a87af', border: '#918178' },
    dark: { background: '#1d1511', surface: '#2c211b', text: '#f4efec', muted: '#ae9d93', primary: '#de9770', onPrimary: '#25160e', primaryHover: '#e8b89e', accent: '#507fa7', border: '#82736b' },
    // An arrow into a tray.
    mark: {
      primary: 'M6 30H12V38H36V30H42V44H6Z',
      accent: 'M20 4H28V17H35L24 28L13 17H20Z',
    },
    type: { headingFont: 'sans', h1: 1.95, h2: 1.45 },
  },
};
