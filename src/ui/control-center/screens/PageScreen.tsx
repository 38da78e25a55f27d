/**
 * `/branches/{b}/pages/{page}`: the page editor. The form starts from the
 * newest version (or blank: every field the built-in one); Save makes a draft from the version
 * loaded, and a 409 shows the other editor's version with a way to load it; Preview opens the
 * brand page with a version through a short-lived link; Publish makes the newest version live;
 * every version is listed with who and when, and any version can be restored.
 */
import { useState, type FormEvent } from 'react';
import { CC_PAGE_GET, CC_PAGE_PREVIEW, CC_PAGE_PUBLISH, CC_PAGE_RESTORE, CC_PAGE_SAVE, type PageDetail, type PageVersionAnswer } from '../../../core/contract/cc-pages.ts';
import { CC_IMAGES_LIST } from '../../../core/contract/cc-images.ts';
import type { PageFieldName } from '../../../core/control-center/page-fields.ts';
import { AuditTrail } from '../AuditTrail.tsx';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { checkForm, formValuesOf, type PageFormValues } from '../pages/page-form.ts';
import { PageFieldInputs } from '../pages/PageFieldInputs.tsx';
import { VersionList } from '../pages/VersionList.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The editor, loaded after hydration; `reload` counts loads so a change fetches the page again. */
export default function PageScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const page = payload.route.params.page ?? '';
  const [reload, setReload] = useState(0);
  // Kept here, not in the editor: a change reloads the page and so mounts a fresh editor.
  const [notice, setNotice] = useState<string>();
  const state = useCall(`${branch}/${page}/${reload}`, () => callControlCenter(CC_PAGE_GET, { params: { branch, page } }));
  const images = useCall(branch, () => callControlCenter(CC_IMAGES_LIST, { params: { branch } }).then((answer) => answer.images, () => []));
  if (state.status === 'loading') return <p aria-live="polite">Loading the page…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  return (
    <Editor
      key={`${reload}`}
      branch={branch}
      page={page}
      detail={state.value}
      images={images.status === 'done' ? images.value : []}
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
  page: string;
  detail: PageDetail;
  images: readonly { sha256: string; alt: string }[];
  /** What the last change did, said in the status line. */
  notice: string | undefined;
  /** A change was made: say `text` and load the page again. */
  onChanged: (text: string | undefined) => void;
}

function Editor({ branch, page, detail, images, notice, onChanged }: EditorProps) {
  const newest = detail.versions[0];
  const [values, setValues] = useState<PageFormValues>(() => formValuesOf(newest?.fields ?? {}));
  const [errors, setErrors] = useState<Partial<Record<PageFieldName, string>>>({});
  const [message, setMessage] = useState<string | undefined>(notice);
  const [failure, setFailure] = useState<Error>();
  const [conflict, setConflict] = useState<PageVersionAnswer>();
  const [preview, setPreview] = useState<{ version: number; url: string }>();
  const [busy, setBusy] = useState(false);
  const params = { branch, page };

  /** Runs a call; a change (`reload`) hands its message to the screen, which loads the page again. */
  async function act(work: () => Promise<{ text: string; reload: boolean }>) {
    setBusy(true);
    setFailure(undefined);
    setMessage(undefined);
    try {
      const { text, reload } = await work();
      if (reload) onChanged(text);
      else setMessage(text);
    } catch (error) {
      if (error instanceof ControlCenterApiError && error.status === 409) setConflict((error.body as { version: PageVersionAnswer }).version);
      else setFailure(error instanceof Error ? error : new Error(String(error)));
      if (error instanceof ControlCenterApiError) setErrors(fieldErrors(error.problems));
    } finally {
      setBusy(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setMessage(undefined);
      return;
    }
    setErrors({});
    await act(async () => {
      const { version } = await callControlCenter(CC_PAGE_SAVE, { params, body: { baseVersion: newest?.version ?? 0, fields: checked.fields } });
      return { text: `Saved draft version ${version.version}.`, reload: true };
    });
  }

  const publish = (version: number) =>
    act(async () => {
      await callControlCenter(CC_PAGE_PUBLISH, { params, body: { version } });
      return { text: `Version ${version} is live.`, reload: true };
    });
  const restore = (version: number) =>
    act(async () => {
      const answer = await callControlCenter(CC_PAGE_RESTORE, { params, body: { version } });
      return { text: `Restored version ${version} as version ${answer.version.version}, now live.`, reload: true };
    });
  const makePreview = (version: number) =>
    act(async () => {
      const answer = await callControlCenter(CC_PAGE_PREVIEW, { params, body: { version } });
      setPreview({ version, url: answer.url });
      return { text: `Preview of version ${version} ready; the link works until ${answer.expiresAt.slice(11, 16)} UTC.`, reload: false };
    });

  const draft = newest !== undefined && newest.version !== detail.live?.version;
  return (
    <div className="cc-page-editor">
      <p className="cc-page-facts">
        <code>{detail.page.path}</code> · {detail.page.template} · {detail.page.language} · live: {detail.live ? `version ${detail.live.version}` : 'built-in'}
        {draft ? <span className="cc-badge">draft v{newest.version}</span> : null}
      </p>
      {conflict ? <ConflictNotice conflict={conflict} onLoad={() => onChanged(`Loaded version ${conflict.version}.`)} /> : null}
      <form className="cc-form" onSubmit={(event) => void save(event)} noValidate aria-label={`Edit ${page}`}>
        <PageFieldInputs values={values} errors={errors} builtIn={detail.builtIn} images={images} onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
        <div className="cc-actions">
          <button type="submit" className="cc-button" disabled={busy}>
            Save draft
          </button>
          {newest ? (
            <button type="button" className="cc-button" disabled={busy} onClick={() => void makePreview(newest.version)}>
              Preview version {newest.version}
            </button>
          ) : null}
          {draft ? (
            <button type="button" className="cc-button" disabled={busy} onClick={() => void publish(newest.version)}>
              Publish version {newest.version}
            </button>
          ) : null}
        </div>
      </form>
      <div aria-live="polite" className="cc-status">
        {message ? <p>{message}</p> : null}
        {preview ? (
          <p>
            <a href={preview.url} target="_blank" rel="noopener" className="cc-preview-link">
              Open the preview of version {preview.version}
            </a>
          </p>
        ) : null}
      </div>
      {failure ? <CallFailure error={failure} /> : null}
      <VersionList versions={detail.versions} live={detail.live} busy={busy} onRestore={(version) => void restore(version)} onPreview={(version) => void makePreview(version)} />
      <AuditTrail branch={branch} itemKind="page" itemId={page} title="Changes to this page" />
    </div>
  );
}

/** The server's `fields.<name>: message` problems, by field name. */
function fieldErrors(problems: readonly string[]): Partial<Record<PageFieldName, string>> {
  const errors: Partial<Record<PageFieldName, string>> = {};
  for (const problem of problems) {
    const match = /^fields\.(\w+)(?:\[\d+\])?: (.*)$/.exec(problem);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- groups 1 and 2 are not optional, so a match fills them
    if (match) errors[match[1] as PageFieldName] ??= match[2]!;
  }
  return errors;
}

/** Someone saved first: who, when, and what they saved, with a way to continue from it. */
function ConflictNotice({ conflict, onLoad }: { conflict: PageVersionAnswer; onLoad: () => void }) {
  return (
    <section className="cc-error" role="alert" aria-labelledby="cc-conflict-title">
      <h2 id="cc-conflict-title">Someone saved this page first</h2>
      <p>
        Version {conflict.version} was saved by <strong>{conflict.createdBy}</strong> at <time dateTime={conflict.createdAt}>{conflict.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>. Your changes were not saved. Their fields:
      </p>
      <dl className="cc-fields">
        {Object.entries(conflict.fields).map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{Array.isArray(value) ? value.join(' · ') : String(value)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="cc-button" onClick={onLoad}>
        Load version {conflict.version} (your unsaved changes are dropped)
      </button>
    </section>
  );
}
