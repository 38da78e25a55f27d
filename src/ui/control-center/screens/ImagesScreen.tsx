/**
 * `/branches/{b}/images`: upload an image (file and alt text, with progress
 * and inline errors, checked here by the same rules as the server) and the branch's images with
 * a thumbnail, alt text, type and size, dimensions, who uploaded it when, and how many pages and
 * articles use it.
 */
import { useId, useState, type FormEvent } from 'react';
import { CC_IMAGES_LIST } from '../../../core/contract/cc-images.ts';
import { IMAGE_ALT_MAX_LENGTH, IMAGE_MAX_BYTES, IMAGE_TYPE_NAMES, IMAGE_TYPES, ImageAltSchema } from '../../../core/control-center/images.ts';
import { href } from '../../../core/router/route-patterns.ts';
import { callControlCenter, ControlCenterApiError } from '../api-client.ts';
import { formText } from '../form-text.ts';
import { formatBytes, ImagePicture } from '../images/ImagePicture.tsx';
import { ProblemsAlert } from '../ProblemsAlert.tsx';
import { uploadImage, type UploadResult } from '../images/upload-image.ts';
import type { ScreenProps } from '../screen-props.ts';
import { CallFailure, useCall } from '../use-call.tsx';

/** The thumbnail's displayed width (CSS px), from which the browser picks a rendition. */
const THUMBNAIL_SIZES = '8rem';

/** What the form is doing. */
type UploadState = { phase: 'idle' } | { phase: 'sending'; share: number } | { phase: 'done'; result: UploadResult } | { phase: 'refused'; problems: readonly string[] };

/** The problems the form can see before sending (the server checks again, and judges the bytes). */
function formProblems(file: File | undefined, alt: string): string[] {
  const problems: string[] = [];
  if (file === undefined) problems.push('Choose an image file.');
  else if (file.size > IMAGE_MAX_BYTES) problems.push(`The file is ${formatBytes(file.size)}; the largest accepted is ${formatBytes(IMAGE_MAX_BYTES)}.`);
  const parsed = ImageAltSchema.safeParse(alt);
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => `Alt text: ${issue.message}.`));
  return problems;
}

function UploadForm({ branch, onUploaded }: { branch: string; onUploaded: () => void }) {
  const id = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    const alt = formText(data, 'alt');
    const chosen = file instanceof File && file.size > 0 ? file : undefined;
    const problems = formProblems(chosen, alt);
    if (problems.length > 0 || chosen === undefined) {
      setState({ phase: 'refused', problems });
      return;
    }
    setState({ phase: 'sending', share: 0 });
    try {
      const result = await uploadImage(branch, chosen, alt.trim(), (share) => setState({ phase: 'sending', share }));
      setState({ phase: 'done', result });
      form.reset();
      onUploaded();
    } catch (error) {
      const problems = error instanceof ControlCenterApiError && error.problems.length > 0 ? error.problems : [error instanceof Error ? error.message : String(error)];
      setState({ phase: 'refused', problems });
    }
  }

  return (
    <form className="cc-img-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>Upload an image</h2>
      <div className="cc-img-field">
        <label htmlFor={`${id}-file`}>Image file</label>
        <p className="cc-img-hint" id={`${id}-file-hint`}>
          {IMAGE_TYPE_NAMES}, up to {formatBytes(IMAGE_MAX_BYTES)}. Resized for phones and screens automatically.
        </p>
        <input id={`${id}-file`} name="file" type="file" accept={Object.keys(IMAGE_TYPES).join(',')} aria-describedby={`${id}-file-hint`} required />
      </div>
      <div className="cc-img-field">
        <label htmlFor={`${id}-alt`}>Alt text</label>
        <p className="cc-img-hint" id={`${id}-alt-hint`}>
          What the image shows, for people who cannot see it (up to {IMAGE_ALT_MAX_LENGTH} characters).
        </p>
        <input id={`${id}-alt`} name="alt" type="text" maxLength={IMAGE_ALT_MAX_LENGTH} aria-describedby={`${id}-alt-hint`} required />
      </div>
      <button type="submit" className="button" disabled={state.phase === 'sending'}>
        Upload
      </button>
      <div aria-live="polite">
        {state.phase === 'sending' ? (
          <p>
            <label htmlFor={`${id}-progress`}>Uploading… </label>
            <progress id={`${id}-progress`} max={1} value={state.share}>
              {Math.round(state.share * 100)}%
            </progress>
          </p>
        ) : null}
        {state.phase === 'done' ? (
          <p className="cc-img-success">
            {state.result.created ? 'Uploaded' : 'This branch already has that image'}:{' '}
            <a href={href('cc-image', { branch, image: state.result.image.sha256 })}>{state.result.image.alt}</a>
          </p>
        ) : null}
      </div>
      {state.phase === 'refused' ? <ProblemsAlert intro="The image was not uploaded:" problems={state.problems} className="cc-img-problems" /> : null}
    </form>
  );
}

/** The images screen. */
export default function ImagesScreen({ payload }: ScreenProps) {
  const branch = payload.route.params.branch ?? '';
  const [generation, setGeneration] = useState(0);
  const state = useCall(`${branch} ${generation}`, () => callControlCenter(CC_IMAGES_LIST, { params: { branch } }));
  return (
    <>
      <UploadForm branch={branch} onUploaded={() => setGeneration((value) => value + 1)} />
      <h2>Images of {branch}</h2>
      {state.status === 'loading' ? <p aria-live="polite">Loading images…</p> : null}
      {state.status === 'failed' ? <CallFailure error={state.error} /> : null}
      {state.status === 'done' && state.value.images.length === 0 ? <p>No images yet: upload the first one above.</p> : null}
      {state.status === 'done' && state.value.images.length > 0 ? (
        <div className="cc-table-wrap">
          <table className="cc-table cc-img-list">
            <caption>Images of {branch}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Alt text</th>
                <th scope="col">Type and size</th>
                <th scope="col">Dimensions</th>
                <th scope="col">Uploaded</th>
                <th scope="col">Used by</th>
              </tr>
            </thead>
            <tbody>
              {state.value.images.map((image) => (
                <tr key={image.sha256}>
                  <td>
                    <ImagePicture image={image} sizes={THUMBNAIL_SIZES} className="cc-img-thumbnail" />
                  </td>
                  <th scope="row">
                    <a href={href('cc-image', { branch, image: image.sha256 })}>{image.alt}</a>
                  </th>
                  <td>
                    {image.mime.replace('image/', '').toUpperCase()}, {formatBytes(image.bytes)}
                  </td>
                  <td className="cc-number">
                    {image.width} × {image.height}
                  </td>
                  <td>
                    {image.createdBy}
                    <br />
                    <time dateTime={image.createdAt}>{image.createdAt.slice(0, 16).replace('T', ' ')} UTC</time>
                  </td>
                  <td className="cc-number">{image.usedBy.length === 0 ? 'unused' : `${image.usedBy.length} ${image.usedBy.length === 1 ? 'item' : 'items'}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
