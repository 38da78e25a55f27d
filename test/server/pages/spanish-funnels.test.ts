/**
 * The Spanish auto, life and health funnels: each Spanish route renders in Spanish (the page's
 * language, headline, step title, button, progress) on every brand that lists it, and is a 404 on
 * every other brand; every step's words are its Spanish funnel's, never the English twin's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BRAND_IDS } from '../../../brands/ids.ts';
import { ROUTES } from '../../../routes.ts';
import { FUNNELS } from '../../../src/core/funnels/funnels.ts';
import { buildPath } from '../../../src/core/router/pattern.ts';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** The HTML with `&amp;`-style escapes undone, so copy is found as written. */
function textOf(html: string): string {
  return html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>');
}

/** The new Spanish routes, each with the brands expected to serve it. */
const SPANISH_ROUTES: Array<[name: string, funnel: string, brands: string[]]> = [
  ['quiz-auto-es', 'auto-es', ['tqg', 'ps']],
  ['go-4-life-es', 'life-es', ['ac']],
  ['go-4-health-es', 'health-es', ['ac']],
];

describe('Spanish auto, life and health routes', () => {
  for (const [name, funnelId, brands] of SPANISH_ROUTES) {
    const route = ROUTES.find((candidate) => candidate.name === name);
    const funnel = FUNNELS[funnelId];

    test(`${name} runs ${funnelId} in Spanish on ${brands.join(', ')}`, () => {
      assert.ok(route && funnel);
      assert.deepEqual([...route.brands], brands);
      assert.equal(route.language, 'spanish');
      assert.equal(route.page.form, funnelId);
      assert.equal(funnel.language, 'es');
    });

    // The control center (ccc) sends a signed-out visitor to its sign-in for any path, so only site brands are asked.
    for (const brand of BRAND_IDS.filter((id) => id !== 'ccc')) {
      const listed = brands.includes(brand);
      test(`${name} on ${brand}: ${listed ? 'Spanish' : '404'}`, async () => {
        assert.ok(route && funnel);
        const path = buildPath(route.path);
        const response = await app.inject({ url: path, headers: { host: `${brand}.localhost` } });
        if (!listed) {
          assert.equal(response.statusCode, 404, `${brand} ${path}`);
          return;
        }
        assert.equal(response.statusCode, 200, `${brand} ${path}`);
        const html = textOf(response.body);
        assert.match(html, /<html lang="es"/);
        assert.ok(html.includes(`>${route.page.headline}</h1>`), `the Spanish headline: ${route.page.headline}`);
        const first = funnel.steps[0]!;
        assert.ok(html.includes(first.title), first.title);
        assert.ok(html.includes('Continuar'), 'the Spanish button');
        assert.match(html, /Paso 1 de \d+/);
      });
    }

    test(`${name}: every step shows its Spanish words and none of the English twin's`, async () => {
      assert.ok(route && funnel);
      const [brand] = brands;
      const english = FUNNELS[funnelId.replace(/-es$/, '')]!;
      for (const [index, step] of funnel.steps.entries()) {
        const url: string = buildPath(route.path, { step: step.name });
        const response = await app.inject({ url, headers: { host: `${brand}.localhost` } });
        assert.equal(response.statusCode, 200, `${step.name}`);
        // What a visitor reads: no scripts (the payload), no tags, so field names such as vehicle1Make do not count.
        const html = textOf(response.body.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' '));
        const twin = english.steps[index]!;
        if (step.kind === 'form') {
          assert.ok(html.includes(step.title), `${step.name}: ${step.title}`);
          // A question that follows an answer on the same step (the insurer after "yes", the model after the make) is not shown before it.
          for (const field of step.fields.filter((candidate) => !candidate.onlyIf && !candidate.modelsOf)) assert.ok(html.includes(field.label), `${step.name}: ${field.label}`);
        }
        for (const englishText of [twin.title, ...twin.fields.flatMap((field) => [field.label, field.hint ?? ''])].filter((text) => text.length > 3)) {
          // Whole words only: 'Model' is inside the Spanish 'Modelo'.
          const asWords = new RegExp(`(?<!\\p{L})${englishText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
          assert.ok(!asWords.test(html), `${step.name} shows the English "${englishText}"`);
        }
      }
    });
  }
});
