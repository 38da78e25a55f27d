/**
 * The project's source files and the files each one imports by a relative path: the ground the
 * layering test (test/unit/layering.test.ts) and the import-cycle test
 * (test/unit/import-cycles.test.ts) stand on, read the same way by both.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, absolute. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The folders of source code (test/ is not one: tests may import anything they test). */
const SOURCE_FOLDERS = ['src', 'cli', 'brands', 'bench', 'scripts', 'tools/support'] as const;

/** Source files by name: TypeScript, TSX and the few plain JavaScript launchers. */
const SOURCE_FILE = /\.(?:tsx?|js)$/;

/**
 * `from '…'` (static imports, `import type`, `export … from`), side-effect `import '…'` and
 * dynamic `import('…')` specifiers that are relative paths.
 */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** Every source file under `folder` (absolute, recursive), sorted. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Every source file of the project: the source folders and the root `*.ts` files (routes.ts, build*.ts). */
export function sourceFiles(): string[] {
  const rootFiles = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(ROOT, entry.name));
  return [...rootFiles.sort(), ...SOURCE_FOLDERS.flatMap((folder) => filesUnder(path.join(ROOT, folder)))];
}

/** The absolute paths that the relative specifiers in `source` (the text of `file`) point at. */
export function importTargets(file: string, source: string): string[] {
  return [...source.matchAll(RELATIVE_IMPORT)].map((match) => path.resolve(path.dirname(file), match[1]!));
}

/** The absolute paths `file` imports by relative specifiers, existing files only (no `.css` or JSON of the build's). */
export function importsOf(file: string): string[] {
  return importTargets(file, readFileSync(file, 'utf8')).filter((target) => SOURCE_FILE.test(target) && existsSync(target));
}

/** `file` relative to the repository root, with forward slashes, for messages. */
export function relativeToRoot(file: string): string {
  return path.relative(ROOT, file).split(path.sep).join('/');
}
