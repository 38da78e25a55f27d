/**
 * The lead field rules (spec §5 "Validation rules"): one rule per kind of field, each a plain
 * reader of a value paired with the message a person sees when their value breaks the rule.
 * No zod here, so the browser's funnel form and stored-lead reading carry none (zod would add
 * about 32 KiB gzip to a visitor page's first load); the
 * zod schemas the server validates with (field-schemas.ts) are built from the same constants,
 * and test/unit/leads-fields.test.ts holds every reader to its schema on one table of inputs.
 */
import { EMAIL_PATTERN } from '../check/formats.ts';
import { AGE_RANGES, COVERAGE_AMOUNTS, HOUSEHOLD_INCOMES, HOUSEHOLD_SIZES } from './answer-lists.ts';
import { CARRIERS } from './carriers.ts';
import { CREDIT_RATINGS, GENDERS, MARITAL_STATUSES } from './enums.ts';
import { NAME_MAX, VEHICLE_TEXT_MAX, VEHICLE_YEAR_AHEAD, VEHICLE_YEAR_MIN } from './limits.ts';
import type { LeadLanguage, LocalizedText } from './localized.ts';

/** Zipcode: exactly 5 ASCII digits (`\d` without the u flag matches 0-9 only). */
export const ZIPCODE_PATTERN = /^\d{5}$/;

/** Phone: exactly `(NNN) NNN-NNNN`, the shape the phone input masks to. */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

/** An instant as Date's toISOString writes it (the only spelling a call-back's time is stored in). */
const UTC_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * True when `text` is a moment as `Date#toISOString` writes it (`2026-11-30T13:00:00.000Z`) and
 * reads back unchanged, so 2026-02-30 or 25:00 are refused: the shape of a call-back's `callbackAt`.
 */
export function isUtcInstant(text: string): boolean {
  const ms = UTC_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  return !Number.isNaN(ms) && new Date(ms).toISOString() === text;
}

/** Vehicle year: four digits (the range is checked apart). */
export const VEHICLE_YEAR_PATTERN = /^\d{4}$/;

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

/**
 * The newest model year accepted on `today` (default: the local date now): this calendar year
 * plus {@link VEHICLE_YEAR_AHEAD}. It moves with the calendar, so no fixed year ever goes stale.
 */
export function latestVehicleYear(today: { year: number } = { year: new Date().getFullYear() }): number {
  return today.year + VEHICLE_YEAR_AHEAD;
}

/** True when a 4-digit `year` is from {@link VEHICLE_YEAR_MIN} to {@link latestVehicleYear}. */
export function isVehicleYearInRange(year: string): boolean {
  return Number(year) >= VEHICLE_YEAR_MIN && Number(year) <= latestVehicleYear();
}

/**
 * One kind of lead field: `read` gives the value as the lead keeps it (trimmed where the rule
 * trims), or undefined when the rule refuses it; `message` says what a valid value looks like,
 * so one message covers every way to get it wrong.
 */
export interface LeadFieldRule<K extends string = string, T = unknown> {
  readonly kind: K;
  readonly read: (value: unknown) => T | undefined;
  readonly message: (language: LeadLanguage) => string;
}

/** The value a rule keeps. */
export type RuleValue<R> = R extends LeadFieldRule<string, infer T> ? T : never;

function rule<K extends string, T>(kind: K, read: (value: unknown) => T | undefined, message: LocalizedText | LeadFieldRule['message']): LeadFieldRule<K, T> {
  return { kind, read, message: typeof message === 'function' ? message : (language) => message[language] };
}

const matching =
  (pattern: RegExp) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

/** The trimmed text when it is 1 to `max` characters long. */
const trimmedText =
  (max: number) =>
  (value: unknown): string | undefined => {
    if (typeof value !== 'string') return undefined;
    const trimmed = value.trim();
    return trimmed.length >= 1 && trimmed.length <= max ? trimmed : undefined;
  };

const oneOf =
  <const T extends readonly string[]>(values: T) =>
  (value: unknown): T[number] | undefined =>
    (values as readonly unknown[]).includes(value) ? (value as T[number]) : undefined;

/** Every kind of lead field, keyed by kind; lead shapes pick from these. */
export const LEAD_FIELD_RULES = {
  zipcode: rule('zipcode', matching(ZIPCODE_PATTERN), { en: 'Enter a 5-digit ZIP code.', es: 'Ingrese un código postal de 5 dígitos.' }),
  nameOrAddress: rule('nameOrAddress', trimmedText(NAME_MAX), {
    en: `Enter 1 to ${NAME_MAX} characters.`,
    es: `Ingrese de 1 a ${NAME_MAX} caracteres.`,
  }),
  vehicleText: rule('vehicleText', trimmedText(VEHICLE_TEXT_MAX), {
    en: `Enter 1 to ${VEHICLE_TEXT_MAX} characters.`,
    es: `Ingrese de 1 a ${VEHICLE_TEXT_MAX} caracteres.`,
  }),
  dateOfBirth: rule('dateOfBirth', (value) => (typeof value === 'string' && isCalendarDate(value) ? value : undefined), {
    en: 'Enter a real date as yyyy-MM-dd, for example 1956-04-30.',
    es: 'Ingrese una fecha real con el formato aaaa-MM-dd, por ejemplo 1956-04-30.',
  }),
  vehicleYear: rule(
    'vehicleYear',
    (value) => {
      const year = matching(VEHICLE_YEAR_PATTERN)(value);
      return year !== undefined && isVehicleYearInRange(year) ? year : undefined;
    },
    (language) =>
      language === 'es'
        ? `Ingrese un año de 4 dígitos entre ${VEHICLE_YEAR_MIN} y ${latestVehicleYear()}.`
        : `Enter a 4-digit year from ${VEHICLE_YEAR_MIN} to ${latestVehicleYear()}.`,
  ),
  email: rule(
    'email',
    (value) => {
      const trimmed = typeof value === 'string' ? value.trim() : undefined;
      return trimmed !== undefined && EMAIL_PATTERN.test(trimmed) ? trimmed : undefined;
    },
    {
      en: 'Enter a valid email address, for example name@example.com.',
      es: 'Ingrese un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
    },
  ),
  phone: rule('phone', matching(PHONE_PATTERN), {
    en: 'Enter the phone number as (NNN) NNN-NNNN.',
    es: 'Ingrese el teléfono con el formato (NNN) NNN-NNNN.',
  }),
  gender: rule('gender', oneOf(GENDERS), { en: 'Choose male, female or non-binary.', es: 'Elija masculino, femenino o no binario.' }),
  maritalStatus: rule('maritalStatus', oneOf(MARITAL_STATUSES), {
    en: 'Choose a marital status from the list.',
    es: 'Elija un estado civil de la lista.',
  }),
  creditRating: rule('creditRating', oneOf(CREDIT_RATINGS), {
    en: 'Choose a credit rating from the list.',
    es: 'Elija una calificación de crédito de la lista.',
  }),
  carrier: rule('carrier', oneOf(CARRIERS), {
    en: 'Choose an insurance company from the list, or Other.',
    es: 'Elija una aseguradora de la lista, u Other (otra).',
  }),
  yesNo: rule('yesNo', (value) => (typeof value === 'boolean' ? value : undefined), { en: 'Answer yes or no.', es: 'Responda sí o no.' }),
  ageRange: rule('ageRange', oneOf(AGE_RANGES), { en: 'Choose an age range from the list.', es: 'Elija un rango de edad de la lista.' }),
  coverageAmount: rule('coverageAmount', oneOf(COVERAGE_AMOUNTS), {
    en: 'Choose a coverage amount from the list.',
    es: 'Elija un monto de cobertura de la lista.',
  }),
  householdSize: rule('householdSize', oneOf(HOUSEHOLD_SIZES), {
    en: 'Choose how many people live in your household, from 1 to 8 or more.',
    es: 'Elija cuántas personas viven en su hogar, de 1 a 8 o más.',
  }),
  householdIncome: rule('householdIncome', oneOf(HOUSEHOLD_INCOMES), {
    en: 'Choose an income range from the list.',
    es: 'Elija un rango de ingresos de la lista.',
  }),
  instant: rule('instant', (value) => (typeof value === 'string' && isUtcInstant(value) ? value : undefined), {
    en: 'Choose a listed time.',
    es: 'Elija una hora de la lista.',
  }),
} as const;

/** A kind of lead field: zipcode, nameOrAddress, … householdIncome. */
export type LeadFieldKind = keyof typeof LEAD_FIELD_RULES;

/** The value a field of kind `K` keeps. */
export type LeadFieldValue<K extends LeadFieldKind> = RuleValue<(typeof LEAD_FIELD_RULES)[K]>;

/** A lead's fields: field name to rule. */
export type LeadFieldRules = Readonly<Record<string, LeadFieldRule<LeadFieldKind>>>;

/** A lead with these field rules: every field optional (spec §5), each the value its rule keeps. */
export type LeadOf<R extends LeadFieldRules> = { -readonly [K in keyof R]?: RuleValue<R[K]> | undefined };
