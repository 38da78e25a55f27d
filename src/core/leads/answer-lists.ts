/**
 * The answer lists of the life and health leads (every brand sells its own product),
 * with labels forms can show in English and Spanish. Unlike enums.ts these are ours, not the
 * spec's: the values are what gets stored, so they are short, stable slugs, never labels.
 */
import type { LocalizedText } from './localized.ts';

/**
 * Age ranges, as the life and health funnels ask them. Asking a range rather than a date of
 * birth keeps a personal detail out of the lead while still pricing a quote. The last range ends
 * at 85 because final expense policies are not issued past that age.
 */
export const AGE_RANGES = ['18-39', '40-49', '50-59', '60-69', '70-79', '80-85'] as const;

/** A visitor's age range. */
export type AgeRange = (typeof AGE_RANGES)[number];

/**
 * Life coverage amounts, final-expense oriented: most final expense policies pay $10,000 to
 * $25,000, so the small amounts are split finely and everything past $100,000 is one choice.
 */
export const COVERAGE_AMOUNTS = ['under-10k', '10k-25k', '25k-50k', '50k-100k', 'over-100k'] as const;

/** A life coverage amount. */
export type CoverageAmount = (typeof COVERAGE_AMOUNTS)[number];

/**
 * Household sizes, 1 to 8 people. '8' stands for eight or more: Marketplace savings tables grow
 * by one person at a time, and a larger household is rare enough to price by hand on the call.
 */
export const HOUSEHOLD_SIZES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

/** A household size. */
export type HouseholdSize = (typeof HOUSEHOLD_SIZES)[number];

/** Yearly household income ranges: Marketplace savings depend on income. */
export const HOUSEHOLD_INCOMES = ['under-25k', '25k-50k', '50k-75k', '75k-100k', 'over-100k'] as const;

/** A yearly household income range. */
export type HouseholdIncome = (typeof HOUSEHOLD_INCOMES)[number];

/** Option labels for {@link AGE_RANGES}. */
export const AGE_RANGE_LABELS: Readonly<Record<AgeRange, LocalizedText>> = {
  '18-39': { en: '18 to 39', es: '18 a 39' },
  '40-49': { en: '40 to 49', es: '40 a 49' },
  '50-59': { en: '50 to 59', es: '50 a 59' },
  '60-69': { en: '60 to 69', es: '60 a 69' },
  '70-79': { en: '70 to 79', es: '70 a 79' },
  '80-85': { en: '80 to 85', es: '80 a 85' },
};

/** Option labels for {@link COVERAGE_AMOUNTS}. */
export const COVERAGE_AMOUNT_LABELS: Readonly<Record<CoverageAmount, LocalizedText>> = {
  'under-10k': { en: 'Under $10,000', es: 'Menos de $10,000' },
  '10k-25k': { en: '$10,000 to $25,000', es: '$10,000 a $25,000' },
  '25k-50k': { en: '$25,000 to $50,000', es: '$25,000 a $50,000' },
  '50k-100k': { en: '$50,000 to $100,000', es: '$50,000 a $100,000' },
  'over-100k': { en: 'Over $100,000', es: 'Más de $100,000' },
};

/** Option labels for {@link HOUSEHOLD_SIZES}. */
export const HOUSEHOLD_SIZE_LABELS: Readonly<Record<HouseholdSize, LocalizedText>> = {
  '1': { en: 'Just me', es: 'Solo yo' },
  // Spanish answers are the bare numbers, under "¿Cuántas personas…?": "2 personas" wraps in a
  // half-width answer on a phone, and the list would push the button off the first screen.
  '2': { en: '2 people', es: '2' },
  '3': { en: '3 people', es: '3' },
  '4': { en: '4 people', es: '4' },
  '5': { en: '5 people', es: '5' },
  '6': { en: '6 people', es: '6' },
  '7': { en: '7 people', es: '7' },
  '8': { en: '8 or more', es: '8 o más' },
};

/** Option labels for {@link HOUSEHOLD_INCOMES}. */
export const HOUSEHOLD_INCOME_LABELS: Readonly<Record<HouseholdIncome, LocalizedText>> = {
  'under-25k': { en: 'Under $25,000', es: 'Menos de $25,000' },
  '25k-50k': { en: '$25,000 to $50,000', es: '$25,000 a $50,000' },
  '50k-75k': { en: '$50,000 to $75,000', es: '$50,000 a $75,000' },
  '75k-100k': { en: '$75,000 to $100,000', es: '$75,000 a $100,000' },
  'over-100k': { en: 'Over $100,000', es: 'Más de $100,000' },
};
