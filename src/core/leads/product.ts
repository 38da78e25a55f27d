/** The lead products and the lead shape of each. */
import { AUTO_LEAD_FIELDS, AutoLeadSchema, type AutoLead } from './auto.ts';
import { MEDICARE_LEAD_FIELDS, MedicareLeadSchema, type MedicareLead } from './medicare.ts';

/** The products a lead can be for. */
export const LEAD_PRODUCTS = ['medicare', 'auto'] as const;

/** A lead's product: Medicare benefits or auto insurance. */
export type LeadProduct = (typeof LEAD_PRODUCTS)[number];

/** The lead type of each product. */
export interface LeadsByProduct {
  medicare: MedicareLead;
  auto: AutoLead;
}

/** The lead type of product `P`. */
export type LeadFor<P extends LeadProduct> = LeadsByProduct[P];

/** Every product's lead as a tagged pair, for functions that take either. */
export type ProductLead = { [P in LeadProduct]: { product: P; lead: LeadFor<P> } }[LeadProduct];

/** Each product's field rules. */
export const LEAD_FIELDS_BY_PRODUCT = { medicare: MEDICARE_LEAD_FIELDS, auto: AUTO_LEAD_FIELDS } as const;

/** Each product's lead schema. */
export const LEAD_SCHEMAS = { medicare: MedicareLeadSchema, auto: AutoLeadSchema } as const;

/** True when `value` is one of {@link LEAD_PRODUCTS}. */
export function isLeadProduct(value: string): value is LeadProduct {
  return (LEAD_PRODUCTS as readonly string[]).includes(value);
}
