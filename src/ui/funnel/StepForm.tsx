import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { SHOWN_FIELDS_FIELD, SKIP_ACTION, STEP_ACTION_FIELD } from '../../core/funnels/constants.ts';
import { oneTapField, stepInput, stepValues } from '../../core/funnels/field-input.ts';
import type { StepConsent } from '../../core/funnels/consent.ts';
import type { FormValues } from '../../core/funnels/form-buckets.ts';
import { resolveStep } from '../../core/funnels/resolve-step.ts';
import type { FunnelDefinition, FunnelStep } from '../../core/funnels/types.ts';
import { ConsentDisclosure, consentId } from './ConsentDisclosure.tsx';
import { FieldInput, firstInputId } from './FieldInput.tsx';
import { keepPhonesWhole } from './phone-text.tsx';
import { scrollBelowStickyBars } from './scroll.ts';
import { useVehicleModels } from './use-vehicle-models.ts';
import type { FunnelText } from './text.ts';
import { lazyPart } from '../lazy-part.tsx';

/** The ZIP filled in from the visitor's location, a chunk of its own: the lookup answers after first paint. */
const ZipPrefill = lazyPart('ZipPrefill', () => import('./ZipPrefill.tsx').then((module) => module.ZipPrefill));

/** One line of the error summary: 'ZIP code: Enter…', or 'Do you own your home? Answer…' after a question. */
function summaryLine(label: string, message: string): string {
  return /[?.!:]$/.test(label) ? `${label} ${message}` : `${label}: ${message}`;
}

/**
 * The step rules (core/funnels/step-validation.ts), a chunk of their own: needed at the first
 * submit, not for the first paint, so they load once the page shows and stay out of its first load.
 */
const loadStepRules = () => import('../../core/funnels/step-validation.ts');

/** Props of a question step's form. */
export interface StepFormProps {
  funnel: FunnelDefinition;
  step: FunnelStep;
  text: FunnelText;
  /** The step's own URL: the form posts there without JavaScript. */
  action: string;
  /** The form's values, pre-filling the inputs. */
  values: FormValues;
  /** A refused no-JavaScript post: what was posted and each field's problem. */
  posted?: { input?: Record<string, string> | undefined; errors?: Record<string, string> | undefined };
  /** The previous step's URL, if there is one. */
  backHref?: string;
  /** The consent disclosure of a step that collects a phone number or an email (`stepConsent`), shown right above the button. */
  consent?: StepConsent;
  /** A valid submission's cleaned values; resolves once the engine is done. */
  onSubmit: (values: FormValues) => Promise<unknown>;
  onSkip: () => Promise<unknown>;
}

/**
 * A question step: a real `<form method="post">` with named inputs, so it works without
 * JavaScript; with JavaScript, validation runs in the page and the step engine takes over.
 * Refused fields show their error next to them and in a summary announced by screen readers;
 * after a refused submit the summary is scrolled below the sticky header and takes focus.
 *
 * A step whose only question is a short single choice (`oneTapField`) has no Continue button:
 * each answer is a submit button (`name={field} value={answer}`), so one tap answers and moves on,
 * with or without JavaScript. Skip and Back stay.
 *
 * Questions and lists that follow answers (the insurer follows "insured: yes", a vehicle's models
 * its make and year) are resolved from the stored values and what is typed on the step before
 * anything is shown or checked (resolveStep), from the catalog fetched on demand
 * (useVehicleModels): they appear as the answers they follow are given. A one-tap answer that
 * calls for another question on the step reveals it instead of submitting. Without JavaScript the
 * page posts which fields it showed, and the server shows the step again with the new ones.
 */
export function StepForm({ funnel, step: defined, text, action, values, posted, backHref, consent, onSubmit, onSkip }: StepFormProps) {
  const vehicleModels = useVehicleModels(funnel, defined);
  // Only what the visitor changed on this step; everything else shows the stored values.
  const [changed, setChanged] = useState<Record<string, string>>(posted?.input ?? {});
  // The step as the stored answers and those typed on it show it.
  const resolve = (typed: Record<string, string>) => resolveStep(vehicleModels ? { vehicleModels } : {}, defined, { ...values, ...stepValues(defined, { ...stepInput(defined, values), ...typed }) });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- resolve reads exactly these
  const step = useMemo(() => resolve(changed), [vehicleModels, defined, values, changed]);
  // The ZIP looked up from the visitor's location, shown until they type (ZipPrefill); never stored by
  // itself. Empty on the server, so without JavaScript: a cached page is the same for every visitor.
  const [filled, setFilled] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const oneTap = consent ? undefined : oneTapField(step);
  const input = useMemo(() => ({ ...stepInput(step, values), ...filled, ...changed }), [step, values, filled, changed]);

  useEffect(() => {
    loadStepRules().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (attempt === 0 || !summary.current || !step.fields.some((field) => errors[field.name])) return;
    // The summary's title shows below the sticky header (spec §2: 24 px plus the header's height),
    // then takes focus without the browser scrolling it again (which would tuck it under the header).
    scrollBelowStickyBars(summary.current);
    summary.current.focus({ preventScroll: true });
    // Focus moves once per refused submit attempt, not whenever errors or fields change while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the attempt on purpose
  }, [attempt]);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      console.error('Step submit failed', error);
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === STEP_ACTION_FIELD && submitter.value === SKIP_ACTION) {
      setErrors({});
      void run(onSkip);
      return;
    }
    // A one-tap answer is the button's own name and value, as a plain form post sends it.
    const answer = oneTap && submitter?.name === oneTap.name ? { [oneTap.name]: submitter.value } : undefined;
    if (answer) setChanged((current) => ({ ...current, ...answer }));
    // The step's questions show in order, so one it reveals comes right after those shown.
    const more = answer && resolve({ ...changed, ...answer }).fields[step.fields.length];
    if (more) {
      // The question it reveals takes the focus its answer button had, once React has shown it.
      setTimeout(() => document.getElementById(firstInputId(more))?.focus());
      return;
    }
    const form = event.currentTarget;
    const values = stepValues(step, answer ? { ...input, ...answer } : input);
    void run(async () => {
      // Rules that cannot load (the network dropped): the form posts as it does without JavaScript,
      // and the server checks it.
      const rules = await loadStepRules().catch(() => undefined);
      if (!rules) return form.submit();
      const result = rules.validateStepValues(funnel, step, values);
      if (!result.ok) {
        setErrors(result.errors);
        setAttempt((count) => count + 1);
        return;
      }
      setErrors({});
      // A question not shown is answered as empty: nothing a changed answer no longer calls for stays.
      await onSubmit({ ...Object.fromEntries(defined.fields.map((field) => [field.name, undefined])), ...result.values });
    });
  };

  const problems = step.fields.filter((field) => errors[field.name]);
  const disclosureId = consent ? consentId(step.name) : undefined;
  return (
    <form className="funnel-form" method="post" action={action} noValidate onSubmit={handleSubmit}>
      <div ref={summary} className="funnel-errors" role="alert" tabIndex={problems.length > 0 ? -1 : undefined}>
        {problems.length > 0 ? (
          <>
            <p className="funnel-errors-title">{text.problems(problems.length)}</p>
            <ul>
              {problems.map((field) => (
                <li key={field.name}>
                  {/* The filter above kept only fields with an error, so the default never shows. */}
                  <a href={`#${firstInputId(field)}`}>{keepPhonesWhole(summaryLine(field.label, errors[field.name] ?? ''))}</a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {/* Which questions the page showed (some wait for an answer), for a no-JavaScript post. */}
      <input type="hidden" name={SHOWN_FIELDS_FIELD} value={step.fields.map((field) => field.name).join(' ')} />
      {step.fields.map((field) => (
        <FieldInput
          key={field.name}
          field={field}
          input={input}
          error={errors[field.name]}
          text={text}
          onChange={(name, value) => setChanged((current) => ({ ...current, [name]: value }))}
          oneTap={field === oneTap}
          busy={busy}
        />
      ))}
      {/* Only a step with a ZIP box loads the part (and no other step's markup holds its boundary). */}
      {step.fields.some((field) => field.kind === 'zip') ? <ZipPrefill step={step} stored={values} typed={changed} language={funnel.language} onFill={setFilled} /> : null}
      {/*
        Right above the button it names, which describes itself by it (aria-describedby): read
        before agreeing, and on one screen with the button (styles: funnel.css .funnel-consent).
      */}
      {consent && disclosureId ? <ConsentDisclosure consent={consent} id={disclosureId} /> : null}
      {oneTap && !step.skippable ? null : (
        <div className="funnel-actions">
          {oneTap ? null : (
            <button type="submit" className="button button-primary funnel-continue" disabled={busy} aria-describedby={disclosureId}>
              {step.submitLabel ?? text.continue}
            </button>
          )}
          {step.skippable ? (
            <button type="submit" className="button funnel-skip" name={STEP_ACTION_FIELD} value={SKIP_ACTION} disabled={busy}>
              {step.skipLabel}
            </button>
          ) : null}
        </div>
      )}
      {backHref ? (
        <a className="funnel-back" href={backHref} rel="prev">
          <span aria-hidden="true">‹</span>
          {text.back}
        </a>
      ) : null}
    </form>
  );
}
