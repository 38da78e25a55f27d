/**
 * `/branches/{b}/content-factory/authors`: the branch's authors and one form that
 * creates an author or changes the one chosen for editing, checked with the schema the API uses.
 * An author is deleted from their row; the server refuses while one of their runs can still
 * write drafts, and the screen lists why.
 */
import { useState, type FormEvent } from 'react';
import { CC_AUTHOR_CREATE, CC_AUTHOR_DELETE, CC_AUTHOR_UPDATE, CC_AUTHORS_LIST, type AuthorAnswer } from '../../../core/contract/cc-content-factory.ts';
import { CC_IMAGES_LIST } from '../../../core/contract/cc-images.ts';
import { AuthorFieldsSchema } from '../../../core/control-center/content-factory.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { FormField, problemsByField, serverProblems } from '../content-factory/FormField.tsx';
import { ProblemsAlert } from '../ProblemsAlert.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The form's values: text each, expertise as a comma-separated line, the image as its hash ('' for none). */
interface AuthorForm {
  name: string;
  bio: string;
  expertise: string;
  image: string;
  tone: string;
}

const EMPTY: AuthorForm = { name: '', bio: '', expertise: '', image: '', tone: '' };

const formOf = (author: AuthorAnswer): AuthorForm => ({ name: author.name, bio: author.bio, expertise: author.expertise.join(', '), image: author.image ?? '', tone: author.tone });

/** The authors table and the author form. */
export default function AuthorsScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const [reload, setReload] = useState(0);
  const [editing, setEditing] = useState<AuthorAnswer>();
  const state = useCall(`${branch}/${reload}`, () => callControlCenter(CC_AUTHORS_LIST, { params: { branch } }));
  const images = useCall(branch, () => callControlCenter(CC_IMAGES_LIST, { params: { branch } }).then((answer) => answer.images, () => []));
  const [status, setStatus] = useState('');
  const [deleteProblems, setDeleteProblems] = useState<readonly string[]>([]);

  async function remove(author: AuthorAnswer) {
    try {
      await callControlCenter(CC_AUTHOR_DELETE, { params: { branch, author: String(author.id) } });
      setDeleteProblems([]);
      if (editing?.id === author.id) setEditing(undefined);
      setStatus(`${author.name} was deleted; their articles keep their own byline.`);
      setReload((count) => count + 1);
    } catch (error) {
      setStatus('');
      setDeleteProblems(error instanceof ControlCenterApiError && error.problems.length > 0 ? error.problems : [error instanceof Error ? error.message : String(error)]);
    }
  }

  return (
    <div className="cc-authors">
      {state.status === 'loading' ? <p aria-live="polite">Loading authors…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.authors.length === 0 ? <p>No authors yet: add the first one below.</p> : null}
      {state.status === 'done' && state.value.authors.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table">
            <caption>Authors of {branch}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Expertise</th>
                <th scope="col">Tone</th>
                <th scope="col">Last changed</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state.value.authors.map((author) => (
                <tr key={author.id}>
                  <th scope="row">{author.name}</th>
                  <td>{author.expertise.join(', ')}</td>
                  <td>{author.tone}</td>
                  <td>
                    <time dateTime={author.updatedAt}>{author.updatedAt.slice(0, 16).replace('T', ' ')} UTC</time> by {author.updatedBy}
                  </td>
                  <td>
                    <button type="button" className="cc-button" onClick={() => setEditing(author)} aria-label={`Edit ${author.name}`}>
                      Edit
                    </button>
                    <button type="button" className="cc-button" onClick={() => void remove(author)} aria-label={`Delete ${author.name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {deleteProblems.length > 0 ? <ProblemsAlert intro="The author was not deleted:" problems={deleteProblems} /> : null}
      <div aria-live="polite">{status ? <p>{status}</p> : null}</div>
      <AuthorEditor
        key={editing?.id ?? 'new'}
        branch={branch}
        author={editing}
        images={images.status === 'done' ? images.value : []}
        onSaved={() => {
          setEditing(undefined);
          setReload((count) => count + 1);
        }}
      />
    </div>
  );
}

/** Creates an author, or changes `author`. */
function AuthorEditor({ branch, author, images, onSaved }: { branch: string; author: AuthorAnswer | undefined; images: readonly { sha256: string; alt: string }[]; onSaved: () => void }) {
  const [values, setValues] = useState<AuthorForm>(() => (author ? formOf(author) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const title = author ? `Edit ${author.name}` : 'New author';

  async function save(event: FormEvent) {
    event.preventDefault();
    const fields = {
      name: values.name,
      bio: values.bio,
      expertise: values.expertise
        .split(',')
        .map((area) => area.trim())
        .filter(Boolean),
      tone: values.tone,
      ...(values.image ? { image: values.image } : {}),
    };
    const checked = AuthorFieldsSchema.safeParse(fields);
    if (!checked.success) {
      setErrors(problemsByField(checked.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ''), message: issue.message }))));
      return;
    }
    setErrors({});
    setFailure(undefined);
    setBusy(true);
    try {
      if (author) await callControlCenter(CC_AUTHOR_UPDATE, { params: { branch, author: String(author.id) }, body: checked.data });
      else await callControlCenter(CC_AUTHOR_CREATE, { params: { branch }, body: checked.data });
      onSaved();
    } catch (error) {
      if (error instanceof ControlCenterApiError) setErrors(problemsByField(serverProblems(error.problems)));
      setFailure(error instanceof Error ? error : new Error(String(error)));
      setBusy(false);
    }
  }

  const control = (name: keyof AuthorForm) => ({ name, value: values[name], onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })) });
  return (
    <section className="cc-author-editor" aria-labelledby="cc-author-editor-title">
      <h2 id="cc-author-editor-title">{title}</h2>
      <form className="cc-form" onSubmit={(event) => void save(event)} noValidate aria-labelledby="cc-author-editor-title">
        <FormField id="cc-author-name" label="Name" error={errors.name}>
          {(props) => <input type="text" autoComplete="off" {...props} {...control('name')} />}
        </FormField>
        <FormField id="cc-author-bio" label="Bio" error={errors.bio}>
          {(props) => <textarea rows={3} {...props} {...control('bio')} />}
        </FormField>
        <FormField id="cc-author-expertise" label="Expertise" error={errors.expertise} hint="Areas separated by commas, e.g. Medicare Advantage, dental plans.">
          {(props) => <input type="text" autoComplete="off" {...props} {...control('expertise')} />}
        </FormField>
        <FormField id="cc-author-tone" label="Tone" error={errors.tone} hint="How they write, e.g. warm and plain-spoken.">
          {(props) => <input type="text" autoComplete="off" {...props} {...control('tone')} />}
        </FormField>
        <FormField id="cc-author-image" label="Portrait" error={errors.image}>
          {(props) => (
            <select {...props} {...control('image')}>
              <option value="">No portrait</option>
              {images.map((image) => (
                <option key={image.sha256} value={image.sha256}>
                  {image.alt} ({image.sha256.slice(0, 8)})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="cc-actions">
          <button type="submit" className="cc-button" disabled={busy}>
            {author ? 'Save author' : 'Add author'}
          </button>
        </div>
      </form>
      {failure ? <CallFailure error={failure} /> : null}
    </section>
  );
}
