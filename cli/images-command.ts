/** `cobrand images add|list`: the definitions; the work is in images.ts, loaded when a command runs. */
import type { Command } from 'commander';
import type { BrandId } from '../brands/ids.ts';
import { ImageAltSchema } from '../src/core/control-center/images.ts';
import { CONTROL_CENTER_BRAND } from '../src/core/control-center/paths.ts';
import { brandIdArgument, parseWith } from './arguments.ts';
import type { CliIo } from './cli-io.ts';

/** A brand whose site can show images: any brand but the control center itself. */
const imageBrandArgument = brandIdArgument.refine((id) => id !== CONTROL_CENTER_BRAND, { error: `'${CONTROL_CENTER_BRAND}' is the control center, not a branch with images` });

/**
 * Registers `images add|list`.
 * @example
 * ```sh
 * cobrand images add --brand ac --alt "A couple reading a plan letter" hero.jpg
 * cobrand images list --brand ac --json
 * ```
 * ```ts
 * registerImagesCommands(program, io); // in cli/index.ts, once per command group
 * ```
 */
export function registerImagesCommands(program: Command, io: CliIo): void {
  const images = program.command('images').description("a branch's uploaded images (DATA_DIR or DATABASE_URL), as the control center's images screen");
  images
    .command('add')
    .description('uploads an image file (PNG, JPEG or WebP, up to 5 MB, judged by its bytes): resized to WebP renditions and stored; prints its sha256 and addresses')
    .argument('<file>', 'the image file')
    .requiredOption('--brand <id>', 'the branch (brand id) the image belongs to', parseWith(imageBrandArgument))
    .requiredOption('--alt <text>', 'what the image shows, for people who cannot see it (1-250 characters)', parseWith(ImageAltSchema))
    .action(async (file: string, options: { brand: BrandId; alt: string }) => (await import('./images.ts')).addImage(io, file, options));
  images
    .command('list')
    .description("a branch's images, newest first: sha256, alt text, type, size, uploaded by and when")
    .requiredOption('--brand <id>', 'the branch (brand id)', parseWith(imageBrandArgument))
    .option('--json', 'print a JSON array of {sha256, alt, mime, width, height, bytes, createdAt, createdBy, files}')
    .action(async (options: { brand: BrandId; json?: boolean }) => (await import('./images.ts')).listImages(io, options));
}
