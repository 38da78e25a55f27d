/** The lead schemas and rules (spec §3 leads, §5 validation): the public API of `core/leads`. */
export { AUTO_LEAD_FIELDS, DRIVER_FIELDS, VEHICLE_FIELDS, driverValues, vehicleValues } from './auto.ts';
export type { AutoLead, DriverField, DriverValues, VehicleField, VehicleValues } from './auto.ts';
export {
  AGE_RANGES,
  AGE_RANGE_LABELS,
  COVERAGE_AMOUNTS,
  COVERAGE_AMOUNT_LABELS,
  HOUSEHOLD_INCOMES,
  HOUSEHOLD_INCOME_LABELS,
  HOUSEHOLD_SIZES,
  HOUSEHOLD_SIZE_LABELS,
} from './answer-lists.ts';
export type { AgeRange, CoverageAmount, HouseholdIncome, HouseholdSize } from './answer-lists.ts';
export { CARRIERS, type Carrier } from './carriers.ts';
export { CONTACT_LEAD_FIELDS } from './contact.ts';
export { CREDIT_RATINGS, CREDIT_RATING_LABELS, GENDERS, GENDER_LABELS, MARITAL_STATUSES, MARITAL_STATUS_LABELS } from './enums.ts';
export type { CreditRating, Gender, MaritalStatus } from './enums.ts';
export {
  LEAD_FIELD_RULES,
  PHONE_PATTERN,
  VEHICLE_YEAR_PATTERN,
  ZIPCODE_PATTERN,
  isCalendarDate,
  isVehicleYearInRange,
  latestVehicleYear,
  type LeadFieldKind,
  type LeadFieldRule,
  type LeadFieldRules,
  type LeadFieldValue,
  type LeadOf,
  type RuleValue,
} from './fields.ts';
export {
  LEAD_FIELD_SCHEMAS,
  ageRangeSchema,
  carrierSchema,
  coverageAmountSchema,
  creditRatingSchema,
  dateOfBirthSchema,
  emailSchema,
  genderSchema,
  householdIncomeSchema,
  householdSizeSchema,
  maritalStatusSchema,
  nameOrAddressSchema,
  phoneSchema,
  vehicleTextSchema,
  vehicleYearSchema,
  yesNoSchema,
  zipcodeSchema,
} from './field-schemas.ts';
export { HEALTH_LEAD_FIELDS, type HealthLead } from './health.ts';
export { leadSchema, type LeadShape } from './lead-schema.ts';
export { LIFE_LEAD_FIELDS, type LifeLead } from './life.ts';
export * from './limits.ts';
export { LEAD_LANGUAGES, type LeadLanguage, type LocalizedText } from './localized.ts';
export { MEDICARE_LEAD_FIELDS, type MedicareLead } from './medicare.ts';
export { LEAD_FIELDS_BY_PRODUCT, LEAD_PRODUCTS, isLeadProduct } from './product.ts';
export { AutoLeadSchema, HealthLeadSchema, LEAD_SCHEMAS, LifeLeadSchema, MedicareLeadSchema } from './product-schemas.ts';
export { checkLeadFields } from './check.ts';
export type { LeadFor, LeadProduct, LeadsByProduct, ProductLead } from './product.ts';
export { readStoredLead } from './stored.ts';
export { validateLeadFields } from './validate.ts';
export type { LeadProblem, LeadValidation } from './problems.ts';
