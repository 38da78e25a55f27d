/**
 * Captured landing facts as funnel answers (spec §3 "Captured query parameters ... pre-fill the
 * funnel"): firstname, lastname, phone and dateofbirth become driver 1's details, has_medicare
 * and has_medicaid the Medicare questions. age, device, devicetype and session_id have no lead
 * field; they stay in the user state only.
 */
import type { FormValues, FormValuesStore } from '../../core/funnels/form-buckets.ts';
import { readStoredLead } from '../../core/leads/stored.ts';
import { phoneForms } from '../../core/marketplace/phone.ts';
import type { CapturedParams } from '../../core/url-params.ts';

/**
 * The form bucket the captured facts are merged through. The store merges into one form's bucket
 * and the shared bucket together; funnels read the shared bucket, so this name only keeps the
 * captured facts out of every real form's own bucket.
 */
export const CAPTURED_FORM_NAME = 'landing-params';

const YES = new Set(['1', 'true', 'yes', 'y']);
const NO = new Set(['0', 'false', 'no', 'n']);

function yesNo(value: string | undefined): boolean | undefined {
  const text = value?.trim().toLowerCase();
  if (text === undefined) return undefined;
  return YES.has(text) ? true : NO.has(text) ? false : undefined;
}

/** The phone as the form masks it, (NNN) NNN-NNNN, from any way of writing ten US digits. */
function maskedPhone(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const { raw, grouped } = phoneForms(value);
  return raw.length === 10 ? grouped : undefined;
}

/** The date as yyyy-MM-dd from yyyy-MM-dd or the US MM/dd/yyyy (also with dashes). */
function isoDate(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (text === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  const us = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- groups 1 and 2 are not optional, so a match fills them
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : undefined;
}

/**
 * The lead values the captured facts give, valid ones only (spec §5: an invalid value is treated
 * as absent), so a mistyped parameter never shows up as a wrong answer.
 */
export function capturedLeadValues(captured: CapturedParams): FormValues {
  const candidate = {
    driver1FirstName: captured.firstname?.trim(),
    driver1LastName: captured.lastname?.trim(),
    driver1Phone: maskedPhone(captured.phone),
    driver1Dob: isoDate(captured.dateofbirth),
    haveMedicare: yesNo(captured.has_medicare),
    haveMedicaid: yesNo(captured.has_medicaid),
  };
  return { ...readStoredLead('medicare', candidate), ...readStoredLead('auto', candidate) };
}

/**
 * Pre-fills the funnels with the captured facts: merges into the shared bucket (through
 * {@link CAPTURED_FORM_NAME}) each value whose field the visitor has not answered yet, so an ad
 * link opened again never overwrites an answer the visitor corrected. Returns what was merged.
 */
export function prefillCapturedParams(forms: FormValuesStore, captured: CapturedParams): FormValues {
  const shared = forms.getSnapshot().shared;
  const fresh = Object.fromEntries(Object.entries(capturedLeadValues(captured)).filter(([field]) => shared[field] === undefined));
  if (Object.keys(fresh).length > 0) forms.merge(CAPTURED_FORM_NAME, fresh);
  return fresh;
}
