/**
 * `/branches/{b}/articles/{article}`: the article editor. The form starts
 * from the newest version; Save makes a new version from the one loaded, and a 409 says who saved
 * first and offers to load their version; Publish makes the newest version live on the brand's
 * site; every version is listed with who and when, and any older one can be restored (published
 * again as a new version).
 */
import { useState, type FormEvent } from 'react';
import { CC_ARTICLE_GET, CC_ARTICLE_PUBLISH, CC_ARTICLE_RESTORE, CC_ARTICLE_SAVE, type ArticleDetail, type ArticleVersionAnswer } from '../../../core/contract/cc-articles.ts';
import { CC_AUTHORS_LIST } from '../../../core/contract/cc-content-factory.ts';
import { CC_IMAGES_LIST } from '../../../core/contract/cc-images.ts';
import { AuditTrail } from '../AuditTrail.tsx';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';
import { ArticleFieldInputs, articleFormValues, checkArticleForm, serverFieldErrors, type ArticleFormErrors } from './ArticleFields.tsx';

const shortTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The editor, loaded after hydration; `reload` counts loads so a change fetches the article again. */
export default function ArticleScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const article = payload.route.params.article ?? '';
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<string>();
  const state = useCall(`${branch}/${article}/${reload}`, () => callControlCenter(CC_ARTICLE_GET, { params: { branch, article } }));
  const images = useCall(branch, () => callControlCenter(CC_IMAGES_LIST, { params: { branch } }).then((answer) => answer.images, () => []));
  const authors = useCall(`authors/${branch}`, () => callControlCenter(CC_AUTHORS_LIST, { params: { branch } }).then((answer) => answer.authors, () => []));
  if (state.status === 'loading') return <p aria-live="polite">Loading the article…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  return (
    <Editor
      key={`${reload}`}
      branch={branch}
      slug={article}
      detail={state.value}
      images={images.status === 'done' ? images.value : []}
      authors={authors.status === 'done' ? authors.value : []}
      notice={notice}
      onChanged={(text) => {
        setNotice(text);
        setReload((count) => count + 1);
      }}
    />
  );
}

interface EditorProps {
  branch: string;
  slug: string;
  detail: ArticleDetail;
  images: readonly { sha256: string; alt: string }[];
  authors: readonly { id: number; name: string }[];
  notice: string | undefined;
  /** A change was made: say `text` and load the article again. */
  onChanged: (text: string) => void;
}

function Editor({ branch, slug, detail, images, authors, notice, onChanged }: EditorProps) {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- an article comes into being with its first saved version, so it has one
  const newest = detail.versions[0]!;
  const [values, setValues] = useState(() => articleFormValues(newest.fields));
  const [errors, setErrors] = useState<ArticleFormErrors>({});
  const [failure, setFailure] = useState<Error>();
  const [conflict, setConflict] = useState<ArticleVersionAnswer>();
  const [busy, setBusy] = useState(false);
  const params = { branch, article: slug };

  async function act(work: () => Promise<string>) {
    setBusy(true);
    setFailure(undefined);
    try {
      onChanged(await work());
    } catch (error) {
      if (error instanceof ControlCenterApiError && error.status === 409) setConflict((error.body as { version: ArticleVersionAnswer }).version);
      else setFailure(error instanceof Error ? error : new Error(String(error)));
      if (error instanceof ControlCenterApiError) setErrors(serverFieldErrors(error.problems));
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkArticleForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await act(async () => {
      const { version } = await callControlCenter(CC_ARTICLE_SAVE, { params, body: { baseVersion: newest.version, fields: checked.fields } });
      return `Saved version ${version.version}.`;
    });
  }
  const publish = (version: number) =>
    act(async () => {
      await callControlCenter(CC_ARTICLE_PUBLISH, { params, body: { version } });
      return `Version ${version} is published.`;
    });
  const restore = (version: number) =>
    act(async () => {
      const answer = await callControlCenter(CC_ARTICLE_RESTORE, { params, body: { version } });
      return `Restored version ${version} as version ${answer.version.version}, now published.`;
    });

  const { article, live } = detail;
  return (
    <div className="cc-article-editor">
      <p className="cc-article-facts">
        <code>{article.path}</code> · {article.status === 'published' ? `published: version ${live?.version}` : 'draft: not on the site yet'}
        {article.status === 'published' ? (
          <>
            {' · '}
            <a href={article.url} target="_blank" rel="noopener" className="cc-article-live-link">
              Read it on the site
            </a>
          </>
        ) : null}
      </p>
      <div aria-live="polite" className="cc-status">
        {notice ? <p>{notice}</p> : null}
      </div>
      {conflict ? (
        <section className="cc-error" role="alert" aria-labelledby="cc-article-conflict-title">
          <h2 id="cc-article-conflict-title">Someone saved this article first</h2>
          <p>
            Version {conflict.version} was saved by <strong>{conflict.createdBy}</strong> at <time dateTime={conflict.createdAt}>{shortTime(conflict.createdAt)}</time>; its title: “{articleFormValues(conflict.fields).title}”. Your changes were not saved.
          </p>
          <button type="button" className="cc-button" onClick={() => onChanged(`Loaded version ${conflict.version}.`)}>
            Load version {conflict.version} (your unsaved changes are dropped)
          </button>
        </section>
      ) : null}
      <form className="cc-form" onSubmit={(event) => void save(event)} noValidate aria-label={`Edit the article ${slug}`}>
        <ArticleFieldInputs values={values} errors={errors} images={images} authors={authors} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
        <div className="cc-actions">
          <button type="submit" className="cc-button" disabled={busy}>
            Save version
          </button>
          {live?.version !== newest.version ? (
            <button type="button" className="cc-button" disabled={busy} onClick={() => void publish(newest.version)}>
              Publish version {newest.version}
            </button>
          ) : null}
        </div>
      </form>
      {failure ? <CallFailure error={failure} /> : null}
      <div className="cc-table-wrap">
        <table className="cc-table">
          <caption>Versions (a restore publishes the old version's fields as a new version)</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Title</th>
              <th scope="col">Saved by</th>
              <th scope="col">Saved at</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {detail.versions.map((version) => (
              <tr key={version.version}>
                <th scope="row">v{version.version}</th>
                <td>{articleFormValues(version.fields).title}</td>
                <td>{version.createdBy}</td>
                <td>
                  <time dateTime={version.createdAt}>{shortTime(version.createdAt)}</time>
                </td>
                <td>{live?.version === version.version ? <span className="cc-badge cc-badge-live">live</span> : null}</td>
                <td className="cc-row-actions">
                  {live?.version !== version.version && version.version !== newest.version ? (
                    <button type="button" className="cc-button" disabled={busy} onClick={() => void restore(version.version)}>
                      Restore v{version.version}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AuditTrail branch={branch} itemKind="article" itemId={slug} title="Changes to this article" />
    </div>
  );
}
