/**
 * Booking a call-back on the server, the one path behind `POST /api/leads/callback` as JSON and as
 * the end screen's plain form. Nothing the browser says is trusted: the window must be one this
 * server offers now (core/leads/callback-slots.ts), the phone one a buyer can call
 * (phone-check.ts), the funnel's questions walked by this browser (the form cookie, as a capture
 * is checked) and the consent the disclosure this server renders.
 *
 * Where the call-back goes depends on the product:
 * - Medicare asks no phone in its funnel and its leads are call-routed, so the call-back is a new
 *   lead of its own (the walked answers, the phone, callbackAt) with the form's consent proof,
 *   waiting in the outbox for the Medicare call-back buyer when LEAD_BUYER_URL_MEDICARE is set
 *   (call-routed otherwise: the call centre's own agents call back).
 * - Auto, life and health captured a lead with the phone on their contact step. A second lead
 *   would sell the same contact twice, so the call-back is recorded on that lead (callbackAt). A
 *   lead still in the outbox is delivered with callback_at; one already delivered is not sent
 *   again, because the buyers' protocol has no update call and a repeat under the lead's
 *   Idempotency-Key is dropped (a new key would sell it twice): the buyer bought the contact
 *   to call it, and the booked time stays on the lead for the call centre and the control center.
 */
import { createHash } from 'node:crypto';
import { ROUTES } from '../../../routes.ts';
import type { Brand } from '../../../brands/types.ts';
import type { CallbackRequest } from '../../core/contract/leads-callback.ts';
import type { PrivacyChoice } from '../../core/contract/privacy-choices.ts';
import { callbackConsent } from '../../core/funnels/callback-consent.ts';
import { funnelById } from '../../core/funnels/index.ts';
import type { FunnelDefinition } from '../../core/funnels/types.ts';
import { missingForBuyer } from '../../core/leads/buyer-minimum.ts';
import { CALLBACK_AT_FIELD } from '../../core/leads/callback.ts';
import { CALLBACK_ONLY_FIELDS, callbackAsksPhone, callbackPhoneShape } from '../../core/leads/callback-rules.ts';
import { offeredSlot, type CallbackSlot } from '../../core/leads/callback-slots.ts';
import { LEAD_FIELD_RULES } from '../../core/leads/fields.ts';
import { readStoredLead } from '../../core/leads/stored.ts';
import { firstUnwalkedLeadStep, notWalkedProblem } from '../funnels/walked-path.ts';
import type { ConsentProof, LeadRow, LeadStatus, Store } from '../platform/store/index.ts';
import { consentVersion } from './capture.ts';
import { phoneProblems } from './phone-check.ts';

/** How long after its capture a lead can still be booked for a call-back: the visit that captured it, with room to spare. */
export const CALLBACK_LEAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What the server itself knows about the call-back request. */
export interface CallbackContext {
  brand: Pick<Brand, 'id' | 'name' | 'owner' | 'isAgency'>;
  ip: string | null;
  userAgent: string | null;
  privacy?: PrivacyChoice | undefined;
  /** Server time of the request: what the offered windows are computed from. */
  now: Date;
  /** The steps of the funnel this browser's form cookie records as submitted. */
  walked: readonly string[];
  /** Whether a buyer takes a product's leads (app.leadOutbox.takes). */
  buyerTakes: (product: string) => boolean;
  /** True in production, where the fictional 555-01xx phone numbers are refused. */
  production: boolean;
  /** The page the form was on, when the request names none (a plain form post: its Referer). */
  pageUrl: string;
  /**
   * Set for a plain form post (no JavaScript): the visitor's anonymous id (their cookie), by which
   * their lead is found, and the disclosure is the one the server rendered with the button pressed.
   */
  noJs?: { anonymousId: string } | undefined;
}

/** How a booking ended: the lead it is on and the window, or one line per problem. */
export type CallbackOutcome = { ok: true; lead: LeadRow; slot: CallbackSlot } | { ok: false; problems: string[] };

/** The problem line when no lead of the funnel is the visitor's to call back about. */
const NO_LEAD = 'leadId: no lead of this funnel to call back about';

/** The first route of `brandId` that runs funnel `funnelId`, with the funnel. */
function brandFunnel(brandId: string, funnelId: string): FunnelDefinition | undefined {
  const funnel = funnelById(funnelId);
  const served = ROUTES.some((candidate) => candidate.page.form === funnelId && candidate.brands.includes(brandId as never));
  return funnel && served ? funnel : undefined;
}

/**
 * The id of a Medicare call-back: the same lead booked for the same window and number again (a
 * retried send, a reload re-posting the form) is the same call-back lead. A hash, so it reveals
 * nothing of the number.
 */
function callbackLeadId(leadId: string, slot: string, phone: string): string {
  return createHash('sha256').update(`${leadId}:callback:${slot}:${phone}`).digest('base64url').slice(0, 32);
}

/** The visitor's lead of `funnel` the call-back is for: by the browser's id, or a plain post's newest by cookie. */
async function visitorLead(store: Store, request: CallbackRequest, context: CallbackContext, funnel: FunnelDefinition): Promise<LeadRow | undefined> {
  const since = new Date(context.now.getTime() - CALLBACK_LEAD_MAX_AGE_MS).toISOString();
  const lead = context.noJs
    ? await store.latestVisitorLead({ brandId: context.brand.id, funnel: funnel.id, anonymousId: context.noJs.anonymousId, since })
    : request.leadId
      ? await store.getLead(request.leadId)
      : undefined;
  // The same answer whether the id is unknown or another site's, funnel's or day's lead: nothing to probe.
  return lead && lead.brandId === context.brand.id && lead.funnel === funnel.id && lead.createdAt >= since ? lead : undefined;
}

/**
 * Validates `request` for `context.brand` and books the call-back: a new Medicare lead, or the
 * callbackAt of the visitor's lead of an auto, life or health funnel.
 */
export async function bookCallback(store: Store, request: CallbackRequest, context: CallbackContext): Promise<CallbackOutcome> {
  const funnel = brandFunnel(context.brand.id, request.funnel);
  if (!funnel) return { ok: false, problems: [`funnel: '${request.funnel}' is not a funnel of this site`] };
  const problems: string[] = [];

  const slot = offeredSlot(request.slot, context.now, request.utmMedium ? { utmMedium: request.utmMedium } : {});
  if (!slot) problems.push('slot: is not a call-back time offered now (inside working hours, ahead, on the next open days)');

  const asksPhone = callbackAsksPhone(funnel.product);
  const phone = request.phone === undefined || request.phone.trim() === '' ? undefined : callbackPhoneShape(request.phone);
  if (asksPhone) {
    if (phone === undefined || LEAD_FIELD_RULES.phone.read(phone) === undefined) problems.push(`phone: ${LEAD_FIELD_RULES.phone.message(funnel.language)}`);
    else problems.push(...phoneProblems(funnel.product, { phone }, funnel.language, context).map(({ message }) => `phone: ${message}`));
  } else if (phone !== undefined) problems.push('phone: this funnel asked it already; it is not asked again');

  const disclosure = callbackConsent(context.brand, funnel.language);
  if (!context.noJs) {
    if (!request.consent) problems.push('consent: required: the disclosure shown with the button');
    else {
      if (request.consent.text !== disclosure.text) problems.push('consent.text: is not the disclosure this form shows');
      if (request.consent.buttonLabel !== disclosure.buttonLabel) problems.push(`consent.buttonLabel: must be '${disclosure.buttonLabel}'`);
    }
  }
  if (!context.noJs && !request.leadId) problems.push('leadId: required: the lead of this funnel the call-back is for');
  if (problems.length > 0 || !slot) return { ok: false, problems };

  const lead = await visitorLead(store, request, context, funnel);
  if (!lead) return { ok: false, problems: [NO_LEAD] };
  // A forged post must not sell a call: the browser that walked the funnel is the one booking it.
  const unwalked = firstUnwalkedLeadStep(funnel, lead.fields, context.walked);
  if (unwalked !== undefined) return { ok: false, problems: [notWalkedProblem(unwalked)] };

  if (!asksPhone || phone === undefined) {
    const updated = await store.scheduleLeadCallback(lead.id, slot.start, context.now.toISOString());
    return updated ? { ok: true, lead: updated, slot } : { ok: false, problems: [NO_LEAD] };
  }

  // Medicare: a lead of its own, the stored lead's answers (checked at its capture) with the phone and time.
  const answers = { ...readStoredLead(funnel.product, lead.fields) } as Record<string, unknown>;
  for (const field of CALLBACK_ONLY_FIELDS[funnel.product]) delete answers[field];
  const consent: ConsentProof = {
    text: disclosure.text,
    version: consentVersion(disclosure.text),
    buttonLabel: disclosure.buttonLabel,
    pageUrl: request.pageUrl ?? context.pageUrl,
    consentedAt: context.now.toISOString(),
    ip: context.ip,
    userAgent: context.userAgent,
    ...(request.consent?.trustedFormCertUrl ? { trustedFormCertUrl: request.consent.trustedFormCertUrl } : {}),
    ...(request.consent?.leadidToken ? { leadidToken: request.consent.leadidToken } : {}),
    ...(context.privacy ? { privacyChoice: context.privacy } : {}),
  };
  const fields = { ...answers, phone, [CALLBACK_AT_FIELD]: slot.start };
  const missingFields = missingForBuyer(funnel.product, fields);
  const status: Exclude<LeadStatus, 'duplicate'> = !context.buyerTakes(funnel.product) ? 'call-routed' : missingFields.length > 0 ? 'incomplete' : 'captured';
  const created = await store.createLead({
    id: callbackLeadId(lead.id, slot.start, phone),
    brandId: context.brand.id,
    route: lead.route,
    funnel: funnel.id,
    product: funnel.product,
    language: funnel.language,
    anonymousId: lead.anonymousId,
    sessionId: lead.sessionId,
    fields,
    consent,
    status,
    ...(status === 'incomplete' ? { missingFields } : {}),
    createdAt: context.now.toISOString(),
  });
  return { ok: true, lead: created.lead, slot };
}
