import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnWidths, formatRow, formatTable } from '../../cli/table.ts';

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

test('columnWidths and formatRow: rows formatted one at a time line up with the table (events tail --follow)', () => {
  const header = ['NAME', 'PATH'];
  const widths = columnWidths(header, [['index', '/']]);
  assert.deepEqual(widths, [5, 4]);
  assert.equal(formatRow(['a', '/quiz'], widths), 'a      /quiz');
  assert.equal(formatRow(['index', '/'], widths), formatTable(header, [['index', '/']]).split('\n')[1]);
});
