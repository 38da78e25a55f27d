/**
 * The auto lead (spec §3 "Auto lead", "Drivers 1 to 3", "Vehicles 1 to 3"). The per-driver and
 * per-vehicle keys (driver1FirstName … vehicle3Model) are generated from one list of fields
 * each, and typed precisely with template-literal keys.
 */
import { CALLBACK_LEAD_FIELDS } from './callback.ts';
import { LEAD_FIELD_RULES, type LeadFieldRules, type LeadOf, type RuleValue } from './fields.ts';
import { DRIVER_NUMBERS, VEHICLE_NUMBERS, type DriverNumber, type VehicleNumber } from './limits.ts';

/** The fields every driver N has, by the suffix after `driverN`. */
export const DRIVER_FIELDS = {
  FirstName: LEAD_FIELD_RULES.nameOrAddress,
  LastName: LEAD_FIELD_RULES.nameOrAddress,
  Gender: LEAD_FIELD_RULES.gender,
  MaritalStatus: LEAD_FIELD_RULES.maritalStatus,
  Dob: LEAD_FIELD_RULES.dateOfBirth,
  Email: LEAD_FIELD_RULES.email,
  Phone: LEAD_FIELD_RULES.phone,
  Address: LEAD_FIELD_RULES.nameOrAddress,
  Address2: LEAD_FIELD_RULES.nameOrAddress,
  CreditRating: LEAD_FIELD_RULES.creditRating,
  Sr22: LEAD_FIELD_RULES.yesNo,
  MilitaryAffiliation: LEAD_FIELD_RULES.yesNo,
} as const;

/** The fields every vehicle N has, by the suffix after `vehicleN`. */
export const VEHICLE_FIELDS = {
  Year: LEAD_FIELD_RULES.vehicleYear,
  Make: LEAD_FIELD_RULES.vehicleText,
  Model: LEAD_FIELD_RULES.vehicleText,
} as const;

/** A driver field suffix: FirstName, LastName, … MilitaryAffiliation. */
export type DriverField = keyof typeof DRIVER_FIELDS;

/** A vehicle field suffix: Year, Make, Model. */
export type VehicleField = keyof typeof VEHICLE_FIELDS;

/** `rules` repeated once per number, each key prefixed: `{prefix}{N}{field}`. */
type Numbered<P extends string, N extends number, R extends LeadFieldRules> = {
  [K in keyof R & string as `${P}${N}${K}`]: R[K];
};

function numbered<P extends string, N extends number, R extends LeadFieldRules>(
  prefix: P,
  numbers: readonly N[],
  rules: R,
): Numbered<P, N, R> {
  const result: Record<string, R[keyof R]> = {};
  for (const n of numbers) for (const [field, rule] of Object.entries(rules)) result[`${prefix}${n}${field}`] = rule as R[keyof R];
  // The loops build exactly Numbered<P, N, R>; TypeScript cannot follow template keys through Object.entries.
  return result as Numbered<P, N, R>;
}

/** The auto lead's fields and their rules: the policy questions, drivers 1 to 3, vehicles 1 to 3. */
export const AUTO_LEAD_FIELDS = {
  zipcode: LEAD_FIELD_RULES.zipcode,
  currentlyInsured: LEAD_FIELD_RULES.yesNo,
  currentCompany: LEAD_FIELD_RULES.carrier,
  homeowner: LEAD_FIELD_RULES.yesNo,
  interestedInHomeInsurance: LEAD_FIELD_RULES.yesNo,
  ...numbered('driver', DRIVER_NUMBERS, DRIVER_FIELDS),
  ...numbered('vehicle', VEHICLE_NUMBERS, VEHICLE_FIELDS),
  ...CALLBACK_LEAD_FIELDS,
};

/** A valid auto lead (its zod schema: product-schemas.ts AutoLeadSchema). */
export type AutoLead = LeadOf<typeof AUTO_LEAD_FIELDS>;

/** One driver's values out of an auto lead, keyed by field suffix; absent fields are left out. */
export type DriverValues = { [F in DriverField]?: RuleValue<(typeof DRIVER_FIELDS)[F]> };

/** One vehicle's values out of an auto lead, keyed by field suffix; absent fields are left out. */
export type VehicleValues = { [F in VehicleField]?: RuleValue<(typeof VEHICLE_FIELDS)[F]> };

/** Driver `n`'s values in `lead` (`driver2Email` becomes `Email`); `{}` when driver `n` is empty. */
export function driverValues(lead: AutoLead, n: DriverNumber): DriverValues {
  return pick(lead, `driver${n}`, Object.keys(DRIVER_FIELDS));
}

/** Vehicle `n`'s values in `lead` (`vehicle1Make` becomes `Make`); `{}` when vehicle `n` is empty. */
export function vehicleValues(lead: AutoLead, n: VehicleNumber): VehicleValues {
  return pick(lead, `vehicle${n}`, Object.keys(VEHICLE_FIELDS));
}

function pick(lead: AutoLead, prefix: string, fields: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value: unknown = lead[`${prefix}${field}` as keyof AutoLead];
    if (value !== undefined) values[field] = value;
  }
  return values;
}
