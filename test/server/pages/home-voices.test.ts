/**
 * The homes of the Medicare brands each open in their own words: nine different headlines, lead
 * paragraphs and buttons, every token filled, and no claim of licensed agents on a brand that is
 * not an agency. The pages as served, with the phone-first button reading "Call now: (number)".
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRANDS } from '../../../brands/index.ts';
import { HOME_VOICES } from '../../../src/core/content/copy/home-voices.ts';
import { phoneForms } from '../../../src/core/marketplace/phone.ts';
import { LICENSED_AGENT_CLAIM } from '../../fixtures/licensed-agent-claims.ts';
import { INSIDE_WORKING_HOURS, injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  // Inside working hours a home offers the phone first, the button whose spacing is checked.
  app = await injectableApp({}, { now: () => INSIDE_WORKING_HOURS });
});
after(() => app.close());

// The control center (ccc) is no site: it has no home of its own to voice.
const MEDICARE_BRANDS = BRANDS.filter((brand) => brand.defaultProduct === 'medicare' && brand.id !== 'ccc');

/** The text a visitor reads in `html` (tags and React's text separators dropped, entities undone). */
function visible(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .trim();
}

interface HomeTop {
  headline: string;
  lead: string;
  cta: string;
  callNow: string;
}

/** The top of `brandId`'s home as served: h1, lead paragraph, the form button and the phone-first button. */
async function homeTop(brandId: string): Promise<HomeTop> {
  const response = await app.inject({ url: '/', headers: { host: `${brandId}.localhost` } });
  assert.equal(response.statusCode, 200, brandId);
  const hero = /<header class="page-hero"[^>]*>([\s\S]*?)<\/header>/.exec(response.body)?.[1] ?? '';
  const pick = (pattern: RegExp) => visible(pattern.exec(hero)?.[1] ?? '');
  return {
    headline: pick(/<h1>([\s\S]*?)<\/h1>/),
    lead: pick(/<p class="subheadline">([\s\S]*?)<\/p>/),
    cta: pick(/<a class="button cta-button"[^>]*data-learn-more[^>]*>([\s\S]*?)<\/a>/),
    callNow: pick(/<a class="button button-primary cta-button"[^>]*href="tel:[^"]*"[^>]*>([\s\S]*?)<\/a>/),
  };
}

describe('Medicare brand homes', () => {
  test('the nine Medicare brands each have a voice, and no other brand has one', () => {
    assert.equal(MEDICARE_BRANDS.length, 9);
    assert.deepEqual(Object.keys(HOME_VOICES).sort(), MEDICARE_BRANDS.map((brand) => brand.id).sort());
  });

  test('nine distinct headlines, lead paragraphs and buttons, as served', async () => {
    const tops = await Promise.all(MEDICARE_BRANDS.map((brand) => homeTop(brand.id)));
    for (const part of ['headline', 'lead', 'cta'] as const) {
      const seen = tops.map((top) => top[part]);
      assert.ok(seen.every((text) => text.length > 0), `${part}: ${seen.join(' | ')}`);
      assert.equal(new Set(seen).size, MEDICARE_BRANDS.length, `${part}s differ: ${seen.join(' | ')}`);
    }
  });

  for (const brand of MEDICARE_BRANDS) {
    test(`${brand.id}: tokens filled; ${brand.isAgency ? 'an agency' : 'no licensed-agent claim'}; "Call now: ${phoneForms(brand.phone).grouped}"`, async () => {
      const top = await homeTop(brand.id);
      for (const text of [top.headline, top.lead, top.cta]) assert.ok(!/[{}]/.test(text), `${brand.id}: ${text}`);
      if (!brand.isAgency) assert.ok(!LICENSED_AGENT_CLAIM.test(`${top.headline} ${top.lead} ${top.cta}`), `${brand.id}: ${top.lead}`);
      // The test server's clock is inside working hours: the phone comes first, label and number spaced.
      assert.equal(top.callNow, `Call now: ${phoneForms(brand.phone).grouped}`);
    });
  }
});
