import assert from 'node:assert/strict';
import { test } from 'node:test';
import { payloadUrl } from '../../src/client/runtime.ts';

const cases: [string, string][] = [
  ['/', '/_payload.json'],
  ['/?utm_medium=aff', '/_payload.json?utm_medium=aff'],
  ['/quiz/otc', '/quiz/otc/_payload.json'],
  ['/quiz/otc/', '/quiz/otc/_payload.json'],
  ['/quiz/otc/zip?gclid=abc&x=1', '/quiz/otc/zip/_payload.json?gclid=abc&x=1'],
];
for (const [input, expected] of cases) {
  test(`${input} -> ${expected}`, () => assert.equal(payloadUrl(input), expected));
}
