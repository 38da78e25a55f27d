import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatTable } from '../../cli/table.ts';

const cases: { name: string; header: string[]; rows: string[][]; expected: string }[] = [
  { name: 'header only', header: ['NAME', 'PATH'], rows: [], expected: 'NAME  PATH' },
  {
    name: 'columns pad to the widest cell, no trailing spaces',
    header: ['NAME', 'PATH'],
    rows: [['index', '/'], ['a', '/quiz/otc/{step?}']],
    expected: ['NAME   PATH', 'index  /', 'a      /quiz/otc/{step?}'].join('\n'),
  },
  {
    name: 'a wide header widens its column',
    header: ['LANGUAGE', 'X'],
    rows: [['en', 'y']],
    expected: ['LANGUAGE  X', 'en        y'].join('\n'),
  },
];

for (const { name, header, rows, expected } of cases) {
  test(`formatTable: ${name}`, () => assert.equal(formatTable(header, rows), expected));
}
