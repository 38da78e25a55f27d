/**
 * `cobrand pages publish --brand ID --route NAME --from FILE` (registered in pages-command.ts):
 * what the page editor's Save and Publish do, for scripts. The file's fields are
 * checked with the editor's schema and laid over the newest version's; the result is saved as a
 * new version and published at once, both audited as `cli:<os user>`.
 */
import { readFile } from 'node:fs/promises';
import { brandById } from '../brands/index.ts';
import { PageFieldsSchema } from '../src/core/control-center/page-fields.ts';
import { zodProblems } from '../src/core/zod-problems.ts';
import { editableRoutes } from '../src/server/control-center/pages/editable-pages.ts';
import { pageImage } from '../src/server/pages/page-image.ts';
import type { ImageStore } from '../src/server/control-center/images/image-store.ts';
import { withStore, type CliIo } from './cli-io.ts';
import { EXIT_CODES } from './exit-codes.ts';

/** Says `message` on stderr and ends with `code`. */
function fail(io: CliIo, code: number, message: string): void {
  io.stderr.write(`${message}\n`);
  io.setExitCode(code);
}

/** The JSON of `--from` (a file or '-'), or undefined after saying why not. */
async function readFields(io: CliIo, from: string): Promise<unknown> {
  let text: string;
  try {
    text = from === '-' ? await io.readStdin() : await readFile(from, 'utf8');
  } catch (error) {
    fail(io, EXIT_CODES.usage, `--from: cannot read '${from}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    fail(io, EXIT_CODES.usage, `--from: '${from}' is not JSON: ${(error as Error).message}`);
    return undefined;
  }
}

/** `pages publish`. */
export async function publishPage(io: CliIo, options: { brand: string; route: string; from: string }): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the --brand argument's parser accepts known brand ids only
  const brand = brandById(options.brand)!;
  const route = editableRoutes(brand).find((candidate) => candidate.name === options.route);
  if (!route) return fail(io, EXIT_CODES.usage, `--route: ${brand.id} has no page named '${options.route}' (cobrand routes list --brand ${brand.id})`);
  const json = await readFields(io, options.from);
  if (json === undefined) return;
  const parsed = PageFieldsSchema.safeParse(json);
  if (!parsed.success) return fail(io, EXIT_CODES.problems, `${options.from}: ${zodProblems(parsed.error).join('; ')}; nothing was published`);
  const changes = parsed.data;
  await withStore(io, async (store) => {
    if (changes.image !== undefined && typeof (store as Partial<ImageStore>).getImage === 'function' && !(await pageImage(store, brand.id, changes.image))) {
      return fail(io, EXIT_CODES.problems, `${options.from}: image: ${brand.id} has no image ${changes.image}; nothing was published`);
    }
    const by = `cli:${io.actor()}`;
    const newest = (await store.listContentVersions('page', brand.id, route.name))[0];
    const outcome = await store.saveContentVersion({ kind: 'page', branch: brand.id, itemKey: route.name, fields: { ...newest?.fields, ...changes }, baseVersion: newest?.version ?? 0, by });
    if ('conflict' in outcome) {
      return fail(io, EXIT_CODES.problems, `${brand.id} ${route.name}: ${outcome.conflict.createdBy} saved version ${outcome.conflict.version} meanwhile; nothing was published, run the command again`);
    }
    const saved = outcome.saved;
    const before = await store.getLiveContent('page', brand.id, route.name);
    await store.recordAudit({ userEmail: by, branch: brand.id, itemKind: 'page', itemId: route.name, action: 'save-draft', before: newest, after: saved });
    await store.publishContentVersion('page', brand.id, route.name, saved.version, by);
    await store.recordAudit({ userEmail: by, branch: brand.id, itemKind: 'page', itemId: route.name, action: 'publish', before: before ? { version: before.version } : undefined, after: { version: saved.version } });
    io.stdout.write(`${brand.id} ${route.name}: version ${saved.version} is live (changed: ${Object.keys(changes).join(', ') || 'nothing'})\n`);
  });
}
