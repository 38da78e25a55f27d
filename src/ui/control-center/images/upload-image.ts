/**
 * Sends an image file to the control center: the file's bytes as the body of
 * `PUT /api/cc/branches/{branch}/images?alt=…`, through XMLHttpRequest because fetch cannot report
 * upload progress. A refusal rejects with a {@link ControlCenterApiError} carrying the server's
 * problems, as every other control-center call does.
 */
import { CC_IMAGE_UPLOAD, type ImageAnswer } from '../../../core/contract/cc-images.ts';
import { fillPath } from '../../../core/contract/endpoint.ts';
import { ControlCenterApiError } from '../api-client.ts';

/** What an upload answers: the image, and whether it is new to the branch. */
export interface UploadResult {
  image: ImageAnswer;
  created: boolean;
}

/** Uploads `file` to `branch` with `alt`; `onProgress` gets the share sent so far (0 to 1). */
export function uploadImage(branch: string, file: Blob, alt: string, onProgress: (share: number) => void): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `${fillPath(CC_IMAGE_UPLOAD.path, { branch })}?${new URLSearchParams({ alt })}`);
    request.setRequestHeader('accept', 'application/json');
    // The server reads the type from the bytes; this only says "raw file".
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let json: unknown;
      try {
        json = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        json = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(CC_IMAGE_UPLOAD.response.parse(json));
        return;
      }
      const answer = (json ?? {}) as { error?: string; problems?: string[] };
      reject(new ControlCenterApiError(request.status, answer.error ?? `the upload answered ${request.status}`, answer.problems ?? [], json));
    });
    request.addEventListener('error', () => reject(new ControlCenterApiError(0, 'The upload did not reach the server; check the connection and try again.', [], undefined)));
    request.send(file);
  });
}
