/**
 * The lead field rules (spec §5 "Validation rules"): one zod schema per kind of field, paired
 * with the message a person sees when their value breaks the rule.
 */
// Before zod builds a schema here: this module can land in a chunk evaluated before the entry's own imports (zod-jitless.ts).
import '../zod-jitless.ts';
import * as z from 'zod';
import { AGE_RANGES, COVERAGE_AMOUNTS, HOUSEHOLD_INCOMES, HOUSEHOLD_SIZES } from './answer-lists.ts';
import { CARRIERS } from './carriers.ts';
import { CREDIT_RATINGS, GENDERS, MARITAL_STATUSES } from './enums.ts';
import { NAME_MAX, VEHICLE_TEXT_MAX, VEHICLE_YEAR_AHEAD, VEHICLE_YEAR_MIN } from './limits.ts';
import type { LeadLanguage, LocalizedText } from './localized.ts';

/** Zipcode: exactly 5 ASCII digits (`\d` without the u flag matches 0-9 only). */
export const zipcodeSchema = z.string().regex(/^\d{5}$/);

/** First name, last name, address, address line 2: trimmed, 1 to {@link NAME_MAX} characters. */
export const nameOrAddressSchema = z.string().trim().min(1).max(NAME_MAX);

/** Vehicle make or model: trimmed, 1 to {@link VEHICLE_TEXT_MAX} characters. */
export const vehicleTextSchema = z.string().trim().min(1).max(VEHICLE_TEXT_MAX);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True when `text` is `yyyy-MM-dd` and names a day that exists (2024-02-29 yes, 2023-02-29 no).
 * Date.UTC rolls an out-of-range day or month over (Feb 30 -> Mar 2), so a date is real exactly
 * when it reads back unchanged. Plain Date on purpose: this runs in the browser too, where the
 * Temporal polyfill would add ~160 KiB to every visitor's bundle.
 */
export function isCalendarDate(text: string): boolean {
  const parts = ISO_DATE.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Date of birth: `yyyy-MM-dd` and a real calendar date. */
export const dateOfBirthSchema = z.string().refine(isCalendarDate);

/**
 * The newest model year accepted on `today` (default: the local date now): this calendar year
 * plus {@link VEHICLE_YEAR_AHEAD}. It moves with the calendar, so no fixed year ever goes stale.
 */
export function latestVehicleYear(today: { year: number } = { year: new Date().getFullYear() }): number {
  return today.year + VEHICLE_YEAR_AHEAD;
}

/** Vehicle year: `yyyy` and from {@link VEHICLE_YEAR_MIN} to {@link latestVehicleYear}. */
export const vehicleYearSchema = z
  .string()
  .regex(/^\d{4}$/)
  .refine((year) => Number(year) >= VEHICLE_YEAR_MIN && Number(year) <= latestVehicleYear());

/** Email: trimmed, then a valid email shape. */
export const emailSchema = z.string().trim().pipe(z.email());

/** Phone: exactly `(NNN) NNN-NNNN`, the shape the phone input masks to. */
export const phoneSchema = z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/);

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

/** A field's schema and the message shown to whoever entered a value the schema refuses. */
export interface LeadFieldRule<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  /** Says what a valid value looks like, so one message covers every way to get it wrong. */
  readonly message: (language: LeadLanguage) => string;
}

function rule<S extends z.ZodType>(schema: S, message: LocalizedText | LeadFieldRule['message']): LeadFieldRule<S> {
  return { schema, message: typeof message === 'function' ? message : (language) => message[language] };
}

/** Every kind of lead field, keyed by kind; lead shapes pick from these. */
export const LEAD_FIELD_RULES = {
  zipcode: rule(zipcodeSchema, { en: 'Enter a 5-digit ZIP code.', es: 'Ingrese un código postal de 5 dígitos.' }),
  nameOrAddress: rule(nameOrAddressSchema, {
    en: `Enter 1 to ${NAME_MAX} characters.`,
    es: `Ingrese de 1 a ${NAME_MAX} caracteres.`,
  }),
  vehicleText: rule(vehicleTextSchema, {
    en: `Enter 1 to ${VEHICLE_TEXT_MAX} characters.`,
    es: `Ingrese de 1 a ${VEHICLE_TEXT_MAX} caracteres.`,
  }),
  dateOfBirth: rule(dateOfBirthSchema, {
    en: 'Enter a real date as yyyy-MM-dd, for example 1956-04-30.',
    es: 'Ingrese una fecha real con el formato aaaa-MM-dd, por ejemplo 1956-04-30.',
  }),
  vehicleYear: rule(vehicleYearSchema, (language) =>
    language === 'es'
      ? `Ingrese un año de 4 dígitos entre ${VEHICLE_YEAR_MIN} y ${latestVehicleYear()}.`
      : `Enter a 4-digit year from ${VEHICLE_YEAR_MIN} to ${latestVehicleYear()}.`,
  ),
  email: rule(emailSchema, {
    en: 'Enter a valid email address, for example name@example.com.',
    es: 'Ingrese un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
  }),
  phone: rule(phoneSchema, {
    en: 'Enter the phone number as (NNN) NNN-NNNN.',
    es: 'Ingrese el teléfono con el formato (NNN) NNN-NNNN.',
  }),
  gender: rule(genderSchema, { en: 'Choose male, female or non-binary.', es: 'Elija masculino, femenino o no binario.' }),
  maritalStatus: rule(maritalStatusSchema, {
    en: 'Choose a marital status from the list.',
    es: 'Elija un estado civil de la lista.',
  }),
  creditRating: rule(creditRatingSchema, {
    en: 'Choose a credit rating from the list.',
    es: 'Elija una calificación de crédito de la lista.',
  }),
  carrier: rule(carrierSchema, {
    en: 'Choose an insurance company from the list, or Other.',
    es: 'Elija una aseguradora de la lista, u Other (otra).',
  }),
  yesNo: rule(yesNoSchema, { en: 'Answer yes or no.', es: 'Responda sí o no.' }),
  ageRange: rule(ageRangeSchema, { en: 'Choose an age range from the list.', es: 'Elija un rango de edad de la lista.' }),
  coverageAmount: rule(coverageAmountSchema, {
    en: 'Choose a coverage amount from the list.',
    es: 'Elija un monto de cobertura de la lista.',
  }),
  householdSize: rule(householdSizeSchema, {
    en: 'Choose how many people live in your household, from 1 to 8 or more.',
    es: 'Elija cuántas personas viven en su hogar, de 1 a 8 o más.',
  }),
  householdIncome: rule(householdIncomeSchema, {
    en: 'Choose an income range from the list.',
    es: 'Elija un rango de ingresos de la lista.',
  }),
} as const;
