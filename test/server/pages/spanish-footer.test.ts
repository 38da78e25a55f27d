/**
 * The footer's links to pages that exist in English only (home, privacy policy, terms of service):
 * a Spanish page says "(en inglés)" and marks them hreflang="en"; an English page says nothing of
 * the kind. The privacy choices link leads to the page's own language.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

/** The footer's legal links as `[href, hreflang or '', text]`. */
async function footerLinks(brand: string, path: string): Promise<Array<[string, string, string]>> {
  const response = await app.inject({ url: path, headers: { host: `${brand}.localhost` } });
  assert.equal(response.statusCode, 200, `${brand} ${path}`);
  const list = /<ul class="footer-links">([\s\S]*?)<\/ul>/.exec(response.body)?.[1];
  assert.ok(list, 'the footer lists its links');
  return [...list.matchAll(/<a href="([^"]*)"(?: hrefLang="([^"]*)")?[^>]*>([\s\S]*?)<\/a>/g)].map((match) => [
    match[1] ?? '',
    match[2] ?? '',
    (match[3] ?? '').replace(/<!-- -->/g, '').replace(/&#x27;/g, "'"),
  ]);
}

describe('footer links by page language', () => {
  const cases: Array<[string, string, string, Array<[string, string, string]>]> = [
    [
      'a Spanish funnel',
      'ac',
      '/go-4-life-es',
      [
        ['/', 'en', 'Inicio (en inglés)'],
        ['/privacy', 'en', 'Política de privacidad (en inglés)'],
        ['/tos', 'en', 'Términos del servicio (en inglés)'],
        ['/privacy-choices-es', '', 'No vender ni compartir mi información personal'],
      ],
    ],
    [
      'a Spanish landing page',
      'emily',
      '/chat-ad-es',
      [
        ['/', 'en', 'Inicio (en inglés)'],
        ['/privacy', 'en', 'Política de privacidad (en inglés)'],
        ['/tos', 'en', 'Términos del servicio (en inglés)'],
        ['/privacy-choices-es', '', 'No vender ni compartir mi información personal'],
      ],
    ],
    [
      'an English page',
      'ac',
      '/go-4-life',
      [
        ['/', '', 'Home'],
        ['/privacy', '', 'Privacy policy'],
        ['/tos', '', 'Terms of service'],
        ['/privacy-choices', '', 'Do not sell or share my personal information'],
      ],
    ],
  ];
  for (const [name, brand, path, expected] of cases) {
    test(`${name} (${brand} ${path})`, async () => {
      assert.deepEqual(await footerLinks(brand, path), expected);
    });
  }
});
