/**
 * A lead as the ad marketplace wants it in get-phone's `data` (spec §7 "Lead mapping for the ad
 * marketplace"). The schemas (lead-mapping-schemas.ts) describe the mapped shapes, so the server
 * can check what the browser sends and the types come from one place; this module is zod-free,
 * for the browser (visitor pages carry no zod).
 *
 * Encodings the spec leaves open, chosen to match the marketplace's own flags:
 * - every yes/no flag (currently_insured, dsnp, home_ownership, interested_in_home_insurance,
 *   sr_22, military_affiliation) is 1 when the answer is yes and 0 otherwise, unanswered included;
 * - text values (phone, birth date, year, …) are sent as the lead stores them;
 * - a driver is listed when it has any value its entry carries (name, gender, marital status,
 *   birth date, credit rating, SR-22), a vehicle when it has a year, make or model; empty ones
 *   are left out and the rest keep their order;
 * - keys with no value are left out rather than sent empty;
 * - life and health leads are asked about on their own product lines (product-line.ts), each in
 *   its own shape: life sends zip, age_range, coverage_amount and tobacco; health sends zip,
 *   age_range, household_size, income_band and currently_insured (from haveHealthInsurance);
 *   the visitor's name (`contact`), email and phone go with them only when
 *   {@link MappingOptions.contactConsent} says the visitor consented to be contacted.
 */
import type * as z from 'zod';
import { driverValues, vehicleValues, type AutoLead, type DriverValues } from '../leads/auto.ts';
import type { HealthLead } from '../leads/health.ts';
import type { LifeLead } from '../leads/life.ts';
import { DRIVER_NUMBERS, VEHICLE_NUMBERS } from '../leads/limits.ts';
import type { MedicareLead } from '../leads/medicare.ts';
import type { LeadFor, LeadProduct } from '../leads/product.ts';
import { MARKETPLACE_GENDER_CODES, ZIP_WHEN_MISSING } from './constants.ts';
import type {
  MarketplaceAutoLeadSchema,
  MarketplaceDriverSchema,
  MarketplaceHealthLeadSchema,
  MarketplaceLeadSchema,
  MarketplaceLifeLeadSchema,
  MarketplaceMedicareLeadSchema,
} from './lead-mapping-schemas.ts';
import { omitUndefined } from './omit-undefined.ts';

/** A Medicare lead mapped for the marketplace. */
export type MarketplaceMedicareLead = z.output<typeof MarketplaceMedicareLeadSchema>;
/** An auto lead mapped for the marketplace. */
export type MarketplaceAutoLead = z.output<typeof MarketplaceAutoLeadSchema>;
/** A life lead mapped for the marketplace. */
export type MarketplaceLifeLead = z.output<typeof MarketplaceLifeLeadSchema>;
/** A health lead mapped for the marketplace. */
export type MarketplaceHealthLead = z.output<typeof MarketplaceHealthLeadSchema>;
/** A driver mapped for the marketplace. */
export type MarketplaceDriver = z.output<typeof MarketplaceDriverSchema>;
/** A lead of any product line mapped for the marketplace. */
export type MarketplaceLead = z.output<typeof MarketplaceLeadSchema>;

/** The marketplace shape of each lead product: its own product line's. */
export interface MarketplaceLeadsByProduct {
  medicare: MarketplaceMedicareLead;
  auto: MarketplaceAutoLead;
  life: MarketplaceLifeLead;
  health: MarketplaceHealthLead;
}

/** How a lead is mapped beyond its answers. */
export interface MappingOptions {
  /**
   * The visitor consented to be contacted (submitted the funnel's consent step) and did not opt out
   * of sharing: only then do a life or health lead's name, email and phone go to the marketplace.
   * Auto leads carry driver 1's details as the spec's mapping says.
   */
  contactConsent?: boolean;
}

/** The marketplace shape of a product `P` lead. */
export type MarketplaceLeadFor<P extends LeadProduct> = MarketplaceLeadsByProduct[P];

const MAPPERS: { [P in LeadProduct]: (lead: LeadFor<P>, options: MappingOptions) => MarketplaceLeadFor<P> } = {
  medicare: mapMedicareLead,
  auto: mapAutoLead,
  life: mapLifeLead,
  health: mapHealthLead,
};

/**
 * `lead` in the marketplace's shape (spec §7). Medicare: zip (or 'auto'), currently_insured from
 * haveMedicare, dsnp from haveMedicaid. Auto: driver 1's contact details, the policy answers,
 * the non-empty vehicles and drivers. Life and health: their own line's answers (see above).
 *
 * @example
 * mapLeadForMarketplace('life', { zipcode: '33145', ageRange: '40-49', tobaccoUse: false });
 * // { zip: '33145', age_range: '40-49', tobacco: 0 }
 */
export function mapLeadForMarketplace<P extends LeadProduct>(product: P, lead: LeadFor<P>, options: MappingOptions = {}): MarketplaceLeadFor<P> {
  return MAPPERS[product](lead, options);
}

function mapMedicareLead(lead: MedicareLead): MarketplaceMedicareLead {
  return {
    zip: lead.zipcode ?? ZIP_WHEN_MISSING,
    currently_insured: flag(lead.haveMedicare),
    dsnp: flag(lead.haveMedicaid),
  };
}

function mapLifeLead(lead: LifeLead, options: MappingOptions): MarketplaceLifeLead {
  return omitUndefined({
    zip: lead.zipcode ?? ZIP_WHEN_MISSING,
    age_range: lead.ageRange,
    coverage_amount: lead.coverageAmount,
    tobacco: flag(lead.tobaccoUse),
    ...consentedContact(lead, options),
  });
}

function mapHealthLead(lead: HealthLead, options: MappingOptions): MarketplaceHealthLead {
  return omitUndefined({
    zip: lead.zipcode ?? ZIP_WHEN_MISSING,
    age_range: lead.ageRange,
    household_size: lead.householdSize,
    income_band: lead.householdIncome,
    currently_insured: flag(lead.haveHealthInsurance),
    ...consentedContact(lead, options),
  });
}

/** The visitor's name, email and phone when they consented to be contacted; nothing otherwise. */
function consentedContact(lead: LifeLead | HealthLead, options: MappingOptions): Pick<MarketplaceLifeLead, 'contact' | 'email' | 'phone'> {
  if (options.contactConsent !== true) return {};
  return { contact: fullName({ FirstName: lead.firstName, LastName: lead.lastName }), email: lead.email, phone: lead.phone };
}

function mapAutoLead(lead: AutoLead): MarketplaceAutoLead {
  const driver1 = driverValues(lead, 1);
  return omitUndefined({
    contact: fullName(driver1),
    email: driver1.Email,
    phone: driver1.Phone,
    address: driver1.Address,
    address2: driver1.Address2,
    zip: lead.zipcode ?? ZIP_WHEN_MISSING,
    home_ownership: flag(lead.homeowner),
    interested_in_home_insurance: flag(lead.interestedInHomeInsurance),
    vehicles: VEHICLE_NUMBERS.map((n) => vehicleValues(lead, n))
      .filter((vehicle) => Object.keys(vehicle).length > 0)
      .map((vehicle) => omitUndefined({ year: vehicle.Year, make: vehicle.Make, model: vehicle.Model })),
    drivers: DRIVER_NUMBERS.map((n) => driverValues(lead, n))
      .filter(hasDriverEntryValue)
      .map(mapDriver),
    currently_insured: flag(lead.currentlyInsured),
    current_company: lead.currentCompany,
    military_affiliation: flag(driver1.MilitaryAffiliation),
  });
}

function hasDriverEntryValue(driver: DriverValues): boolean {
  const { FirstName, LastName, Gender, MaritalStatus, Dob, CreditRating, Sr22 } = driver;
  return [FirstName, LastName, Gender, MaritalStatus, Dob, CreditRating, Sr22].some((value) => value !== undefined);
}

function mapDriver(driver: DriverValues): MarketplaceDriver {
  return omitUndefined({
    name: fullName(driver),
    gender: driver.Gender === undefined ? undefined : MARKETPLACE_GENDER_CODES[driver.Gender],
    marital_status: driver.MaritalStatus,
    birth_date: driver.Dob,
    credit_rating: driver.CreditRating,
    sr_22: flag(driver.Sr22),
  });
}

/** First and last name joined by a space; undefined when neither is known. */
function fullName(driver: { FirstName?: string | undefined; LastName?: string | undefined }): string | undefined {
  const parts = [driver.FirstName, driver.LastName].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function flag(answer: boolean | undefined): 0 | 1 {
  return answer === true ? 1 : 0;
}
