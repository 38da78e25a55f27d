/**
 * The article form's inputs and their check, shared by the new-article form
 * (ArticlesScreen) and the editor (ArticleScreen): one labelled control per field with its problem
 * inline, checked with the same schema the API uses, so the form's errors are the API's problems.
 */
import type { ReactNode } from 'react';
import { ARTICLE_FIELD_NAMES, ArticleFieldsSchema, ArticleSlugSchema, type ArticleFieldName, type ArticleFields as Fields } from '../../../core/control-center/article-fields.ts';
import { FormField, type FieldControlProps } from '../content-factory/FormField.tsx';

/** What the form's inputs hold: text each, the image as its hash and the author as its id ('' for none). */
export type ArticleFormValues = Record<ArticleFieldName, string>;

/** A problem per field name (and 'slug' on the new-article form). */
export type ArticleFormErrors = Partial<Record<ArticleFieldName | 'slug', string>>;

const LABELS: Record<ArticleFieldName | 'slug', string> = {
  slug: 'Slug (the last part of its address)',
  title: 'Title',
  summary: 'Summary (shown under the title and in search results)',
  body: 'Body (Markdown)',
  image: 'Image',
  author: 'Author (the byline as a plain name)',
  authorId: 'Content-factory author',
};

/** The form's values for a version's fields. */
export function articleFormValues(fields: Record<string, unknown>): ArticleFormValues {
  const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
  return Object.fromEntries(ARTICLE_FIELD_NAMES.map((name) => [name, text(fields[name])])) as ArticleFormValues;
}

/** The fields when valid (a blank image or author id left out), else each field's first problem. */
export function checkArticleForm(values: ArticleFormValues): { fields: Fields } | { errors: ArticleFormErrors } {
  const { image, authorId, ...rest } = values;
  const parsed = ArticleFieldsSchema.safeParse({ ...rest, ...(image.trim() === '' ? {} : { image }), ...(authorId.trim() === '' ? {} : { authorId: Number(authorId) }) });
  if (parsed.success) return { fields: parsed.data };
  const errors: ArticleFormErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as ArticleFieldName] ??= issue.message;
  return { errors };
}

/** The slug's problem, or undefined when it is a valid slug. */
export function slugProblem(slug: string): string | undefined {
  const parsed = ArticleSlugSchema.safeParse(slug);
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a failed parse has at least one issue
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
}

/** The server's `fields.<name>: message` problems (and `article: …` as the slug's), by field name. */
export function serverFieldErrors(problems: readonly string[]): ArticleFormErrors {
  const errors: ArticleFormErrors = {};
  for (const problem of problems) {
    const field = /^fields\.(\w+): (.*)$/.exec(problem);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- groups 1 and 2 are not optional, so a match fills them
    if (field) errors[field[1] as ArticleFieldName] ??= field[2]!;
    const slug = /^article: (.*)$/.exec(problem);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- group 1 is not optional, so a match fills it
    if (slug) errors.slug ??= slug[1]!;
  }
  return errors;
}

/** One labelled article control with its problem, wired up for screen readers. */
export function ArticleField({ name, error, hint, children }: { name: ArticleFieldName | 'slug'; error: string | undefined; hint?: string; children: (props: FieldControlProps) => ReactNode }) {
  return (
    <FormField id={`cc-article-${name}`} label={LABELS[name]} error={error} {...(hint ? { hint } : {})}>
      {children}
    </FormField>
  );
}

interface InputsProps {
  values: ArticleFormValues;
  errors: ArticleFormErrors;
  images: readonly { sha256: string; alt: string }[];
  /** The branch's content-factory authors; choosing one also fills the byline with their name. */
  authors?: readonly { id: number; name: string }[];
  onChange: (name: ArticleFieldName, value: string) => void;
}

/** Every field of an article. */
export function ArticleFieldInputs({ values, errors, images, authors = [], onChange }: InputsProps) {
  const control = (name: ArticleFieldName) => ({ name, value: values[name], onChange: (event: { target: { value: string } }) => onChange(name, event.target.value) });
  return (
    <>
      <ArticleField name="title" error={errors.title}>
        {(props) => <input type="text" {...props} {...control('title')} />}
      </ArticleField>
      <ArticleField name="summary" error={errors.summary}>
        {(props) => <textarea rows={2} {...props} {...control('summary')} />}
      </ArticleField>
      <ArticleField name="body" error={errors.body} hint="Markdown: ## for a heading, - for a list item, a blank line between paragraphs. HTML is shown as text.">
        {(props) => <textarea rows={12} {...props} {...control('body')} />}
      </ArticleField>
      <ArticleField name="image" error={errors.image}>
        {(props) => (
          <select {...props} {...control('image')}>
            <option value="">No image</option>
            {values.image && !images.some((image) => image.sha256 === values.image) ? <option value={values.image}>Image {values.image.slice(0, 12)}…</option> : null}
            {images.map((image) => (
              <option key={image.sha256} value={image.sha256}>
                {image.alt} ({image.sha256.slice(0, 8)})
              </option>
            ))}
          </select>
        )}
      </ArticleField>
      <ArticleField name="authorId" error={errors.authorId}>
        {(props) => (
          <select
            {...props}
            {...control('authorId')}
            onChange={(event) => {
              onChange('authorId', event.target.value);
              const chosen = authors.find((author) => String(author.id) === event.target.value);
              if (chosen) onChange('author', chosen.name);
            }}
          >
            <option value="">None (the plain name below)</option>
            {values.authorId && !authors.some((author) => String(author.id) === values.authorId) ? <option value={values.authorId}>Author {values.authorId}</option> : null}
            {authors.map((author) => (
              <option key={author.id} value={String(author.id)}>
                {author.name}
              </option>
            ))}
          </select>
        )}
      </ArticleField>
      <ArticleField name="author" error={errors.author}>
        {(props) => <input type="text" autoComplete="off" {...props} {...control('author')} />}
      </ArticleField>
    </>
  );
}
