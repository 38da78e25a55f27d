/** The lead schemas and rules (spec §3 leads, §5 validation): the public API of `core/leads`. */
export { AUTO_LEAD_FIELDS, AutoLeadSchema, DRIVER_FIELDS, VEHICLE_FIELDS, driverValues, vehicleValues } from './auto.ts';
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
  ageRangeSchema,
  carrierSchema,
  coverageAmountSchema,
  creditRatingSchema,
  dateOfBirthSchema,
  emailSchema,
  genderSchema,
  householdIncomeSchema,
  householdSizeSchema,
  isCalendarDate,
  latestVehicleYear,
  maritalStatusSchema,
  nameOrAddressSchema,
  phoneSchema,
  vehicleTextSchema,
  vehicleYearSchema,
  yesNoSchema,
  zipcodeSchema,
  type LeadFieldRule,
} from './fields.ts';
export { HEALTH_LEAD_FIELDS, HealthLeadSchema, type HealthLead } from './health.ts';
export { leadSchema, type LeadFieldRules, type LeadShape } from './lead-schema.ts';
export { LIFE_LEAD_FIELDS, LifeLeadSchema, type LifeLead } from './life.ts';
export * from './limits.ts';
export { LEAD_LANGUAGES, type LeadLanguage, type LocalizedText } from './localized.ts';
export { MEDICARE_LEAD_FIELDS, MedicareLeadSchema, type MedicareLead } from './medicare.ts';
export { LEAD_FIELDS_BY_PRODUCT, LEAD_PRODUCTS, LEAD_SCHEMAS, isLeadProduct } from './product.ts';
export type { LeadFor, LeadProduct, LeadsByProduct, ProductLead } from './product.ts';
export { readStoredLead } from './stored.ts';
export { validateLeadFields, type LeadProblem, type LeadValidation } from './validate.ts';
