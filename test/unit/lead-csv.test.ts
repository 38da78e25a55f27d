/** CSV cells of lead exports (CLI and control center): RFC 4180 quoting, and formula-starting text shown as text. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseLeadSearch } from '../../src/server/control-center/leads/lead-search.ts';
import { csvCell } from '../../src/server/leads/lead-csv.ts';

describe('csvCell', () => {
  const cases: [unknown, string][] = [
    ['plain', 'plain'],
    ['=1+1', "'=1+1"],
    ['+15551234567', "'+15551234567"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    [-5, "'-5"],
    [12, '12'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [{ a: 1 }, '"{""a"":1}"'],
  ];
  for (const [value, cell] of cases) test(`${JSON.stringify(value)} → ${cell}`, () => assert.equal(csvCell(value), cell));
});

describe('parseLeadSearch', () => {
  const cases: [string, ReturnType<typeof parseLeadSearch>][] = [
    [' Ana.Ruiz@Example.COM ', { kind: 'email', email: 'ana.ruiz@example.com' }],
    ['(555) 123-4567', { kind: 'phone', digits: '5551234567' }],
    ['+1 555.123.4567', { kind: 'phone', digits: '5551234567' }],
    ['lead-a-0000000000001', { kind: 'id', id: 'lead-a-0000000000001' }],
    ['Ana', undefined],
    ['a@b@c', undefined],
    ['123', undefined],
  ];
  for (const [term, parsed] of cases) test(`'${term}'`, () => assert.deepEqual(parseLeadSearch(term), parsed));
});
