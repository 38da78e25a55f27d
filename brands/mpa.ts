import { AGENCY_ADDRESS, AGENCY_NPN, AGENCY_OWNER, AGENCY_STATE } from './agency.ts';
import { MEDICARE_CARRIERS } from './carriers.ts';
import type { Brand } from './types.ts';

/** Medicare Plan Advisors (mpa): Medicare plan-comparison agency. */
export const brand: Brand = {
  id: 'mpa',
  url: 'https://medicareplanadvisors.com',
  name: 'Medicare Plan Advisors',
  gtmId: 'GTM-NQ2MD4A',
  measurementId: 'G-D15C52P7RZ',
  logo: { src: '/static/brands/mpa/logo.svg', alt: 'Medicare Plan Advisors logo', width: 286, height: 48 },
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
  carriers: { medicare: MEDICARE_CARRIERS },
  theme: {
    light: { background: '#ffffff', surface: '#effbfb', text: '#152728', muted: '#556c6d', primary: '#146f71', onPrimary: '#ffffff', primaryHover: '#105859', accent: '#1e8dd2', border: '#728a8b' },
    dark: { background: '#111d1d', surface: '#1b2c2c', text: '#ecf3f4', muted: '#92acad', primary: '#2ec0c2', onPrimary: '#0e2525', primaryHover: '#64d9db', accent: '#1c85c7', border: '#687f80' },
    // Rising bars under a guiding diamond.
    mark: {
      primary: 'M8 30H16V42H8Z M20 21H28V42H20Z M32 12H40V42H32Z',
      accent: 'M12 6L18 12L12 18L6 12Z',
    },
    type: { headingFont: 'sans', h1: 1.9, h2: 1.45 },
  },
};
