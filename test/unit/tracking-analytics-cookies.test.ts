import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyticsSessionCookieName, readAnalyticsCookies, type AnalyticsCookies } from '../../src/core/tracking/analytics-cookies.ts';

describe('readAnalyticsCookies', () => {
  const cases: Array<[label: string, header: string, measurementId: string | undefined, expected: AnalyticsCookies]> = [
    ['empty header', '', 'G-ABC123', {}],
    [
      'all three cookies among others',
      'theme=dark; _fbp=fb.1.1596403881668.1116446470; _ga=GA1.1.1234567890.1700000000; _ga_ABC123=GS1.1.1700000000.1.1.1700000100.0.0.0; _gid=GA1.1.9',
      'G-ABC123',
      { fbp: 'fb.1.1596403881668.1116446470', ga: '1234567890.1700000000', gaSession: 'GS1.1.1700000000.1.1.1700000100.0.0.0' },
    ],
    [
      'no measurement id: no session cookie',
      '_ga=GA1.2.111.222;_ga_ABC123=GS1.1.1',
      undefined,
      { ga: '111.222' },
    ],
    ['measurement id given without the G- prefix', '_ga_ABC123=GS2.1.s1$o1', 'ABC123', { gaSession: 'GS2.1.s1$o1' }],
    ['another measurement id’s session cookie is not read', '_ga_OTHER=GS1.1.1', 'G-ABC123', {}],
    ['_ga not shaped GA{n}.{n}.{id} is left out', '_ga=not-a-ga-cookie; _fbp=fb.1.2.3', undefined, { fbp: 'fb.1.2.3' }],
    ['quoted and percent-encoded values', '_fbp="fb.1.2.3"; _ga=GA1.1.12%2E34', undefined, { fbp: 'fb.1.2.3', ga: '12.34' }],
    ['a bad %-escape is kept as is', '_fbp=fb%ZZ', undefined, { fbp: 'fb%ZZ' }],
    ['first of a repeated name wins', '_fbp=first; _fbp=second', undefined, { fbp: 'first' }],
    ['"=" inside a value', '_fbp=a=b', undefined, { fbp: 'a=b' }],
    ['empty values are absent', '_fbp=; _ga=', 'G-X', {}],
    ['similar names are not mistaken (_gat, __fbp)', '_gat=1; __fbp=x; _ga_=y', undefined, {}],
    ['segments without "=" are skipped', 'junk; ; _fbp=fb.1.2.3', undefined, { fbp: 'fb.1.2.3' }],
  ];
  for (const [label, header, measurementId, expected] of cases) {
    test(label, () => assert.deepEqual(readAnalyticsCookies(header, measurementId), expected));
  }
});

describe('analyticsSessionCookieName', () => {
  test('drops the G- prefix', () => {
    assert.equal(analyticsSessionCookieName('G-ABC123'), '_ga_ABC123');
    assert.equal(analyticsSessionCookieName('ABC123'), '_ga_ABC123');
  });
});
