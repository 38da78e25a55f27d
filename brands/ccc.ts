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
  theme: {
    light: { background: '#ffffff', surface: '#f6f5f4', text: '#282015', muted: '#6f6558', primary: '#666159', onPrimary: '#ffffff', primaryHover: '#524d47', accent: '#da5e0b', border: '#8d8374' },
    dark: { background: '#181716', surface: '#262422', text: '#f4f0ec', muted: '#aca091', primary: '#ada8a1', onPrimary: '#251b0e', primaryHover: '#c6c3be', accent: '#cb580b', border: '#7e7567' },
    // A gauge and its needle.
    mark: {
      primary: 'M4 34A20 20 0 0 1 44 34H37A13 13 0 0 0 11 34Z',
      accent: 'M26.29 35.61L29.74 25.81L21.71 32.39A2.8 2.8 0 0 0 26.29 35.61Z',
    },
    type: { headingFont: 'sans', h1: 1.8, h2: 1.4 },
  },
};
