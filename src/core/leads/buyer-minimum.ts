/**
 * The least a lead must hold before it is offered to its product's buyer: a buyer pays for a
 * lead it can quote and call, so a lead without those answers is stored as `incomplete` and
 * never delivered (server/leads/capture.ts). One list per product a buyer takes; Medicare leads
 * are call-routed, never sold, and have none.
 *
 * Why these fields:
 * - auto (the spec's second lead buyer, core/lead-buyer/mapping.ts): where the car is garaged
 *   (`zip`, which prices the policy and decides which carriers may write it), who drives it (the
 *   first driver's first and last name, the policy holder) and what is insured (one vehicle's
 *   year, make and model: a quote is for a car, and the funnel asks all three together);
 * - life and health (core/lead-buyer/line-buyers.ts): the line buyer's product is a call with a
 *   quote. It needs someone to call (first and last name and the phone number), where they live
 *   (`zip`: licensing is by state and health plans are sold by county) and their age range, the
 *   one answer both prices are built on. The rest (coverage amount, tobacco, household, income,
 *   current cover) refines a quote the agent can finish on the call, so it is not required.
 */
import type { LeadProduct } from './product.ts';

/** The fields a buyer needs, per product a buyer takes, in the order an operator reads them. */
export const BUYER_MINIMUM = {
  auto: ['zipcode', 'driver1FirstName', 'driver1LastName', 'vehicle1Year', 'vehicle1Make', 'vehicle1Model'],
  life: ['zipcode', 'ageRange', 'firstName', 'lastName', 'phone'],
  health: ['zipcode', 'ageRange', 'firstName', 'lastName', 'phone'],
  // The Medicare call-back buyer (LEAD_BUYER_URL_MEDICARE) calls at the booked time: whom, and
  // where they live (plans are sold by county).
  medicare: ['zipcode', 'phone', 'callbackAt'],
} as const satisfies Partial<Record<LeadProduct, readonly string[]>>;

/**
 * The fields of {@link BUYER_MINIMUM} that `fields` lacks (absent, null or blank), in its order;
 * empty when the lead is complete or its product has no buyer minimum.
 *
 * @example
 * missingForBuyer('auto', { zipcode: '33145', driver1FirstName: 'Ana' });
 * // ['driver1LastName', 'vehicle1Year', 'vehicle1Make', 'vehicle1Model']
 */
export function missingForBuyer(product: string, fields: Readonly<Record<string, unknown>>): string[] {
  const required: readonly string[] = product in BUYER_MINIMUM ? BUYER_MINIMUM[product as keyof typeof BUYER_MINIMUM] : [];
  return required.filter((field) => {
    const value = fields[field];
    return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  });
}
