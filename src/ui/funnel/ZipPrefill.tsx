/**
 * The ZIP box filled in from the visitor's IP lookup, and the quiet line saying so. A chunk of its
 * own (StepForm loads it): the lookup answers after first paint, so nothing here is needed before.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { FormValues } from '../../core/funnels/form-buckets.ts';
import type { FunnelStep } from '../../core/funnels/types.ts';
import { lookupZip, zipPrefill } from '../../core/funnels/zip-prefill.ts';
import type { LeadLanguage } from '../../core/leads/localized.ts';
import { useRuntime } from '../runtime.tsx';

/** Said under the box while it holds the looked-up ZIP: where it came from, and that it may be wrong. */
export const ZIP_PREFILL_NOTE: Readonly<Record<LeadLanguage, string>> = {
  en: 'We filled in your ZIP from your location. Change it if it is wrong.',
  es: 'Completamos su código postal según su ubicación. Cámbielo si no es correcto.',
};

/** While rendering on the server and hydrating, no visitor's lookup is known. */
const noLookup = () => null;

/** Props of {@link ZipPrefill}. */
export interface ZipPrefillProps {
  step: Pick<FunnelStep, 'fields'>;
  /** The values the step starts from (stored answers). */
  stored: FormValues;
  /** What the visitor changed on this step. */
  typed: Readonly<Record<string, string>>;
  language: LeadLanguage;
  /** Receives the values to show in the ZIP boxes (empty once none applies: the visitor typed, or an answer arrived). */
  onFill: (filled: Record<string, string>) => void;
}

/**
 * Hands the step's form the looked-up ZIP for each empty, untouched ZIP box ({@link zipPrefill}),
 * and says so under it while the box holds it. Renders nothing on the server: a cached page is the
 * same for every visitor, so without JavaScript the box stays empty.
 *
 * @example
 * <ZipPrefill step={step} stored={values} typed={changed} language={funnel.language} onFill={setFilled} />
 */
export function ZipPrefill({ step, stored, typed, language, onFill }: ZipPrefillProps) {
  const { ipLookup } = useRuntime();
  const lookup = useSyncExternalStore(ipLookup.subscribe, ipLookup.getSnapshot, noLookup);
  const zip = lookupZip(lookup);
  const filled = useMemo(() => zipPrefill({ step, stored, typed, zip }), [step, stored, typed, zip]);
  useEffect(() => onFill(filled), [filled, onFill]);
  return Object.keys(filled).length > 0 ? (
    <p className="field-hint zip-prefill-note" role="status">
      {ZIP_PREFILL_NOTE[language]}
    </p>
  ) : null;
}
