/**
 * A lead as the second lead-buyer provider wants it (spec §7 "Lead mapping for the other
 * lead-buyer provider"). Only auto leads have a schema there; Medicare is refused (spec §5, §8),
 * and so are life and health, whose leads are call-routed and never sent to this buyer.
 *
 * Encodings the spec leaves open:
 * - yes/no answers use the provider's words: own/rent, yes/no (has_coverage follows
 *   military_experience); an unanswered question is left out, not sent as 'no';
 * - gender, credit rating, date of birth and vehicle year are sent as the lead stores them;
 * - marital_status is 'married' for married and 'non-married' for every other status.
 */
import { driverValues, vehicleValues, type AutoLead, type DriverValues } from '../leads/auto.ts';
import type { CreditRating, Gender } from '../leads/enums.ts';
import { DRIVER_NUMBERS, VEHICLE_NUMBERS } from '../leads/limits.ts';
import type { LeadFor, LeadProduct } from '../leads/product.ts';
import { dropEmpty } from './drop-empty.ts';

/** The error message for a product the provider has no schema for (spec §8: "schema not implemented for medicare"). */
export function notImplementedMessage(product: LeadProduct): string {
  return `schema not implemented for ${product}`;
}

/** The error message for a Medicare lead (spec §8: "schema not implemented for medicare"). */
export const MEDICARE_NOT_IMPLEMENTED_MESSAGE = notImplementedMessage('medicare');

/** The products the provider has no schema for: all but auto. */
export type UnsupportedLeadBuyerProduct = Exclude<LeadProduct, 'auto'>;

/** A yes/no answer in the provider's words. */
export type YesNo = 'yes' | 'no';

/** One driver for the provider; empty values are left out. */
export interface LeadBuyerDriver {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  /** yyyy-MM-dd. */
  dob?: string | undefined;
  address?: string | undefined;
  /** Digits only: 8005550123. */
  primary_phone?: string | undefined;
  gender?: Gender | undefined;
  /** Driver 1 only, from homeowner. */
  own_or_rent?: 'own' | 'rent' | undefined;
  marital_status?: 'married' | 'non-married' | undefined;
  credit_rating?: CreditRating | undefined;
  military_experience?: YesNo | undefined;
}

/** One vehicle for the provider; empty values are left out. */
export interface LeadBuyerVehicle {
  year?: string | undefined;
  make?: string | undefined;
  model?: string | undefined;
}

/** The current-coverage answers for the provider. */
export interface LeadBuyerCoverage {
  /** From currentlyInsured. */
  has_coverage?: YesNo | undefined;
  /** The current company, lower-cased. */
  former_insurer?: string | undefined;
}

/** An auto lead for the provider; empty values, lists and objects are left out. */
export interface LeadBuyerAutoLead {
  zip?: string | undefined;
  drivers?: LeadBuyerDriver[];
  vehicles?: LeadBuyerVehicle[];
  coverage?: LeadBuyerCoverage;
  /**
   * When the visitor asked to be called back (ISO UTC instant), for a lead booked as a call-back
   * before it was delivered: ours, beyond spec §7's fields, and absent (dropped as empty) on every other lead.
   */
  callback_at?: string | undefined;
}

/**
 * `lead` in the provider's shape, with every empty value, list and object dropped (spec §7).
 * @throws Error with message `schema not implemented for {product}` ({@link notImplementedMessage})
 * for a Medicare, life or health lead.
 */
export function mapLeadForLeadBuyer(product: 'auto', lead: AutoLead): LeadBuyerAutoLead;
export function mapLeadForLeadBuyer<P extends UnsupportedLeadBuyerProduct>(product: P, lead: LeadFor<P>): never;
export function mapLeadForLeadBuyer<P extends LeadProduct>(product: P, lead: LeadFor<P>): LeadBuyerAutoLead;
export function mapLeadForLeadBuyer<P extends LeadProduct>(product: P, lead: LeadFor<P>): LeadBuyerAutoLead {
  if (product !== 'auto') throw new Error(notImplementedMessage(product));
  // Only the auto product gets here, and its lead is an AutoLead.
  return mapAutoLead(lead);
}

function mapAutoLead(lead: AutoLead): LeadBuyerAutoLead {
  const mapped: LeadBuyerAutoLead = {
    zip: lead.zipcode,
    drivers: DRIVER_NUMBERS.map((n) => mapDriver(driverValues(lead, n), n === 1 ? lead.homeowner : undefined)),
    vehicles: VEHICLE_NUMBERS.map((n) => vehicleValues(lead, n)).map(({ Year, Make, Model }) => ({ year: Year, make: Make, model: Model })),
    coverage: {
      has_coverage: yesNo(lead.currentlyInsured),
      former_insurer: lead.currentCompany?.toLowerCase(),
    },
    callback_at: lead.callbackAt,
  };
  return dropEmpty(mapped) ?? {};
}

/** A driver; `homeowner` is passed for driver 1 only, as own_or_rent belongs to the household's first driver. */
function mapDriver(driver: DriverValues, homeowner: boolean | undefined): LeadBuyerDriver {
  return {
    first_name: driver.FirstName,
    last_name: driver.LastName,
    email: driver.Email,
    dob: driver.Dob,
    address: driver.Address,
    primary_phone: driver.Phone?.replace(/\D/g, ''),
    gender: driver.Gender,
    own_or_rent: homeowner === undefined ? undefined : homeowner ? 'own' : 'rent',
    marital_status: driver.MaritalStatus === undefined ? undefined : driver.MaritalStatus === 'married' ? 'married' : 'non-married',
    credit_rating: driver.CreditRating,
    military_experience: yesNo(driver.MilitaryAffiliation),
  };
}

function yesNo(answer: boolean | undefined): YesNo | undefined {
  return answer === undefined ? undefined : answer ? 'yes' : 'no';
}
