import type { BuildManifest } from '../../core/build-manifest.ts';
import type { MarketplaceEnv } from '../marketplace/marketplace-env.ts';
import type { PhonesEnv } from '../marketplace/phones-env.ts';

/** What the page pipeline is set up with: this build, the marketplace variables, the clock. */
export interface PagesOptions {
  manifest: BuildManifest;
  /** The marketplace variables, and the brands' default numbers (BRAND_PHONE_<ID>, env/phones.ts). */
  vars: MarketplaceEnv & Partial<PhonesEnv>;
  /** The clock working hours are judged by; tests set a time outside the hours instead of waiting for one. */
  now?: () => Date;
  /** Production: the cookies a page answer sets are Secure whatever the request's protocol says. */
  production?: boolean;
}
