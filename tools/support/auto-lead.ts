/**
 * A complete, valid auto lead as the browser sends it from the funnel's last question step
 * (POST /api/leads), and the step submits (POST /api/funnel/step) a browser sends before it, so
 * the server takes the lead; shared by the lead tests and bench:leads.
 */
import { brandById } from '../../brands/index.ts';
import type { LeadCaptureRequest } from '../../src/core/contract/leads.ts';
import type { FunnelStepRequest } from '../../src/core/contract/funnel-steps.ts';
import { CAPTURE_LEAD_ACTION } from '../../src/core/funnels/actions.ts';
import { funnelConsent, type StepConsent } from '../../src/core/funnels/consent.ts';
import { FUNNELS } from '../../src/core/funnels/funnels.ts';
import { funnelById } from '../../src/core/funnels/index.ts';
import { impliedPathAnswers } from '../../src/core/funnels/path-answers.ts';
import { visitorPath } from '../../src/core/funnels/visitor-path.ts';

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

/**
 * The step submits (POST /api/funnel/step bodies) a browser's funnel sends, in order, before it
 * posts a lead with `fields` of funnel `funnelId` on route `route`: every question on the path the
 * lead's answers take, up to and including the step that captures it, each with its own fields'
 * values (a skippable step without any is its skip), and the path answers ("another vehicle?")
 * the lead's fields imply.
 */
export function stepSubmits(route: string, funnelId: string, fields: Readonly<Record<string, unknown>>): FunnelStepRequest[] {
  const funnel = funnelById(funnelId);
  if (!funnel) throw new Error(`no funnel ${funnelId}`);
  const capture = funnel.steps.findIndex((step) => step.onSubmit === CAPTURE_LEAD_ACTION);
  const values = { ...impliedPathAnswers(fields), ...fields };
  return visitorPath(funnel, capture, values).flatMap((at) => {
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- visitorPath answers indexes of funnel.steps
    const step = funnel.steps[at]!;
    if (at > capture || step.kind !== 'form') return [];
    const answers = Object.fromEntries(step.fields.flatMap((field) => (values[field.name] === undefined ? [] : [[field.name, values[field.name]]])));
    return [{ route, funnel: funnelId, step: step.name, answers }];
  });
}
