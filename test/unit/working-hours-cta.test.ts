import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { brandById } from '../../brands/index.ts';
import { ROUTES } from '../../routes.ts';
import { loadPayload } from '../../src/core/payload/load.ts';
import type { PagePayload } from '../../src/core/payload/types.ts';
import { createMatcher } from '../../src/core/router/match.ts';
import { App } from '../../src/ui/App.tsx';

const matcher = createMatcher(ROUTES);
const brand = brandById('ac')!;
// Los Angeles is UTC-8 in late November: 18:00Z is 10:00 on a Monday, 04:00Z (Tuesday) is 20:00 Monday.
const MONDAY_OPEN = new Date('2026-11-23T18:00:00Z');
const MONDAY_CLOSED = new Date('2026-11-24T04:00:00Z');
const SATURDAY_OPEN = new Date('2026-11-28T18:00:00Z');

function payloadAt(now: Date, query: Record<string, string> = {}): PagePayload {
  return loadPayload(matcher, { brand, path: '/otc-savings', query, buildId: 't', now }) as PagePayload;
}

/** Positions of the phone button and the form link inside the hero's call to action. */
function heroOrder(payload: PagePayload): { phone: number; form: number } {
  const html = renderToStaticMarkup(createElement(App, { payload }));
  const hero = html.slice(html.indexOf('data-block-id="hero"'));
  const end = hero.indexOf('</header>');
  const block = hero.slice(0, end);
  return { phone: block.indexOf('href="tel:'), form: block.search(/href="\/[^"]/) };
}

describe('working hours in the payload', () => {
  const cases: [string, Date, Record<string, string>, boolean][] = [
    ['Monday 10:00 LA', MONDAY_OPEN, {}, true],
    ['Monday 20:00 LA', MONDAY_CLOSED, {}, false],
    ['Saturday 10:00 LA', SATURDAY_OPEN, {}, true],
    ['Saturday 10:00 LA with utm_medium=aff', SATURDAY_OPEN, { utm_medium: 'aff' }, false],
  ];
  for (const [name, now, query, open] of cases) {
    test(name, () => assert.equal(payloadAt(now, query).workingHours, open));
  }
});

describe('calls to action follow working hours', () => {
  test('inside hours the phone number comes first, then the online form', () => {
    const { phone, form } = heroOrder(payloadAt(MONDAY_OPEN));
    assert.ok(phone >= 0 && form >= 0, 'both offered');
    assert.ok(phone < form, 'phone first');
  });
  test('outside hours the hero offers the online form only', () => {
    const { phone, form } = heroOrder(payloadAt(MONDAY_CLOSED));
    assert.ok(form >= 0);
    assert.equal(phone, -1);
  });
});
