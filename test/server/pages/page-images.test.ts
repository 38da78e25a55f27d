/**
 * Page images, on every route as its first brand serves it: every `<img>` has a width and a
 * height (no layout shift), the hero image is preloaded with its `srcset` and fetched first, and
 * Markdown body images load lazily.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { ROUTES } from '../../../routes.ts';
import { buildPath } from '../../../src/core/router/pattern.ts';
import type { PagePayload } from '../../../src/core/payload/types.ts';
import { renderMarkdown } from '../../../src/server/pages/markdown.ts';
import { renderDocumentStream } from '../../../src/server/pages/render.tsx';
import { injectableApp } from '../../../tools/support/server.ts';

let app: FastifyInstance;
before(async () => {
  app = await injectableApp();
});
after(() => app.close());

const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
/** An attribute's value; names are matched case-insensitively, as HTML does (React writes `fetchPriority`). */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/** The head preloads `hero` at high priority: by its `srcset` and `sizes` when it has them, else by its `src`. */
function assertHeroPreloaded(head: string, hero: string) {
  const srcSet = attribute(hero, 'srcSet');
  const preload = tags(head, 'link').find(
    (link) => attribute(link, 'rel') === 'preload' && attribute(link, 'as') === 'image' && (srcSet ? attribute(link, 'imageSrcSet') === srcSet : attribute(link, 'href') === attribute(hero, 'src')),
  );
  assert.ok(preload, `the hero image is preloaded in the head: ${head}`);
  assert.equal(attribute(preload, 'imageSizes'), attribute(hero, 'sizes'));
  assert.equal(attribute(preload, 'fetchPriority'), 'high');
  assert.equal(attribute(hero, 'loading'), undefined, 'the hero is not lazy: it is wanted first');
}

describe('images on every visitor route', () => {
  const visitorRoutes = ROUTES.filter((route) => !route.brands.every((brand) => brand === 'ccc'));
  for (const route of visitorRoutes) {
    const brand = route.brands[0]!;
    const url = buildPath(route.path, { slug: 'mutual-of-omaha' });
    test(`${brand} ${url}`, async () => {
      const response = await app.inject({ url, headers: { host: `${brand}.localhost` } });
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      for (const img of tags(response.body, 'img')) {
        assert.match(attribute(img, 'width') ?? '', /^\d+$/, `${img} has a width`);
        assert.match(attribute(img, 'height') ?? '', /^\d+$/, `${img} has a height`);
      }
      const hero = tags(response.body, 'img').find((img) => attribute(img, 'class') === 'hero-image');
      if (!hero) return;
      // React's server renderer writes the preload of a high-priority image itself, srcset and sizes included.
      assertHeroPreloaded(head, hero);
    });
  }
});

test('a control-center image’s srcset and sizes go into the hero’s preload', async () => {
  const payload = (await app.inject({ url: '/_payload.json', headers: { host: 'ac.localhost' } })).json<PagePayload>();
  assert.ok(payload.page.image, 'the home page has a hero image');
  payload.page.image = { ...payload.page.image, srcSet: '/media/abc/w320.webp 320w, /media/abc/w640.webp 640w', sizes: '(max-width: 40rem) 100vw, 40rem' };
  const stream = await renderDocumentStream({ payload, assets: { entry: '/assets/entry.js', css: [] } }, { forBot: true, nonce: 'n' });
  const html = (await stream.toArray()).join('');
  const hero = tags(html, 'img').find((img) => attribute(img, 'class') === 'hero-image')!;
  assert.equal(attribute(hero, 'srcSet'), payload.page.image.srcSet);
  assertHeroPreloaded(html.slice(0, html.indexOf('</head>')), hero);
});

test('Markdown body images load lazily', () => {
  const html = renderMarkdown('Text\n\n![A cat](/media/abc/w640.webp)');
  const [img] = tags(html, 'img');
  assert.equal(attribute(img!, 'loading'), 'lazy');
  assert.equal(attribute(img!, 'decoding'), 'async');
});
