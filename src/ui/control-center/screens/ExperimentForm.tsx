/**
 * The experiment form, shared by the new-experiment form (ExperimentsScreen) and a
 * draft's editor (ExperimentScreen): name, the routes it runs on, and the variants (key, weight,
 * overrides of headline, subheadline, call-to-action text, Markdown body and image), checked with
 * the schema the API uses, so the form's problems are the API's.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ExperimentFieldsSchema, EXPERIMENT_LIMITS, type ExperimentFields, type Variant } from '../../../core/experiments/experiment.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { ProblemsAlert } from '../ProblemsAlert.tsx';

/** The overridable fields, labelled, in form order. */
const OVERRIDES = [
  ['headline', 'Headline'],
  ['subheadline', 'Subheadline'],
  ['ctaText', 'Call-to-action text'],
  ['body', 'Body (Markdown)'],
  ['image', 'Image (sha256 of one of the branch’s images)'],
] as const;

type OverrideName = (typeof OVERRIDES)[number][0];

/** A variant as the form holds it: text everywhere, '' for a field the variant leaves alone. */
interface VariantValues {
  key: string;
  weight: string;
  overrides: Record<OverrideName, string>;
}

function variantValues(variant: Variant): VariantValues {
  return { key: variant.key, weight: String(variant.weight), overrides: Object.fromEntries(OVERRIDES.map(([name]) => [name, variant.overrides[name] ?? ''])) as Record<OverrideName, string> };
}

/** What a new experiment starts from: a control and one challenger, 50/50. */
export const NEW_EXPERIMENT_FIELDS: ExperimentFields = {
  name: '',
  routes: [],
  variants: [
    { key: 'control', weight: 50, overrides: {} },
    { key: 'b', weight: 50, overrides: {} },
  ],
};

/** The fields the form's values make (blank overrides left out), or the problems the schema finds. */
function check(name: string, routes: string, variants: VariantValues[]): { fields: ExperimentFields } | { problems: string[] } {
  const parsed = ExperimentFieldsSchema.safeParse({
    name,
    routes: routes
      .split(/[\s,]+/)
      .map((route) => route.trim())
      .filter(Boolean),
    variants: variants.map((variant) => ({
      key: variant.key.trim(),
      weight: Number(variant.weight),
      overrides: Object.fromEntries(Object.entries(variant.overrides).filter(([, value]) => value.trim() !== '')),
    })),
  });
  return parsed.success ? { fields: parsed.data } : { problems: zodProblems(parsed.error) };
}

/** The form; `onSave` gets valid fields and may throw, its problems then shown. */
export function ExperimentForm({ initial, submitLabel, onSave, children }: { initial: ExperimentFields; submitLabel: string; onSave: (fields: ExperimentFields) => Promise<void>; children?: ReactNode }) {
  const [name, setName] = useState(initial.name);
  const [routes, setRoutes] = useState(initial.routes.join(', '));
  const [variants, setVariants] = useState(() => initial.variants.map(variantValues));
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [busy, setBusy] = useState(false);

  const change = (index: number, update: (variant: VariantValues) => VariantValues) => setVariants((current) => current.map((variant, at) => (at === index ? update(variant) : variant)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(name, routes, variants);
    if ('problems' in checked) return setProblems(checked.problems);
    setProblems([]);
    setBusy(true);
    try {
      await onSave(checked.fields);
    } catch (error) {
      const listed = (error as { problems?: readonly string[] }).problems;
      setProblems(listed && listed.length > 0 ? listed : [(error as Error).message]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="cc-form cc-experiment-form" onSubmit={(event) => void submit(event)} noValidate>
      {children}
      <div className="cc-field">
        <label htmlFor="cc-experiment-name">Name</label>
        <input id="cc-experiment-name" name="name" type="text" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="cc-field">
        <label htmlFor="cc-experiment-routes">Pages (route names, comma-separated)</label>
        <input id="cc-experiment-routes" name="routes" type="text" spellCheck={false} value={routes} onChange={(event) => setRoutes(event.target.value)} aria-describedby="cc-experiment-routes-hint" />
        <p id="cc-experiment-routes-hint" className="cc-hint">
          For example quiz-otc. The first variant is the control.
        </p>
      </div>
      {variants.map((variant, index) => (
        <fieldset key={index} className="cc-variant">
          <legend>{index === 0 ? 'Control' : `Variant ${index + 1}`}</legend>
          <div className="cc-field">
            <label htmlFor={`cc-variant-${index}-key`}>Key</label>
            <input id={`cc-variant-${index}-key`} name={`variant-${index}-key`} type="text" spellCheck={false} value={variant.key} onChange={(event) => change(index, (current) => ({ ...current, key: event.target.value }))} />
          </div>
          <div className="cc-field">
            <label htmlFor={`cc-variant-${index}-weight`}>Weight</label>
            <input id={`cc-variant-${index}-weight`} name={`variant-${index}-weight`} type="number" min={1} max={EXPERIMENT_LIMITS.weight} value={variant.weight} onChange={(event) => change(index, (current) => ({ ...current, weight: event.target.value }))} />
          </div>
          {OVERRIDES.map(([field, label]) => (
            <div className="cc-field" key={field}>
              <label htmlFor={`cc-variant-${index}-${field}`}>{label}</label>
              {field === 'body' ? (
                <textarea id={`cc-variant-${index}-${field}`} name={`variant-${index}-${field}`} rows={4} value={variant.overrides[field]} onChange={(event) => change(index, (current) => ({ ...current, overrides: { ...current.overrides, [field]: event.target.value } }))} />
              ) : (
                <input id={`cc-variant-${index}-${field}`} name={`variant-${index}-${field}`} type="text" value={variant.overrides[field]} onChange={(event) => change(index, (current) => ({ ...current, overrides: { ...current.overrides, [field]: event.target.value } }))} />
              )}
            </div>
          ))}
          {index >= 2 ? (
            <button type="button" className="cc-button cc-button-secondary" onClick={() => setVariants((current) => current.filter((_, at) => at !== index))}>
              Remove this variant
            </button>
          ) : null}
        </fieldset>
      ))}
      <div className="cc-actions">
        {variants.length < EXPERIMENT_LIMITS.variants ? (
          <button type="button" className="cc-button cc-button-secondary" onClick={() => setVariants((current) => [...current, variantValues({ key: String.fromCharCode(97 + current.length), weight: 50, overrides: {} })])}>
            Add a variant
          </button>
        ) : null}
        <button type="submit" className="cc-button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {problems.length > 0 ? <ProblemsAlert intro="The experiment was not saved:" problems={problems} /> : null}
    </form>
  );
}
