/**
 * The phone lease in the browser (spec §4 "Phone lease", §7 get-phone): the call screens lease a
 * number for this visitor from the marketplace, through our server, and keep the leased record
 * `{ value, expirationDate }`, which the site then shows until it expires. Failures are silent:
 * the brand's default number simply stays.
 */
import { expectValid } from '../../core/check/check.ts';
import { GET_PHONE_PATH } from '../../core/contract/paths.ts';
import { isGetPhoneRelayAnswer } from '../../core/contract/checks.ts';
import { buildGetPhonePayload, type GetPhoneInput, type GetPhoneRequest } from '../../core/marketplace/payloads.ts';
import type { FormValuesStore } from '../../core/funnels/form-buckets.ts';
import type { LeasedPhoneStore } from './leased-phone-store.ts';
import { marketplaceRequest, postJson, type MarketplaceVisitor } from './visitor-context.ts';
import { contactConsent, visitorLine, visitorProductLead } from './visitor-zip.ts';

/** What {@link createPhoneLease} needs. */
export interface PhoneLeaseOptions {
  visitor: MarketplaceVisitor;
  forms: Pick<FormValuesStore, 'getSnapshot'>;
  store: Pick<LeasedPhoneStore, 'set'>;
}

/**
 * The lease call of the shown page: the exact §7 get-phone payload (data: the visitor's lead
 * mapped for the page's product line, its zip the form's, else the stored one, else the IP
 * lookup's postal code; url: the origin only; lease time 300) posted to our server's relay (core/contract/marketplace.ts)
 * with the page's path, from which the server reads the page's line; a lease in the answer is kept in `store`. Calls made while one is in flight share it; never rejects.
 */
export function createPhoneLease(options: PhoneLeaseOptions): () => Promise<void> {
  const { visitor, forms, store } = options;
  let inFlight: Promise<void> | undefined;

  async function lease(): Promise<void> {
    const request = await marketplaceRequest(visitor);
    if (!request) return;
    const buckets = forms.getSnapshot();
    const geo = { postalCode: request.geo?.postalCode ?? undefined, stateCode: request.geo?.stateCode ?? undefined };
    const input: GetPhoneInput = {
      ...request.input,
      ...visitorProductLead(visitorLine(request.page), request.page, buckets),
      geo,
      contactConsent: contactConsent(request.page, buckets),
    };
    const body: GetPhoneRequest = { ...buildGetPhonePayload(input), page_path: request.page.path };
    const answer = expectValid(isGetPhoneRelayAnswer, await postJson(visitor.fetch, GET_PHONE_PATH, body), 'a get-phone answer');
    // The record's two fields only, as zod's parse kept them: nothing else goes into storage.
    if (answer.leased) store.set({ value: answer.leased.value, expirationDate: answer.leased.expirationDate });
  }

  return () => {
    inFlight ??= lease()
      .catch(() => undefined) // Silent: the default number stays (spec §8 treats marketplace failures quietly).
      .finally(() => (inFlight = undefined));
    return inFlight;
  };
}
