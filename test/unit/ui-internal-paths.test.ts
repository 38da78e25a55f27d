/**
 * Every internal link the UI builds comes from `href(name, params)` (src/core/router/route-patterns.ts),
 * so a renamed route or a changed pattern is a type error rather than a dead link. This
 * reads the source of src/ui and src/client as code (esbuild drops types and comments and turns
 * JSX attributes into plain strings; acorn parses the result, so a regular expression is no
 * string) and fails naming the file and the literal for:
 * - a string, template or JSX attribute starting with '/' (`href="/tos"`, `` `/branches/${b}` ``);
 * - a template that adds segments to a built path (`` `${href(…)}/${id}` ``, `` `${sectionHref(…)}/…` ``).
 * API paths come from src/core/contract, media paths from its helpers, so none is needed here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, test } from 'node:test';
import { parse, type Node } from 'acorn';
import { transformSync } from 'esbuild';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Literals that start with '/' for a reason, as `file: literal`. Empty: keep it that way, or say
 * here why a path cannot come from `href`.
 */
const ALLOWED = new Set<string>([]);

/** The .ts and .tsx files under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** An acorn node as plain data, to walk every child whatever its type. */
type AnyNode = Node & Record<string, unknown>;

/** A call whose callee's name ends in `href` (`href(…)`, `sectionHref(…)`, `paths.href(…)`). */
function isHrefCall(node: AnyNode | undefined): boolean {
  if (node?.type !== 'CallExpression') return false;
  const callee = node.callee as AnyNode;
  const name = callee.type === 'MemberExpression' ? (callee.property as AnyNode).name : callee.name;
  return typeof name === 'string' && /href$/i.test(name);
}

/** The literal internal paths in one TypeScript source, as the code that spells them. */
export function literalPaths(fileName: string, source: string): string[] {
  const { code } = transformSync(source, { loader: fileName.endsWith('.tsx') ? 'tsx' : 'ts', jsx: 'automatic', format: 'esm' });
  const found: string[] = [];
  const visit = (node: AnyNode): void => {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ImportExpression') return;
    if (node.type === 'Literal' && typeof node.value === 'string' && node.value.startsWith('/')) found.push(code.slice(node.start, node.end));
    if (node.type === 'TemplateLiteral') {
      const quasis = node.quasis as { value: { cooked: string } }[];
      const expressions = node.expressions as AnyNode[];
      if (quasis.some(({ value }, index) => value.cooked.startsWith('/') && (index === 0 || isHrefCall(expressions[index - 1])))) found.push(code.slice(node.start, node.end));
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as AnyNode).type === 'string') visit(child as AnyNode);
      }
    }
  };
  visit(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }) as unknown as AnyNode);
  return found;
}

describe('internal paths in the UI come from href', () => {
  test('the check finds each kind of literal path, and skips comments, regular expressions and href calls', () => {
    // [file name, source, what is found]
    const cases: [string, string, string[]][] = [
      ['a.tsx', 'export const a = <a href="/tos">x</a>;', ['"/tos"']],
      ['a.ts', "export const a = '/';", ['"/"']],
      ['a.ts', 'export const a = (b: string) => `/branches/${b}/pages`;', ['`/branches/${b}/pages`']],
      ['a.ts', 'export const a = (b: string, id: string) => `${sectionHref(b, "leads")}/${id}`;', ['`${sectionHref(b, "leads")}/${id}`']],
      ['a.ts', 'export const a = `${paths.href("x")}/y`;', ['`${paths.href("x")}/y`']],
      ['a.ts', 'export const a = (b: string) => ({ to: b ? "/x" : `/y` });', ['"/x"', '`/y`']],
      // Comments, regular expressions, imports, href calls and other templates are fine.
      ['a.ts', "// see '/tos'\n/** `/branches/{b}` and '/x' */\nexport const a = /filename=\"([^\"]+)\"/;", []],
      ['a.tsx', "import x from '/abs/x.ts';\nexport const a = <a href={href('tos')}>{x}</a>;", []],
      ['a.ts', 'export const a = `${origin}/x`, b = `${x}?${y}`, c = "a/b";', []],
    ];
    for (const [fileName, source, expected] of cases) assert.deepEqual(literalPaths(fileName, source), expected, source);
  });

  test('src/ui and src/client spell no internal path', () => {
    const offences = [join(ROOT, 'src/ui'), join(ROOT, 'src/client')]
      .flatMap(sourceFiles)
      .flatMap((path) => {
        const name = relative(ROOT, path);
        return literalPaths(path, readFileSync(path, 'utf8'))
          .map((found) => `${name}: ${found}`)
          .filter((offence) => !ALLOWED.has(offence));
      });
    assert.deepEqual(offences, []);
  });
});
