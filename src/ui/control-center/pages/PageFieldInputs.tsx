/**
 * The page editor's inputs, one labelled control per staff field, with the
 * built-in value as a hint (an empty input keeps it) and the field's problem inline.
 */
import type { ReactNode } from 'react';
import type { PageDetail } from '../../../core/contract/cc-pages.ts';
import type { PageFieldName } from '../../../core/control-center/page-fields.ts';
import { INDEXABLE_CHOICES, type PageFormValues } from './page-form.ts';

interface Props {
  values: PageFormValues;
  errors: Partial<Record<PageFieldName, string>>;
  builtIn: PageDetail['builtIn'];
  images: readonly { sha256: string; alt: string }[];
  onChange: (name: PageFieldName, value: string) => void;
}

const LABELS: Record<PageFieldName, string> = {
  title: 'Title',
  description: 'Description',
  headline: 'Headline',
  subheadline: 'Subheadline',
  body: 'Body (Markdown)',
  image: 'Image',
  benefits: 'Benefits (one per line)',
  indexable: 'Indexable by search engines',
  destination: 'Destination',
};

/** One labelled field with its hint and error, wired up for screen readers. */
function Field({ name, hint, error, children }: { name: PageFieldName; hint: string | undefined; error: string | undefined; children: (describedBy: string | undefined) => ReactNode }) {
  const ids = [hint ? `cc-field-${name}-hint` : undefined, error ? `cc-field-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="cc-field">
      <label htmlFor={`cc-field-${name}`}>{LABELS[name]}</label>
      {children(ids)}
      {hint ? (
        <p className="cc-hint" id={`cc-field-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="cc-field-error" id={`cc-field-${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const builtInHint = (value: string | undefined) => (value ? `Empty keeps the built-in: ${value.length > 160 ? `${value.slice(0, 160)}…` : value}` : 'Empty: none');

/** Every staff field of a page. */
export function PageFieldInputs({ values, errors, builtIn, images, onChange }: Props) {
  const common = (name: PageFieldName, describedBy: string | undefined) => ({
    id: `cc-field-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  const text = (name: 'title' | 'description' | 'headline' | 'subheadline' | 'destination') => (
    <Field key={name} name={name} hint={builtInHint(builtIn[name])} error={errors[name]}>
      {(describedBy) => <input type="text" {...common(name, describedBy)} />}
    </Field>
  );
  return (
    <>
      {text('title')}
      {text('description')}
      {text('headline')}
      {text('subheadline')}
      <Field name="body" hint={builtInHint(builtIn.body)} error={errors.body}>
        {(describedBy) => <textarea rows={8} {...common('body', describedBy)} />}
      </Field>
      <Field name="image" hint={builtIn.image ? `Built-in: ${builtIn.image.alt}` : undefined} error={errors.image}>
        {(describedBy) => (
          <select {...common('image', describedBy)}>
            <option value="">Built-in image</option>
            {values.image && !images.some((image) => image.sha256 === values.image) ? <option value={values.image}>Image {values.image.slice(0, 12)}…</option> : null}
            {images.map((image) => (
              <option key={image.sha256} value={image.sha256}>
                {image.alt} ({image.sha256.slice(0, 8)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="benefits" hint={builtInHint(builtIn.benefits?.join(' · '))} error={errors.benefits}>
        {(describedBy) => <textarea rows={4} {...common('benefits', describedBy)} />}
      </Field>
      <Field name="indexable" hint={undefined} error={errors.indexable}>
        {(describedBy) => (
          <select {...common('indexable', describedBy)}>
            <option value={INDEXABLE_CHOICES.builtIn}>Built-in ({builtIn.indexable ? 'yes' : 'no'})</option>
            <option value={INDEXABLE_CHOICES.yes}>Yes</option>
            <option value={INDEXABLE_CHOICES.no}>No</option>
          </select>
        )}
      </Field>
      {text('destination')}
    </>
  );
}
