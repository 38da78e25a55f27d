/**
 * What the server runs carries no GPL or AGPL licence: every package in the closure of
 * package.json's `dependencies`, read from its installed package.json. The checker itself is
 * tested on the expressions packages actually declare.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { licenceAllowed, runtimeLicences } from '../support/licences.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('licenceAllowed', () => {
  const cases: Array<[expression: string, allowed: boolean]> = [
    ['MIT', true],
    ['Apache-2.0', true],
    ['ISC', true],
    ['BSD-3-Clause', true],
    ['Unlicense', true],
    ['CC-BY-SA-4.0', true],
    ['LGPL-3.0-or-later', true],
    ['(MIT OR Apache-2.0)', true],
    ['MIT OR GPL-3.0-only', true],
    ['Apache-2.0 WITH LLVM-exception', true],
    ['AGPL-3.0', false],
    ['AGPL-3.0-or-later', false],
    ['GPL-2.0', false],
    ['GPL-3.0-only', false],
    ['GPL', false],
    ['MIT AND GPL-3.0-only', false],
    ['(MIT AND (GPL-2.0 OR AGPL-3.0))', false],
    ['GPL-2.0-only WITH Classpath-exception-2.0', false],
    ['', false],
  ];
  for (const [expression, allowed] of cases) {
    test(`${JSON.stringify(expression)} -> ${allowed ? 'allowed' : 'refused'}`, () => assert.equal(licenceAllowed(expression), allowed));
  }
});

describe('runtime dependencies', () => {
  const packages = runtimeLicences(ROOT);

  test('the closure is read from the installed packages', () => {
    const names = packages.map((entry) => entry.name);
    for (const name of ['fastify', 'react-dom', 'zod', 'ua-parser-js']) assert.ok(names.includes(name), `${name} in the closure`);
    // A dependency of a dependency, not listed in package.json: the walk follows the tree.
    assert.ok(names.includes('scheduler'), "react-dom's scheduler in the closure");
  });

  test('none is licensed GPL or AGPL, and each declares a licence', () => {
    const refused = packages.filter((entry) => !licenceAllowed(entry.licence)).map((entry) => `${entry.name}@${entry.version}: ${entry.licence || '(none declared)'}`);
    assert.deepEqual(refused, []);
  });
});
