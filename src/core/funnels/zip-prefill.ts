/**
 * The ZIP box filled in from the visitor's location: the page's IP lookup (spec §3 "IP lookup")
 * already knows a postal code, so the first question need not ask for what the page can tell.
 * Only a suggestion: the visitor still reads it and presses Continue, and whatever they typed, or
 * answered before, always wins over it.
 */
import type { FormValues } from './form-buckets.ts';
import type { FunnelStep } from './types.ts';

/** What the IP lookup says about where the visitor is (the parts the prefill reads). */
export interface LookupPlace {
  stateCode: string | null;
  postalCode: string | null;
}

/** A US ZIP: five digits (spec §5 "Zipcode"). */
const US_ZIP = /^\d{5}$/;

/**
 * The ZIP of a lookup's place, or null: only a five-digit postal code of a place in the US or its
 * territories (the lookup names a state code for those alone), since a five-digit postal code of
 * Germany or France is no ZIP.
 *
 * @example
 * lookupZip({ stateCode: 'MA', postalCode: '02139' }) // '02139'
 * lookupZip({ stateCode: null, postalCode: '10115' }) // null (Berlin)
 */
export function lookupZip(place: LookupPlace | null | undefined): string | null {
  if (!place?.stateCode || !place.postalCode) return null;
  return US_ZIP.test(place.postalCode) ? place.postalCode : null;
}

/** What {@link zipPrefill} decides from. */
export interface ZipPrefillInput {
  step: Pick<FunnelStep, 'fields'>;
  /** The values the step starts from: stored answers (this funnel's, any other funnel's) and the server's. */
  stored: FormValues;
  /** What the visitor changed on this step so far, clearing included (an empty string is a choice). */
  typed: Readonly<Record<string, string>>;
  /** The lookup's ZIP ({@link lookupZip}), null while unknown. */
  zip: string | null;
}

/**
 * The values to show in the step's ZIP boxes before the visitor answers: `{ [field]: zip }` for
 * each ZIP field that is empty, never typed in and never answered; else nothing. Never stored,
 * never submitted by itself: the visitor's own Continue does that.
 *
 * @example
 * zipPrefill({ step: zipStep, stored: {}, typed: {}, zip: '33101' })                      // { zipcode: '33101' }
 * zipPrefill({ step: zipStep, stored: { zipcode: '90210' }, typed: {}, zip: '33101' })  // {}
 * zipPrefill({ step: zipStep, stored: {}, typed: { zipcode: '' }, zip: '33101' })       // {} (they cleared it)
 */
export function zipPrefill({ step, stored, typed, zip }: ZipPrefillInput): Record<string, string> {
  if (zip === null) return {};
  const filled: Record<string, string> = {};
  for (const field of step.fields) {
    if (field.kind !== 'zip' || Object.hasOwn(typed, field.name)) continue;
    const answered = stored[field.name];
    if (answered === undefined || answered === '') filled[field.name] = zip;
  }
  return filled;
}
