/**
 * The visitor's lead and ZIP code as the marketplace calls use them (spec §7 "Zip is taken from
 * the form value first, then a stored zip, then the geo postal code").
 */
import { formValuesOf } from '../../core/funnels/engine.ts';
import type { FormBuckets } from '../../core/funnels/form-buckets.ts';
import type { LeadFor, LeadProduct, ProductLead } from '../../core/leads/product.ts';
import { readStoredLead } from '../../core/leads/stored.ts';
import { pageProductLine, type ProductLine } from '../../core/marketplace/product-line.ts';
import type { PagePayload } from '../../core/payload/types.ts';

/** The visitor's answers as a `product` lead, and the ZIP code stored from any form. */
export interface VisitorLead<P extends LeadProduct> {
  /** The shown funnel's form values (each field from its own bucket, else the shared one); the shared bucket off funnels. */
  lead: LeadFor<P>;
  /** The ZIP code of the shared bucket: the latest one given in any form. */
  storedZip?: string;
}

/** The visitor's lead for `product` on `page`; invalid stored values are left out (spec §5). */
export function visitorLead<P extends LeadProduct>(product: P, page: PagePayload, buckets: FormBuckets): VisitorLead<P> {
  const values = page.funnel ? formValuesOf(buckets, page.funnel.id) : buckets.shared;
  const storedZip = readStoredLead(product, buckets.shared).zipcode;
  return { lead: readStoredLead(product, values), ...(storedZip ? { storedZip } : {}) };
}

/** The ZIP code to use: the lead's, else the stored one, else the IP lookup's postal code when it is a US ZIP. */
export function visitorZip(lead: { zipcode?: string | undefined }, storedZip: string | undefined, postalCode: string | null | undefined): string | undefined {
  const geoZip = postalCode && /^\d{5}$/.test(postalCode) ? postalCode : undefined;
  return lead.zipcode ?? storedZip ?? geoZip;
}

/** The product line of the shown page: its own product's, else its brand's (the server reads the same from the route table). */
export function visitorLine(page: PagePayload): ProductLine {
  return pageProductLine(page.brand.id, page.page.product);
}

/** {@link visitorLead} tagged with its product, as the get-phone builder takes it. */
export function visitorProductLead(line: ProductLine, page: PagePayload, buckets: FormBuckets): ProductLead & { storedZip?: string } {
  const { lead, storedZip } = visitorLead(line, page, buckets);
  return { product: line, lead, ...(storedZip ? { storedZip } : {}) };
}

/**
 * True when the visitor consented to be contacted on the shown funnel and did not opt out of
 * sharing: this funnel's own answers hold an email or a phone number. Every step that asks for
 * one carries the consent disclosure (core/leads/consent.ts stepNeedsConsent) and answers are
 * kept only when a step is submitted, so they are there only once the visitor pressed the button
 * the disclosure names. Details given on another funnel never count.
 */
export function contactConsent(page: PagePayload, buckets: FormBuckets): boolean {
  if (page.privacy !== undefined || !page.funnel) return false;
  const own = buckets.forms[page.funnel.id] ?? {};
  return own.email !== undefined || own.phone !== undefined;
}
