/**
 * The page editor's form values and the page fields they stand for: every
 * input is text, an empty one means "keep the built-in value", benefits are one per line. The
 * fields are checked with the same schema the API uses, so the form's inline errors are the
 * API's problems.
 */
import { PageFieldsSchema, type PageFieldName, type PageFields } from '../../../core/control-center/page-fields.ts';

/** What the form's inputs hold. */
export type PageFormValues = Record<PageFieldName, string>;

/** The indexable select's values. */
export const INDEXABLE_CHOICES = { builtIn: '', yes: 'yes', no: 'no' } as const;

/** The form's values for a version's fields (empty inputs for fields it leaves out). */
export function formValuesOf(fields: Record<string, unknown>): PageFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(fields.title),
    description: text(fields.description),
    headline: text(fields.headline),
    subheadline: text(fields.subheadline),
    body: text(fields.body),
    image: text(fields.image),
    benefits: Array.isArray(fields.benefits) ? fields.benefits.join('\n') : '',
    indexable: fields.indexable === true ? INDEXABLE_CHOICES.yes : fields.indexable === false ? INDEXABLE_CHOICES.no : INDEXABLE_CHOICES.builtIn,
    destination: text(fields.destination),
  };
}

/** The page fields the form's values set: blank inputs left out. */
export function fieldsOfForm(values: PageFormValues): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const name of ['title', 'description', 'headline', 'subheadline', 'body', 'image', 'destination'] as const) {
    if (values[name].trim() !== '') fields[name] = values[name];
  }
  const benefits = values.benefits.split('\n').map((line) => line.trim()).filter(Boolean);
  if (benefits.length > 0) fields.benefits = benefits;
  if (values.indexable !== INDEXABLE_CHOICES.builtIn) fields.indexable = values.indexable === INDEXABLE_CHOICES.yes;
  return fields;
}

/** The fields when valid, else each field's first problem, by field name (the schema's messages). */
export function checkForm(values: PageFormValues): { fields: PageFields } | { errors: Partial<Record<PageFieldName, string>> } {
  const parsed = PageFieldsSchema.safeParse(fieldsOfForm(values));
  if (parsed.success) return { fields: parsed.data };
  const errors: Partial<Record<PageFieldName, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as PageFieldName;
    errors[name] ??= issue.message;
  }
  return { errors };
}
