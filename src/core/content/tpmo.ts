/**
 * The counts the Medicare third-party marketing (TPMO) statement names (CMS 42 CFR
 * 422.2267(e)(41)): "Currently we represent [N] organizations which offer [M] products in your
 * area." This table is their one source; disclaimers.ts words the statement around them.
 *
 * The agency brands are trading names of one licensed agency (brands/agency.ts), so they state
 * that agency's counts; a brand that is not an agency states the counts of the licensed agency it
 * works with (the statement says so, see disclaimers.ts). Brands that market no Medicare plans
 * have none, and a test (test/server/pages/medicare-disclosure.test.ts) fails for any brand that serves a
 * Medicare page without counts. The counts come from the agencies' carrier contracts and change
 * with them, at least once a year for the annual enrollment period: update them here.
 */
import type { BrandId } from '../../../brands/ids.ts';

/** Whom a licensed agency represents in Medicare: organizations (carriers) and the products (plans) they offer. */
export interface MedicareRepresentation {
  organizations: number;
  products: number;
}

/** The agency behind every agency brand (brands/agency.ts). */
const OWN_AGENCY: MedicareRepresentation = { organizations: 9, products: 64 };

/** The licensed agency the non-agency Medicare brands work with. */
const PARTNER_AGENCY: MedicareRepresentation = { organizations: 7, products: 48 };

/** Each brand's counts; null for a brand that markets no Medicare plans. */
export const TPMO_REPRESENTATION: Readonly<Record<BrandId, MedicareRepresentation | null>> = {
  ac: OWN_AGENCY,
  mpa: OWN_AGENCY,
  gs: OWN_AGENCY,
  qs: OWN_AGENCY,
  ayb: OWN_AGENCY,
  sd: OWN_AGENCY,
  emily: PARTNER_AGENCY,
  m10: PARTNER_AGENCY,
  bridge: PARTNER_AGENCY,
  tqg: null,
  ps: null,
  wc: null,
  bh: null,
  ccc: null,
};
