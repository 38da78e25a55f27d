import * as z from 'zod';
import { BRAND_IDS, type BrandId } from '../../../brands/ids.ts';
import type { Brand } from '../../../brands/types.ts';

/**
 * A US number as the sites show and lease it: 10 digits, area code and exchange starting 2-9
 * (NANP). No punctuation, no leading 1: the digits are all that is stored, `tel:+1…` and
 * `(NNN) NNN-NNNN` are derived from them.
 */
const US_PHONE = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The rule a BRAND_PHONE_<ID> value breaks; the message names the variable and this, never the value. */
export const BRAND_PHONE_RULE = 'must be 10 digits of a US number, no spaces or punctuation, area code and exchange not starting with 0 or 1 (e.g. 8005550100)';

/** The variable of one brand's default number: `BRAND_PHONE_AC` for ac. */
export type BrandPhoneVariable = `BRAND_PHONE_${Uppercase<BrandId>}`;

/** The variable that configures `id`'s default number. */
export function brandPhoneVariable(id: BrandId): BrandPhoneVariable {
  return `BRAND_PHONE_${id.toUpperCase()}` as BrandPhoneVariable;
}

/** An optional variable; set-but-empty (`VAR=`) counts as unset, as shells and .env files write it. */
const phone = z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(US_PHONE, BRAND_PHONE_RULE).optional());

/**
 * Environment variables of the brands' default call-in numbers, one per brand:
 * `BRAND_PHONE_AC=8005550100`. The number shown while no marketplace lease is live. Unset, a
 * brand keeps the fictional 555-01xx number of its module (brands/{id}.ts), a development
 * default only: in production the server refuses to start until every brand has its number
 * ({@link phonesEnvProblem}).
 */
export const PHONES_ENV = Object.fromEntries(BRAND_IDS.map((id) => [brandPhoneVariable(id), phone])) as Record<BrandPhoneVariable, typeof phone>;

/** The validated phone variables (a part of the whole validated environment). */
export type PhonesEnv = z.output<z.ZodObject<typeof PHONES_ENV>>;

/** The variables of the brands without a configured number, in BRAND_IDS order. */
export function missingBrandPhones(vars: Partial<PhonesEnv>): BrandPhoneVariable[] {
  return BRAND_IDS.map(brandPhoneVariable).filter((name) => vars[name] === undefined);
}

/**
 * The problem with the phone variables for a given NODE_ENV, or undefined: in production, every
 * brand needs its real number (a fictional 555 number shown to a visitor is a call that goes
 * nowhere), so a missing one is a configuration error naming every missing variable. Checked
 * when the server starts, like SESSION_KEY (auth/session-env.ts): the CLI loads the same config
 * without needing any number.
 */
export function phonesEnvProblem(vars: Partial<PhonesEnv> & { NODE_ENV: string }): string | undefined {
  if (vars.NODE_ENV !== 'production') return undefined;
  const missing = missingBrandPhones(vars);
  if (missing.length === 0) return undefined;
  return `${missing.join(', ')}: required in production (each brand's default call-in number; ${BRAND_PHONE_RULE})`;
}

/** Each brand with its configured number, made once per brand (and number), not per page. */
const configured = new WeakMap<Brand, Brand>();

/**
 * `brand` with its configured default number (BRAND_PHONE_<ID>), else as it is (the development
 * default of its module). The one place a payload's brand number comes from: page payloads, their
 * JSON twins, no-JavaScript funnel pages and error pages all pass through here.
 */
export function brandWithPhone<B extends Brand>(brand: B, vars: Partial<PhonesEnv>): B {
  const phone = vars[brandPhoneVariable(brand.id)];
  if (phone === undefined || phone === brand.phone) return brand;
  const cached = configured.get(brand);
  if (cached?.phone === phone) return cached as B;
  const withPhone = { ...brand, phone };
  configured.set(brand, withPhone);
  return withPhone;
}
