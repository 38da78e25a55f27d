/** The lead products and the lead shape of each (zod-free; the schemas are in product-schemas.ts). */
import { AUTO_LEAD_FIELDS, type AutoLead } from './auto.ts';
import { HEALTH_LEAD_FIELDS, type HealthLead } from './health.ts';
import { LIFE_LEAD_FIELDS, type LifeLead } from './life.ts';
import { MEDICARE_LEAD_FIELDS, type MedicareLead } from './medicare.ts';

/** The products a lead can be for: every product a brand sells (Brand.defaultProduct). */
export const LEAD_PRODUCTS = ['medicare', 'auto', 'life', 'health'] as const;

/** A lead's product: Medicare benefits, auto, life or health insurance. */
export type LeadProduct = (typeof LEAD_PRODUCTS)[number];

/** The lead type of each product. */
export interface LeadsByProduct {
  medicare: MedicareLead;
  auto: AutoLead;
  life: LifeLead;
  health: HealthLead;
}

/** The lead type of product `P`. */
export type LeadFor<P extends LeadProduct> = LeadsByProduct[P];

/** Every product's lead as a tagged pair, for functions that take either. */
export type ProductLead = { [P in LeadProduct]: { product: P; lead: LeadFor<P> } }[LeadProduct];

/** Each product's field rules. */
export const LEAD_FIELDS_BY_PRODUCT = {
  medicare: MEDICARE_LEAD_FIELDS,
  auto: AUTO_LEAD_FIELDS,
  life: LIFE_LEAD_FIELDS,
  health: HEALTH_LEAD_FIELDS,
} as const satisfies Record<LeadProduct, unknown>;

/** True when `value` is one of {@link LEAD_PRODUCTS}. */
export function isLeadProduct(value: string): value is LeadProduct {
  return (LEAD_PRODUCTS as readonly string[]).includes(value);
}
