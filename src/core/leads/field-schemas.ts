/**
 * The zod schema of each kind of lead field (spec §5 "Validation rules"): the server's truth, used
 * by the lead schemas (lead-schema.ts, product-schemas.ts), the API and the CLI. Built from the
 * same patterns, limits and lists as the browser's readers in fields.ts; test/unit/leads-fields.test.ts
 * holds each schema and its reader to the same answers on one table of inputs.
 */
import * as z from 'zod';
import { EMAIL_PATTERN } from '../check/formats.ts';
import { AGE_RANGES, COVERAGE_AMOUNTS, HOUSEHOLD_INCOMES, HOUSEHOLD_SIZES } from './answer-lists.ts';
import { CARRIERS } from './carriers.ts';
import { CREDIT_RATINGS, GENDERS, MARITAL_STATUSES } from './enums.ts';
import { isCalendarDate, isUtcInstant, isVehicleYearInRange, PHONE_PATTERN, VEHICLE_YEAR_PATTERN, ZIPCODE_PATTERN, type LeadFieldKind, type LeadFieldValue } from './fields.ts';
import { NAME_MAX, VEHICLE_TEXT_MAX } from './limits.ts';

/** Zipcode: exactly 5 ASCII digits. */
export const zipcodeSchema = z.string().regex(ZIPCODE_PATTERN);

/** First name, last name, address, address line 2: trimmed, 1 to {@link NAME_MAX} characters. */
export const nameOrAddressSchema = z.string().trim().min(1).max(NAME_MAX);

/** Vehicle make or model: trimmed, 1 to {@link VEHICLE_TEXT_MAX} characters. */
export const vehicleTextSchema = z.string().trim().min(1).max(VEHICLE_TEXT_MAX);

/** Date of birth: `yyyy-MM-dd` and a real calendar date. */
export const dateOfBirthSchema = z.string().refine(isCalendarDate);

/** Vehicle year: `yyyy` and from VEHICLE_YEAR_MIN to latestVehicleYear() (fields.ts). */
export const vehicleYearSchema = z.string().regex(VEHICLE_YEAR_PATTERN).refine(isVehicleYearInRange);

/** Email: trimmed, then a valid email shape. */
export const emailSchema = z.string().trim().pipe(z.email({ pattern: EMAIL_PATTERN }));

/** Phone: exactly `(NNN) NNN-NNNN`, the shape the phone input masks to. */
export const phoneSchema = z.string().regex(PHONE_PATTERN);

/** Gender: one of the spec's genders. */
export const genderSchema = z.enum(GENDERS);

/** Marital status: one of the spec's marital statuses. */
export const maritalStatusSchema = z.enum(MARITAL_STATUSES);

/** Credit rating: one of the spec's credit ratings. */
export const creditRatingSchema = z.enum(CREDIT_RATINGS);

/** Current company: one of the listed carriers, 'Other' included. */
export const carrierSchema = z.enum(CARRIERS);

/** A yes/no answer (haveMedicare, homeowner, driverNSr22, tobaccoUse, …): a real boolean. */
export const yesNoSchema = z.boolean();

/** Age range (life and health leads): one of the listed ranges. */
export const ageRangeSchema = z.enum(AGE_RANGES);

/** Life coverage amount: one of the listed amounts. */
export const coverageAmountSchema = z.enum(COVERAGE_AMOUNTS);

/** Household size (health lead): '1' to '8', '8' meaning eight or more. */
export const householdSizeSchema = z.enum(HOUSEHOLD_SIZES);

/** Yearly household income (health lead): one of the listed ranges. */
export const householdIncomeSchema = z.enum(HOUSEHOLD_INCOMES);

/** A moment (a call-back's `callbackAt`): an ISO 8601 UTC instant that exists. */
export const instantSchema = z.string().refine(isUtcInstant);

/** Each kind's schema; its output is the value type of the kind's rule in fields.ts, checked here. */
export const LEAD_FIELD_SCHEMAS = {
  zipcode: zipcodeSchema,
  nameOrAddress: nameOrAddressSchema,
  vehicleText: vehicleTextSchema,
  dateOfBirth: dateOfBirthSchema,
  vehicleYear: vehicleYearSchema,
  email: emailSchema,
  phone: phoneSchema,
  gender: genderSchema,
  maritalStatus: maritalStatusSchema,
  creditRating: creditRatingSchema,
  carrier: carrierSchema,
  yesNo: yesNoSchema,
  ageRange: ageRangeSchema,
  coverageAmount: coverageAmountSchema,
  householdSize: householdSizeSchema,
  householdIncome: householdIncomeSchema,
  instant: instantSchema,
} as const satisfies { [K in LeadFieldKind]: z.ZodType<LeadFieldValue<K>, unknown> };
