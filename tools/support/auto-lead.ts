/**
 * A complete, valid auto lead as the browser sends it from the funnel's last question step
 * (POST /api/leads), shared by the lead tests and bench:leads.
 */
import { brandById } from '../../brands/index.ts';
import type { LeadCaptureRequest } from '../../src/core/contract/leads.ts';
import { funnelConsent, type StepConsent } from '../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';

/** What the auto funnel asks, each with a valid value: one vehicle, one driver, address and contact details. */
export const AUTO_LEAD_FIELDS = {
  zipcode: '33101',
  currentlyInsured: true,
  currentCompany: 'State Farm',
  homeowner: true,
  interestedInHomeInsurance: false,
  vehicle1Year: '2018',
  vehicle1Make: 'Toyota',
  vehicle1Model: 'Camry',
  driver1FirstName: 'Ana',
  driver1LastName: 'Ruiz',
  driver1Gender: 'female',
  driver1MaritalStatus: 'married',
  driver1Dob: '1956-04-30',
  driver1CreditRating: 'good',
  driver1Sr22: false,
  driver1MilitaryAffiliation: false,
  driver1Address: '100 Main Street',
  driver1Address2: 'Apt 2',
  driver1Email: 'ana.ruiz@example.com',
  driver1Phone: '(201) 555-0123',
} as const;

/** The disclosure tqg's auto funnel shows above "Get my quotes"; throws when tqg, its auto funnel or that funnel's consent step is gone. */
function tqgAutoConsent(): StepConsent {
  const funnel = FUNNELS.auto;
  const brand = brandById('tqg');
  const consent = funnel && brand ? funnelConsent(funnel, brand) : undefined;
  if (consent === undefined) throw new Error("the lead fixtures need tqg's auto funnel and its consent step");
  return consent;
}

/** The disclosure tqg's auto funnel shows above "Get my quotes". */
export const TQG_AUTO_CONSENT = tqgAutoConsent();

/** A capture request for tqg's /quiz/auto with `id`; `overrides` replace top-level fields. */
export function autoLeadRequest(id: string, overrides: Partial<Record<keyof LeadCaptureRequest, unknown>> = {}): Record<string, unknown> {
  return {
    id,
    route: 'quiz-auto',
    funnel: 'auto',
    anonymousId: 'anon-lead-1',
    sessionId: 'session-lead-1',
    pageUrl: 'http://tqg.localhost/quiz/auto/contact?utm_source=test',
    fields: AUTO_LEAD_FIELDS,
    consent: { text: TQG_AUTO_CONSENT.text, buttonLabel: TQG_AUTO_CONSENT.buttonLabel },
    ...overrides,
  };
}
