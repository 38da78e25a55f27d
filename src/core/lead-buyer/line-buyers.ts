/**
 * Leads as the life and health buyers get them. The spec's second lead buyer takes auto leads
 * only (mapping.ts); life and health leads go to buyers of their own line (LEAD_BUYER_URL_LIFE,
 * LEAD_BUYER_URL_HEALTH), in this shape, ours: the answers a quote is priced on, in the lead-buyer
 * words the auto mapping already uses (yes/no, digits-only phone), and who to call with it.
 * Empty values are left out. A lead booked as a call-back carries `callback_at`, the start of the
 * chosen window as an ISO UTC instant; the Medicare call-back buyer (LEAD_BUYER_URL_MEDICARE) takes
 * only such leads, in the same shape.
 */
import type { HealthLead } from '../leads/health.ts';
import type { MedicareLead } from '../leads/medicare.ts';
import type { LifeLead } from '../leads/life.ts';
import { dropEmpty } from './drop-empty.ts';
import type { YesNo } from './mapping.ts';

/** The products that have a buyer of their own line besides the spec's auto buyer. */
export const LINE_BUYER_PRODUCTS = ['life', 'health'] as const;

/** One of {@link LINE_BUYER_PRODUCTS}. */
export type LineBuyerProduct = (typeof LINE_BUYER_PRODUCTS)[number];

/** Who to call, as both line buyers take it. */
interface LineBuyerContact {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
  /** Digits only: 3055550100. */
  primary_phone?: string | undefined;
  /** When the visitor asked to be called back (ISO UTC instant): the start of the chosen window. */
  callback_at?: string | undefined;
}

/** A life lead for a life buyer. */
export interface LineBuyerLifeLead extends LineBuyerContact {
  product: 'life';
  zip?: string | undefined;
  age_range?: string | undefined;
  coverage_amount?: string | undefined;
  tobacco?: YesNo | undefined;
}

/** A health lead for a health buyer. */
export interface LineBuyerHealthLead extends LineBuyerContact {
  product: 'health';
  zip?: string | undefined;
  age_range?: string | undefined;
  household_size?: string | undefined;
  income_band?: string | undefined;
  currently_insured?: YesNo | undefined;
}

/** A Medicare call-back for the Medicare call-back buyer. */
export interface LineBuyerMedicareLead extends LineBuyerContact {
  product: 'medicare';
  zip?: string | undefined;
  /** From haveMedicare. */
  has_medicare?: YesNo | undefined;
  /** From haveMedicaid. */
  has_medicaid?: YesNo | undefined;
}

/** A lead for its line's buyer. */
export type LineBuyerLead = LineBuyerLifeLead | LineBuyerHealthLead;

/** True when `product` has a buyer of its own line. */
export function isLineBuyerProduct(product: string): product is LineBuyerProduct {
  return (LINE_BUYER_PRODUCTS as readonly string[]).includes(product);
}

/**
 * `lead` in its line buyer's shape, empty values left out.
 *
 * @example
 * mapLeadForLineBuyer('life', { zipcode: '33145', tobaccoUse: false, phone: '(305) 555-0100' });
 * // { product: 'life', zip: '33145', tobacco: 'no', primary_phone: '3055550100' }
 */
export function mapLeadForLineBuyer(product: 'life', lead: LifeLead): LineBuyerLifeLead;
export function mapLeadForLineBuyer(product: 'health', lead: HealthLead): LineBuyerHealthLead;
export function mapLeadForLineBuyer(product: LineBuyerProduct, lead: LifeLead | HealthLead): LineBuyerLead;
export function mapLeadForLineBuyer(product: LineBuyerProduct, lead: LifeLead | HealthLead): LineBuyerLead {
  const contact: LineBuyerContact = {
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    primary_phone: lead.phone?.replace(/\D/g, ''),
    callback_at: lead.callbackAt,
  };
  if (product === 'life') {
    const life = lead as LifeLead;
    return { ...(dropEmpty({ zip: life.zipcode, age_range: life.ageRange, coverage_amount: life.coverageAmount, tobacco: yesNo(life.tobaccoUse), ...contact }) ?? {}), product };
  }
  const health = lead as HealthLead;
  return {
    ...(dropEmpty({
      zip: health.zipcode,
      age_range: health.ageRange,
      household_size: health.householdSize,
      income_band: health.householdIncome,
      currently_insured: yesNo(health.haveHealthInsurance),
      ...contact,
    }) ?? {}),
    product,
  };
}

/**
 * A Medicare call-back in the Medicare call-back buyer's shape, empty values left out. Medicare
 * leads that are not call-backs have no buyer (spec §8): they are call-routed.
 *
 * @example
 * mapMedicareCallback({ zipcode: '33145', haveMedicare: true, phone: '(305) 555-0100', callbackAt: '2026-11-30T13:00:00.000Z' });
 * // { product: 'medicare', zip: '33145', has_medicare: 'yes', primary_phone: '3055550100', callback_at: '2026-11-30T13:00:00.000Z' }
 */
export function mapMedicareCallback(lead: MedicareLead): LineBuyerMedicareLead {
  return {
    ...(dropEmpty({
      zip: lead.zipcode,
      has_medicare: yesNo(lead.haveMedicare),
      has_medicaid: yesNo(lead.haveMedicaid),
      primary_phone: lead.phone?.replace(/\D/g, ''),
      callback_at: lead.callbackAt,
    }) ?? {}),
    product: 'medicare',
  };
}

function yesNo(answer: boolean | undefined): YesNo | undefined {
  return answer === undefined ? undefined : answer ? 'yes' : 'no';
}
