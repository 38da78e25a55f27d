/**
 * Licences of what the server runs: the closure of package.json's `dependencies`, read from each
 * installed package's own package.json. A copyleft licence that reaches over the network (AGPL)
 * or over linking (GPL) would bind the service's own code, so neither may be in it; LGPL and the
 * permissive licences may.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A package of the runtime closure and the licence its package.json declares. */
export interface PackageLicence {
  name: string;
  version: string;
  /** The SPDX expression as declared (or the legacy `licenses` list joined with OR); '' when none. */
  licence: string;
}

/** The licence identifiers refused in what the server runs: GPL and AGPL of any version, not LGPL. */
const REFUSED = /^A?GPL-/i;

/**
 * True when an SPDX expression may run in the service. A choice needs one acceptable side, so
 * `A OR B` is allowed when either is; a combination binds by both, so `A AND B` needs both.
 *
 * @example
 * licenceAllowed('MIT'); // true
 * licenceAllowed('AGPL-3.0-or-later'); // false
 * licenceAllowed('(MIT OR GPL-3.0)'); // true: MIT may be chosen
 * licenceAllowed('LGPL-3.0-or-later'); // true
 */
export function licenceAllowed(expression: string): boolean {
  const anyOf = splitTop(stripParens(expression.trim()), 'OR');
  if (anyOf.length > 1) return anyOf.some(licenceAllowed);
  const allOf = splitTop(stripParens(expression.trim()), 'AND');
  if (allOf.length > 1) return allOf.every(licenceAllowed);
  const single = stripParens(expression.trim()).replace(/\s+WITH\s+.*$/i, '');
  return single !== '' && !REFUSED.test(single) && !/^A?GPL$/i.test(single);
}

/** `(X)` without its outer parentheses when they enclose the whole expression. */
function stripParens(expression: string): string {
  if (!expression.startsWith('(') || !expression.endsWith(')')) return expression;
  let depth = 0;
  for (let index = 0; index < expression.length; index++) {
    if (expression[index] === '(') depth++;
    if (expression[index] === ')') depth--;
    if (depth === 0 && index < expression.length - 1) return expression;
  }
  return stripParens(expression.slice(1, -1).trim());
}

/** The parts of `expression` joined by `operator` outside parentheses. */
function splitTop(expression: string, operator: 'AND' | 'OR'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const words = expression.split(/(\s+|\(|\))/);
  let offset = 0;
  for (const word of words) {
    if (word === '(') depth++;
    else if (word === ')') depth--;
    else if (depth === 0 && word.toUpperCase() === operator) {
      parts.push(expression.slice(start, offset).trim());
      start = offset + word.length;
    }
    offset += word.length;
  }
  parts.push(expression.slice(start).trim());
  return parts.filter((part) => part !== '');
}

interface Manifest {
  name: string;
  version: string;
  license?: string | { type?: string };
  licenses?: Array<{ type?: string }>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The declared licence of a manifest as one SPDX-like expression. */
function declaredLicence(manifest: Manifest): string {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  return (manifest.licenses ?? []).map((entry) => entry.type ?? '').filter(Boolean).join(' OR ');
}

/** The directory holding `name`'s package.json as Node resolves it from `fromDir`, or undefined when not installed. */
function packageDir(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    try {
      readFileSync(candidate);
      return path.dirname(candidate);
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }
}

/**
 * Every installed package the root's `dependencies` need at run time (optional ones that are not
 * installed on this platform are skipped), each once, with its declared licence.
 */
export function runtimeLicences(rootDir: string): PackageLicence[] {
  const readManifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  const root = readManifest(rootDir);
  const seen = new Map<string, PackageLicence>();
  const queue: Array<[name: string, fromDir: string]> = Object.keys(root.dependencies ?? {}).map((name) => [name, rootDir]);
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [name, fromDir] = next;
    const dir = packageDir(name, fromDir);
    if (dir === undefined || seen.has(dir)) continue;
    const manifest = readManifest(dir);
    seen.set(dir, { name: manifest.name, version: manifest.version, licence: declaredLicence(manifest) });
    for (const dependency of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies })) queue.push([dependency, dir]);
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}
