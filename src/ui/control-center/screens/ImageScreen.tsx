/**
 * `/branches/{b}/images/{sha256}`: one image large, its facts and renditions
 * (each a link to its file), the pages and articles that use it, its alt text to edit, and delete,
 * which the server refuses with the list of users while anything uses it.
 */
import { useId, useState, type FormEvent } from 'react';
import { CC_IMAGE_DELETE, CC_IMAGE_GET, CC_IMAGE_UPDATE, ImageUpdateSchema, type ImageAnswer } from '../../../core/contract/cc-images.ts';
import { mediaPath } from '../../../core/contract/media.ts';
import { IMAGE_ALT_MAX_LENGTH } from '../../../core/control-center/images.ts';
import { zodProblems } from '../../../core/zod-problems.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { sectionHref } from '../chrome/sections.ts';
import { formText } from '../form-text.ts';
import { formatBytes, ImagePicture, usageHref } from '../images/ImagePicture.tsx';
import { ProblemsAlert } from '../ProblemsAlert.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The large preview's width: the content column, at most 40rem. */
const PREVIEW_SIZES = '(min-width: 48rem) 40rem, 100vw';

/** A refusal's lines: the server's problems, else its message. */
function problemsOf(error: unknown): readonly string[] {
  if (error instanceof ControlCenterApiError && error.problems.length > 0) return error.problems;
  return [error instanceof Error ? error.message : String(error)];
}

function ImageDetails({ branch, initial }: { branch: string; initial: ImageAnswer }) {
  const id = useId();
  const [image, setImage] = useState(initial);
  const [altProblems, setAltProblems] = useState<readonly string[]>([]);
  const [saved, setSaved] = useState(false);
  const [deleteProblems, setDeleteProblems] = useState<readonly string[]>([]);
  const [deleted, setDeleted] = useState(false);
  const params = { branch, image: image.sha256 };

  async function saveAlt(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const parsed = ImageUpdateSchema.safeParse({ alt: formText(new FormData(event.currentTarget), 'alt') });
    if (!parsed.success) {
      setAltProblems(zodProblems(parsed.error));
      return;
    }
    try {
      setImage((await callControlCenter(CC_IMAGE_UPDATE, { params, body: parsed.data })).image);
      setAltProblems([]);
      setSaved(true);
    } catch (error) {
      setAltProblems(problemsOf(error));
    }
  }

  async function remove() {
    try {
      await callControlCenter(CC_IMAGE_DELETE, { params });
      setDeleted(true);
    } catch (error) {
      setDeleteProblems(problemsOf(error));
    }
  }

  if (deleted) {
    return (
      <p className="cc-img-success" role="status">
        The image was deleted. <a href={sectionHref(branch, 'images')}>Back to the images of {branch}</a>
      </p>
    );
  }
  return (
    <div className="cc-img-details">
      <figure className="cc-img-preview">
        <ImagePicture image={image} sizes={PREVIEW_SIZES} />
        <figcaption>{image.alt}</figcaption>
      </figure>
      <dl className="cc-img-facts">
        <dt>Type</dt>
        <dd>{image.mime}</dd>
        <dt>Dimensions</dt>
        <dd>
          {image.width} × {image.height} pixels
        </dd>
        <dt>Uploaded file</dt>
        <dd>{formatBytes(image.bytes)}</dd>
        <dt>Uploaded</dt>
        <dd>
          by {image.createdBy} at <time dateTime={image.createdAt}>{image.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
        </dd>
        <dt>Reference</dt>
        <dd>
          <code className="cc-id">{image.sha256}</code>
        </dd>
      </dl>

      <form className="cc-img-form" onSubmit={(event) => void saveAlt(event)} noValidate>
        <h2>Alt text</h2>
        <div className="cc-img-field">
          <label htmlFor={`${id}-alt`}>What the image shows, for people who cannot see it</label>
          <input id={`${id}-alt`} name="alt" type="text" defaultValue={image.alt} maxLength={IMAGE_ALT_MAX_LENGTH} required aria-invalid={altProblems.length > 0} />
        </div>
        <button type="submit" className="button">
          Save alt text
        </button>
        <div aria-live="polite">{saved ? <p className="cc-img-success">Alt text saved.</p> : null}</div>
        {altProblems.length > 0 ? <ProblemsAlert intro="The alt text was not saved:" problems={altProblems} className="cc-img-problems" /> : null}
      </form>

      <h2>Renditions</h2>
      <div className="cc-table-wrap">
        <table className="cc-table">
          <caption>Files served for this image, narrowest first</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Type</th>
              <th scope="col">Dimensions</th>
              <th scope="col">Size</th>
            </tr>
          </thead>
          <tbody>
            {image.files.map((file) => (
              <tr key={file.variant}>
                <th scope="row">
                  {/* A file, not a page: opened by the browser in a tab of its own, never client-navigated or prefetched as a page payload. */}
                  <a href={mediaPath(image.sha256, file.variant)} target="_blank" rel="noopener">
                    {file.variant}
                  </a>
                </th>
                <td>{file.mime}</td>
                <td className="cc-number">
                  {file.width} × {file.height}
                </td>
                <td className="cc-number">{formatBytes(file.bytes)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2>Where it is used</h2>
      {image.usedBy.length === 0 ? (
        <p>No page or article uses this image.</p>
      ) : (
        <ul>
          {image.usedBy.map((use) => (
            <li key={`${use.kind} ${use.itemKey} ${use.version}`}>
              <a href={usageHref(branch, use)}>
                {use.kind} {use.itemKey}
              </a>{' '}
              (version {use.version})
            </li>
          ))}
        </ul>
      )}

      <h2>Delete</h2>
      <p>An image that a page or article uses cannot be deleted; change those first.</p>
      <button type="button" className="button cc-img-danger" onClick={() => void remove()}>
        Delete this image
      </button>
      {deleteProblems.length > 0 ? <ProblemsAlert intro="The image was not deleted:" problems={deleteProblems} className="cc-img-problems" /> : null}
    </div>
  );
}

/** The image screen. */
export default function ImageScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const sha256 = payload.route.params.image ?? '';
  const state = useCall(`${branch} ${sha256}`, () => callControlCenter(CC_IMAGE_GET, { params: { branch, image: sha256 } }));
  if (state.status === 'loading') return <p aria-live="polite">Loading the image…</p>;
  if (state.status === 'failed') return <CallFailure error={state.error} />;
  return <ImageDetails branch={branch} initial={state.value.image} />;
}
