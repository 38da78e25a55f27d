/**
 * Capturing a lead on the server, the one path behind `POST /api/leads`
 * and the no-JavaScript post of a funnel's last question step: check the request against the
 * route table and the funnel, validate the fields with the product's lead rules, check that the
 * visitor walked every question on their path (the form cookie's record) and that the phone
 * numbers are real, check the
 * consent against the disclosure the funnel shows, and commit the lead with its proof. The
 * caller answers only after this resolved, so a 2xx always means the lead is stored.
 */
import { createHash } from 'node:crypto';
import type { Brand } from '../../../brands/types.ts';
import type { LeadCaptureRequest } from '../../core/contract/leads.ts';
import type { PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import { funnelConsent, isConsentStep } from '../../core/funnels/consent.ts';
import { isLineBuyerProduct } from '../../core/lead-buyer/line-buyers.ts';
import { missingForBuyer } from '../../core/leads/buyer-minimum.ts';
import { CALLBACK_ONLY_FIELDS } from '../../core/leads/callback-rules.ts';
import { validateLeadFields } from '../../core/leads/validate.ts';
import { keepConsentDocument } from './consent-document.tsx';
import type { ConsentProof, LeadRow, LeadStatus, Store } from '../platform/store/index.ts';
import { routeFunnel } from '../funnels/route-funnel.ts';
import { firstUnwalkedLeadStep, notWalkedProblem } from '../funnels/walked-path.ts';
import { phoneProblems } from './phone-check.ts';


/** What the server itself knows about the capture request. */
export interface CaptureContext {
  brand: Pick<Brand, 'id' | 'name' | 'owner' | 'isAgency'>;
  ip: string | null;
  userAgent: string | null;
  /** The browser's opt-out of the sale and sharing of its information, kept in the consent proof. */
  privacy?: PrivacyChoice | undefined;
  /** Server time of the capture. */
  now: Date;
  /** The id of the build this server runs (its manifest's), kept in the consent proof with the step's HTML. */
  buildId: string;
  /** Whether a buyer takes a product's leads (app.leadOutbox.takes); absent: none but auto's. */
  buyerTakes?: (product: string) => boolean;
  /** The steps of the lead's funnel the visitor's form cookie records as submitted (funnels/form-session.ts walkedSteps). */
  walked: readonly string[];
  /** True in production, where the fictional 555-0100 to 555-0199 phone numbers are refused. */
  production: boolean;
}

/** How a capture ended: stored (now or before), or refused with one line per problem. */
export type CaptureOutcome = { ok: true; lead: LeadRow; created: boolean } | { ok: false; problems: string[] };

/** sha256 (hex) of a disclosure text: its version, the same for every lead captured under the same words. */
export function consentVersion(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The status a new lead starts in: in the outbox for its buyer, incomplete, or routed to the call
 * centre. Auto leads are for a buyer always (spec §7: they go to the second lead buyer once
 * LEAD_BUYER_URL is set); a life or health lead is when the visitor consented to be contacted and
 * a buyer takes its line; every other lead (Medicare's, or a line no buyer takes) is call-routed.
 * A lead for a buyer that lacks what the buyer needs (`missingFields`, from
 * core/leads/buyer-minimum.ts) is `incomplete`: stored, never offered. Whether it repeats a
 * contact already offered is the store's to decide (`duplicate`), in the insert's transaction.
 */
export function initialLeadStatus(
  product: string,
  consented: boolean,
  buyerTakes: (product: string) => boolean = () => false,
  missingFields: readonly string[] = [],
): Exclude<LeadStatus, 'duplicate'> {
  const forBuyer = product === 'auto' || (consented && isLineBuyerProduct(product) && buyerTakes(product));
  if (!forBuyer) return 'call-routed';
  return missingFields.length > 0 ? 'incomplete' : 'captured';
}

/**
 * Validates `request` for `context.brand` and stores the lead. A lead id already stored answers
 * with the stored lead (`created: false`) and changes nothing, so a retried submit is safe.
 */
export async function captureLead(store: Store, request: LeadCaptureRequest, context: CaptureContext): Promise<CaptureOutcome> {
  const named = routeFunnel(context.brand.id, request.route, request.funnel);
  if (!named.ok) return { ok: false, problems: [named.problem] };
  const { route, funnel } = named;

  const validation = validateLeadFields(funnel.product, request.fields, funnel.language);
  if (!validation.ok) return { ok: false, problems: validation.problems.map(({ field, message }) => (field ? `fields.${field}: ${message}` : `fields: ${message}`)) };
  const fields = validation.lead as Record<string, unknown>;
  // A call-back's time (and Medicare's phone) come only through the call-back request, which checks them.
  for (const field of CALLBACK_ONLY_FIELDS[funnel.product]) delete fields[field];

  // Only from a visit that walked its funnel, and only with numbers a buyer can call: one check
  // for the JSON API and the no-JavaScript last step alike.
  const unwalked = firstUnwalkedLeadStep(funnel, fields, context.walked);
  if (unwalked !== undefined) return { ok: false, problems: [notWalkedProblem(unwalked)] };
  const phones = phoneProblems(funnel.product, fields, funnel.language, context);
  if (phones.length > 0) return { ok: false, problems: phones.map(({ field, message }) => `fields.${field}: ${message}`) };

  let consent: ConsentProof | null = null;
  const disclosure = funnelConsent(funnel, context.brand);
  const contactFields = funnel.steps.filter(isConsentStep).flatMap((step) => step.fields.map((field) => field.name));
  const hasContact = contactFields.some((name) => fields[name] !== undefined);
  if (disclosure && hasContact) {
    if (!request.consent) return { ok: false, problems: ['consent: required when the lead holds a phone number or an email address'] };
    const problems: string[] = [];
    if (request.consent.text !== disclosure.text) problems.push('consent.text: is not the disclosure this funnel shows');
    if (request.consent.buttonLabel !== disclosure.buttonLabel) problems.push(`consent.buttonLabel: must be '${disclosure.buttonLabel}'`);
    if (problems.length) return { ok: false, problems };
    consent = {
      text: disclosure.text,
      version: consentVersion(disclosure.text),
      buttonLabel: disclosure.buttonLabel,
      pageUrl: request.pageUrl,
      consentedAt: context.now.toISOString(),
      ip: context.ip,
      userAgent: context.userAgent,
      ...(request.consent.trustedFormCertUrl ? { trustedFormCertUrl: request.consent.trustedFormCertUrl } : {}),
      ...(request.consent.leadidToken ? { leadidToken: request.consent.leadidToken } : {}),
      ...(context.privacy ? { privacyChoice: context.privacy } : {}),
      // The consent step's HTML as this build renders it, kept by hash, so the proof can be shown and re-rendered later.
      ...(await keepConsentDocument(store, { brandId: context.brand.id, route: route.name, funnel: funnel.id }, context.buildId, context.now)),
    };
  }

  const missingFields = missingForBuyer(funnel.product, fields);
  const status = initialLeadStatus(funnel.product, consent !== null, context.buyerTakes, missingFields);
  const { lead, created } = await store.createLead({
    id: request.id,
    brandId: context.brand.id,
    route: route.name,
    funnel: funnel.id,
    product: funnel.product,
    language: funnel.language,
    anonymousId: request.anonymousId,
    sessionId: request.sessionId,
    fields,
    consent,
    status,
    ...(status === 'incomplete' ? { missingFields } : {}),
    createdAt: context.now.toISOString(),
  });
  return { ok: true, lead, created };
}
