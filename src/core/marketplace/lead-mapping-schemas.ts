/**
 * The zod schemas of a lead as the marketplace gets it in get-phone's `data` (spec §7): what the
 * server checks the browser's payload with (payload-schemas.ts). The mapping itself, and the
 * types, are zod-free in lead-mapping.ts so the browser can import them (visitor pages carry no zod).
 */
import * as z from 'zod';
import {
  carrierSchema,
  creditRatingSchema,
  dateOfBirthSchema,
  emailSchema,
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

/** get-phone `data` for either product. */
export const MarketplaceLeadSchema = z.union([MarketplaceMedicareLeadSchema, MarketplaceAutoLeadSchema]);
