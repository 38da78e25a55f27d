import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageTitleForDataLayer, pageViewName } from '../../src/core/tracking/page-view.ts';

describe('pageViewName', () => {
  const cases: Array<[pageName: string, template: string | null | undefined, step: string | null | undefined, expected: string]> = [
    ['home', undefined, undefined, 'home'],
    ['ac-v1', 'quiz', 'zip', 'ac-v1 - quiz - zip'],
    ['ac-v1', undefined, 'zip', 'ac-v1 - zip'],
    ['ac-v1', null, null, 'ac-v1'],
    ['ac-v1', '', 'zip', 'ac-v1 - zip'],
    ['chat-ad', 'chat', undefined, 'chat-ad - chat'],
  ];
  for (const [pageName, template, step, expected] of cases) {
    test(`${pageName} / ${String(template)} / ${String(step)} -> ${expected}`, () => {
      assert.equal(pageViewName(pageName, template, step), expected);
    });
  }
});

describe('pageTitleForDataLayer', () => {
  const cases: Array<[title: string | null | undefined, brandName: string, expected: string]> = [
    ['Grocery allowance', 'Acme Coverage', 'Grocery allowance - Acme Coverage'],
    [null, 'Acme Coverage', 'Acme Coverage'],
    [undefined, 'Acme Coverage', 'Acme Coverage'],
    ['', 'Acme Coverage', 'Acme Coverage'],
  ];
  for (const [title, brandName, expected] of cases) {
    test(`${String(title)} -> ${expected}`, () => assert.equal(pageTitleForDataLayer(title, brandName), expected));
  }
});
