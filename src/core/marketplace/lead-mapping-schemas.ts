/**
 * The zod schemas of a lead as the marketplace gets it in get-phone's `data` (spec §7): what the
 * server checks the browser's payload with (payload-schemas.ts). The mapping itself, and the
 * types, are zod-free in lead-mapping.ts so the browser can import them (visitor pages carry no zod).
 */
import * as z from 'zod';
import {
  ageRangeSchema,
  carrierSchema,
  coverageAmountSchema,
  creditRatingSchema,
  dateOfBirthSchema,
  emailSchema,
  householdIncomeSchema,
  householdSizeSchema,
  maritalStatusSchema,
  nameOrAddressSchema,
  phoneSchema,
  vehicleTextSchema,
  vehicleYearSchema,
} from '../leads/field-schemas.ts';
import { MAX_DRIVERS, MAX_VEHICLES } from '../leads/limits.ts';
import { MARKETPLACE_GENDER_CODES } from './constants.ts';

const flagSchema = z.union([z.literal(0), z.literal(1)]);

/**
 * A mapped zip: the visitor's 5-digit zipcode, the IP lookup's postal code (which may be
 * foreign), or {@link ZIP_WHEN_MISSING}; so any non-empty text.
 */
const mappedZipSchema = z.string().min(1);

/** get-phone `data` for a Medicare lead. */
export const MarketplaceMedicareLeadSchema = z.strictObject({
  zip: mappedZipSchema,
  currently_insured: flagSchema,
  dsnp: flagSchema,
});

/** One vehicle in get-phone `data`. */
export const MarketplaceVehicleSchema = z.strictObject({
  year: vehicleYearSchema.optional(),
  make: vehicleTextSchema.optional(),
  model: vehicleTextSchema.optional(),
});

/** One driver in get-phone `data`. */
export const MarketplaceDriverSchema = z.strictObject({
  name: z.string().min(1).optional(),
  gender: z.enum(Object.values(MARKETPLACE_GENDER_CODES)).optional(),
  marital_status: maritalStatusSchema.optional(),
  birth_date: dateOfBirthSchema.optional(),
  credit_rating: creditRatingSchema.optional(),
  sr_22: flagSchema,
});

/** get-phone `data` for an auto lead. */
export const MarketplaceAutoLeadSchema = z.strictObject({
  contact: z.string().min(1).optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
  address: nameOrAddressSchema.optional(),
  address2: nameOrAddressSchema.optional(),
  zip: mappedZipSchema,
  home_ownership: flagSchema,
  interested_in_home_insurance: flagSchema,
  vehicles: z.array(MarketplaceVehicleSchema).max(MAX_VEHICLES),
  drivers: z.array(MarketplaceDriverSchema).max(MAX_DRIVERS),
  currently_insured: flagSchema,
  current_company: carrierSchema.optional(),
  military_affiliation: flagSchema,
});

/**
 * The visitor's contact details on a life or health lead: only when the visitor gave consent (the
 * funnel's consent step was submitted) and has not opted out of sharing (lead-mapping.ts).
 */
const contactShape = {
  contact: z.string().min(1).optional(),
  email: emailSchema.optional(),
  phone: phoneSchema.optional(),
};

/** get-phone `data` for a life lead: what a life quote is priced on. */
export const MarketplaceLifeLeadSchema = z.strictObject({
  zip: mappedZipSchema,
  age_range: ageRangeSchema.optional(),
  coverage_amount: coverageAmountSchema.optional(),
  tobacco: flagSchema,
  ...contactShape,
});

/** get-phone `data` for a health lead: what an individual or family plan is priced on. */
export const MarketplaceHealthLeadSchema = z.strictObject({
  zip: mappedZipSchema,
  age_range: ageRangeSchema.optional(),
  household_size: householdSizeSchema.optional(),
  income_band: householdIncomeSchema.optional(),
  currently_insured: flagSchema,
  ...contactShape,
});

/** get-phone `data` of each product line: what the server checks a line's lead with. */
export const MARKETPLACE_LEAD_SCHEMAS = {
  medicare: MarketplaceMedicareLeadSchema,
  auto: MarketplaceAutoLeadSchema,
  life: MarketplaceLifeLeadSchema,
  health: MarketplaceHealthLeadSchema,
} as const;

/** get-phone `data` for any product line. */
export const MarketplaceLeadSchema = z.union([MarketplaceMedicareLeadSchema, MarketplaceAutoLeadSchema, MarketplaceLifeLeadSchema, MarketplaceHealthLeadSchema]);
