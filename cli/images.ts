/**
 * `cobrand images add|list` (registered in images-command.ts): the same upload as the control
 * center's images screen (core/control-center/images.ts rules, process-image.ts checks and
 * renditions), written to the store the server uses and to the audit log as the operator.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaPath } from '../src/core/contract/media.ts';
import { IMAGE_MAX_BYTES } from '../src/core/control-center/images.ts';
import { ImageRejectedError, processImage } from '../src/server/control-center/images/process-image.ts';
import { withStore, write, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';
import { formatTable } from './table.ts';

/** The file's bytes, or undefined after saying why it cannot be read (usage error). */
async function readImageFile(io: CliIo, file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path.resolve(file));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as NodeJS.ErrnoException).code === 'EISDIR' ? 'a directory, not a file' : (error as Error).message;
    io.stderr.write(`cannot read '${file}': ${reason}\n`);
    io.setExitCode(EXIT_CODES.usage);
    return undefined;
  }
}

/** `images add FILE --brand ID --alt TEXT`. */
export async function addImage(io: CliIo, file: string, options: { brand: string; alt: string }): Promise<void> {
  const bytes = await readImageFile(io, file);
  if (bytes === undefined) return;
  if (bytes.length > IMAGE_MAX_BYTES) {
    io.stderr.write(`'${file}' is ${bytes.length} bytes; the largest accepted is ${IMAGE_MAX_BYTES} bytes (5 MB); nothing was stored\n`);
    io.setExitCode(EXIT_CODES.problems);
    return;
  }
  let processed;
  try {
    processed = await processImage(bytes);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    io.stderr.write(`'${file}': ${error.problems.join('; ')}; nothing was stored\n`);
    io.setExitCode(EXIT_CODES.problems);
    return;
  }
  await withStore(io, async (store) => {
    const by = `cli:${io.actor()}`;
    const { image, created } = await store.addImage({ branch: options.brand, ...processed, alt: options.alt, by });
    if (created) {
      const after = { sha256: image.sha256, alt: image.alt, mime: image.mime, width: image.width, height: image.height, bytes: image.bytes };
      await store.recordAudit({ userEmail: by, branch: image.branch, itemKind: 'image', itemId: image.sha256, action: 'upload', after });
    }
    const lines = [
      `${created ? 'added' : 'already there (unchanged)'}: ${image.sha256} (${image.mime}, ${image.width} x ${image.height}) to ${image.branch}`,
      `alt: ${image.alt}`,
      ...image.files.map((stored) => `${mediaPath(image.sha256, stored.variant)}  ${stored.width} x ${stored.height}, ${stored.bytes} bytes`),
    ];
    await write(io.stdout, `${lines.join('\n')}\n`);
  });
}

/** `images list --brand ID [--json]`. */
export async function listImages(io: CliIo, options: { brand: string; json?: boolean }): Promise<void> {
  await withStore(io, async (store) => {
    const images = await store.listImages(options.brand);
    if (options.json) {
      await write(io.stdout, `${JSON.stringify(images.map(({ branch: _branch, ...image }) => image), null, 2)}\n`);
      return;
    }
    if (images.length === 0) {
      await write(io.stdout, `${options.brand} has no images yet; add one with \`cobrand images add --brand ${options.brand} FILE --alt TEXT\`\n`);
      return;
    }
    const rows = images.map((image) => [image.sha256, image.alt, image.mime, `${image.width} x ${image.height}`, String(image.bytes), image.createdBy, image.createdAt]);
    await write(io.stdout, `${formatTable(['SHA256', 'ALT', 'TYPE', 'SIZE', 'BYTES', 'BY', 'UPLOADED'], rows)}\n`);
  });
}
