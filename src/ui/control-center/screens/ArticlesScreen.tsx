/**
 * `/branches/{b}/articles`: the branch's articles with their status and
 * live version, and a form that creates one (its first version, a draft) and opens its editor.
 */
import { useState, type FormEvent } from 'react';
import { CC_ARTICLE_SAVE, CC_ARTICLES_LIST } from '../../../core/contract/cc-articles.ts';
import { CC_AUTHORS_LIST } from '../../../core/contract/cc-content-factory.ts';
import { CC_IMAGES_LIST } from '../../../core/contract/cc-images.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { ArticleField, ArticleFieldInputs, articleFormValues, checkArticleForm, serverFieldErrors, slugProblem, type ArticleFormErrors } from './ArticleFields.tsx';

/** The editor's address of an article. */

/** The articles table and the new-article form. */
export default function ArticlesScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const state = useCall(branch, () => callControlCenter(CC_ARTICLES_LIST, { params: { branch } }));
  const images = useCall(branch, () => callControlCenter(CC_IMAGES_LIST, { params: { branch } }).then((answer) => answer.images, () => []));
  const authors = useCall(`authors/${branch}`, () => callControlCenter(CC_AUTHORS_LIST, { params: { branch } }).then((answer) => answer.authors, () => []));
  return (
    <div className="cc-articles">
      {state.status === 'loading' ? <p aria-live="polite">Loading articles…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.articles.length === 0 ? <p>No articles yet: write the first one below.</p> : null}
      {state.status === 'done' && state.value.articles.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption>Articles of {branch}, last changed first</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Author</th>
                <th scope="col">Status</th>
                <th scope="col">Last saved</th>
              </tr>
            </thead>
            <tbody>
              {state.value.articles.map((article) => (
                <tr key={article.slug}>
                  <th scope="row">
                    <a href={href('cc-article', { branch, article: article.slug })}>{article.title}</a>
                  </th>
                  <td>
                    <code>{article.path}</code>
                  </td>
                  <td>{article.author}</td>
                  <td>
                    {article.status === 'published' ? <span className="cc-badge cc-badge-live">published v{article.liveVersion}</span> : <span className="cc-badge">draft</span>}
                    {article.unpublishedChanges ? <span className="cc-badge">changes in v{article.newestVersion}</span> : null}
                  </td>
                  <td>
                    <time dateTime={article.updatedAt}>{article.updatedAt.slice(0, 16).replace('T', ' ')} UTC</time> by {article.updatedBy}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <NewArticle branch={branch} images={images.status === 'done' ? images.value : []} authors={authors.status === 'done' ? authors.value : []} />
    </div>
  );
}

/** Creates an article: slug and fields, saved as version 1 (a draft), then its editor opens. */
function NewArticle({ branch, images, authors }: { branch: string; images: readonly { sha256: string; alt: string }[]; authors: readonly { id: number; name: string }[] }) {
  const [slug, setSlug] = useState('');
  const [values, setValues] = useState(() => articleFormValues({}));
  const [errors, setErrors] = useState<ArticleFormErrors>({});
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    const checked = checkArticleForm(values);
    const slugError = slugProblem(slug);
    if ('errors' in checked || slugError) {
      setErrors({ ...('errors' in checked ? checked.errors : {}), ...(slugError ? { slug: slugError } : {}) });
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      await callControlCenter(CC_ARTICLE_SAVE, { params: { branch, article: slug }, body: { baseVersion: 0, fields: checked.fields } });
      window.location.assign(href('cc-article', { branch, article: slug }));
    } catch (error) {
      if (error instanceof ControlCenterApiError) setErrors(error.status === 409 ? { slug: error.problems[0] ?? error.message } : serverFieldErrors(error.problems));
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setBusy(false);
    }
  }

  return (
    <section className="cc-new-article" aria-labelledby="cc-new-article-title">
      <h2 id="cc-new-article-title">New article</h2>
      <form className="cc-form" onSubmit={(event) => void create(event)} noValidate aria-labelledby="cc-new-article-title">
        <ArticleField name="slug" error={errors.slug} hint="Lower-case words joined by hyphens, e.g. medicare-in-plain-words. It cannot change later.">
          {(props) => <input type="text" name="slug" autoComplete="off" spellCheck={false} value={slug} onChange={(event) => setSlug(event.target.value)} {...props} />}
        </ArticleField>
        <ArticleFieldInputs values={values} errors={errors} images={images} authors={authors} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
        <div className="cc-actions">
          <button type="submit" className="cc-button" disabled={busy}>
            Create draft
          </button>
        </div>
      </form>
      {failure ? <CallFailure error={failure} /> : null}
    </section>
  );
}
