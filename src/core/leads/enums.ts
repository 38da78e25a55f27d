/**
 * The lead enumerations (spec §3 "Enumerations") with labels forms can show in English and
 * Spanish. The values are the spec's, to the letter; they are what gets stored and sent.
 */
import type { LocalizedText } from './localized.ts';

/** Gender values (spec §3). */
export const GENDERS = ['male', 'female', 'non-binary'] as const;

/** A driver's gender. */
export type Gender = (typeof GENDERS)[number];

/** Marital status values (spec §3). */
export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'separated', 'widowed', 'domestic partner', 'unknown'] as const;

/** A driver's marital status. */
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/** Credit rating values (spec §3). */
export const CREDIT_RATINGS = ['excellent', 'good', 'average', 'fair', 'poor'] as const;

/** A driver's self-reported credit rating. */
export type CreditRating = (typeof CREDIT_RATINGS)[number];

/** Option labels for {@link GENDERS}. */
export const GENDER_LABELS: Readonly<Record<Gender, LocalizedText>> = {
  male: { en: 'Male', es: 'Masculino' },
  female: { en: 'Female', es: 'Femenino' },
  'non-binary': { en: 'Non-binary', es: 'No binario' },
};

/** Option labels for {@link MARITAL_STATUSES}. */
export const MARITAL_STATUS_LABELS: Readonly<Record<MaritalStatus, LocalizedText>> = {
  single: { en: 'Single', es: 'Soltero(a)' },
  married: { en: 'Married', es: 'Casado(a)' },
  divorced: { en: 'Divorced', es: 'Divorciado(a)' },
  separated: { en: 'Separated', es: 'Separado(a)' },
  widowed: { en: 'Widowed', es: 'Viudo(a)' },
  'domestic partner': { en: 'Domestic partner', es: 'Pareja de hecho' },
  unknown: { en: 'Unknown', es: 'Desconocido' },
};

/** Option labels for {@link CREDIT_RATINGS}. */
export const CREDIT_RATING_LABELS: Readonly<Record<CreditRating, LocalizedText>> = {
  excellent: { en: 'Excellent', es: 'Excelente' },
  good: { en: 'Good', es: 'Bueno' },
  average: { en: 'Average', es: 'Promedio' },
  fair: { en: 'Fair', es: 'Regular' },
  poor: { en: 'Poor', es: 'Malo' },
};
