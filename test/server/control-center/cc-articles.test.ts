/**
 * The control center's article API and the brand sites that show
 * published articles, on SQLite and PostgreSQL: signed-out 401, bad input 400 with problems,
 * creating at a slug (409 when it is taken), saving with 409 for the second editor on the same
 * version, publishing and restoring with an audit entry each; American Coverage's
 * `/reviews/{slug}` and another brand's `/articles/{slug}` show the published article with its
 * title and description in the head, and 404 for an unknown or unpublished slug.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { href } from '../../../routes.ts';
import { REVIEWED_CARRIERS } from '../../../src/core/content/themes.ts';
import { CC_ARTICLE_GET, CC_ARTICLE_PUBLISH, CC_ARTICLE_RESTORE, CC_ARTICLE_SAVE, CC_ARTICLES_LIST } from '../../../src/core/contract/cc-articles.ts';
import { CC_AUDIT } from '../../../src/core/contract/cc-branches.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { articlePath, BUILT_IN_REVIEW_SLUGS } from '../../../src/core/control-center/article-fields.ts';
import { processImage } from '../../../src/server/control-center/images/process-image.ts';
import { drawImage } from '../../fixtures/images.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF, type StaffAccount } from '../../support/staff.ts';

const OTHER: StaffAccount = { email: 'other@example.com', name: 'Other Editor', password: 'another long passphrase' };

const FIELDS = {
  title: 'Medicare in plain words',
  summary: 'What Parts A, B, C and D cover, without the jargon.',
  body: '## Part A\n\nHospital stays. <script>alert(1)</script>\n\n- Part B: doctors\n- Part D: drugs',
  author: 'Dana Writer',
};

test('the slugs ac refuses are exactly its built-in carrier reviews', () => {
  assert.deepEqual([...BUILT_IN_REVIEW_SLUGS].sort(), [...REVIEWED_CARRIERS].sort());
});

test('an article is read at the address its brand route serves', () => {
  assert.equal(articlePath('ac', 'x-y'), href('reviews-slug', { slug: 'x-y' }));
  assert.equal(articlePath('emily', 'x-y'), href('articles-slug', { slug: 'x-y' }));
});

for (const dialect of STORE_DIALECTS) {
  describe(`the article API and published articles on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie: string;
    let otherCookie: string;
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_articles'));
      await addStaff(app);
      await addStaff(app, OTHER);
      cookie = await signedInCookie(app);
      otherCookie = await signedInCookie(app, OTHER);
    });
    after(() => cleanup());

    const call = (method: 'GET' | 'PUT' | 'POST', path: string, params: Record<string, string>, body?: unknown, who = cookie) =>
      app.inject({
        method,
        url: fillPath(path, params),
        headers: { host: HOST, cookie: who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const brandPage = (host: string, url: string) => app.inject({ url, headers: { host: `${host}.localhost` } });
    const headOf = (html: string) => ({
      title: /<title>(.*?)<\/title>/s.exec(html)?.[1],
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
      robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
    });
    const save = (branch: string, article: string, baseVersion: number, fields: Record<string, unknown> = FIELDS, who = cookie) => call('PUT', CC_ARTICLE_SAVE.path, { branch, article }, { baseVersion, fields }, who);

    test('signed out, every article endpoint answers 401', async () => {
      const params = { branch: 'ac', article: 'anything' };
      for (const [method, path] of [['GET', CC_ARTICLES_LIST.path], ['GET', CC_ARTICLE_GET.path], ['PUT', CC_ARTICLE_SAVE.path], ['POST', CC_ARTICLE_PUBLISH.path], ['POST', CC_ARTICLE_RESTORE.path]] as const) {
        assert.equal((await call(method, path, params, method === 'GET' ? undefined : {}, '')).statusCode, 401, `${method} ${path}`);
      }
    });

    const badSaves: [string, string, string, unknown, RegExp][] = [
      ['no base version', 'ac', 'good-slug', { fields: FIELDS }, /baseVersion/],
      ['a negative base version', 'ac', 'good-slug', { baseVersion: -1, fields: FIELDS }, /baseVersion must be 0 or more/],
      ['an unknown field', 'ac', 'good-slug', { baseVersion: 0, fields: { ...FIELDS, colour: 'red' } }, /not an article field: colour/],
      ['an empty title', 'ac', 'good-slug', { baseVersion: 0, fields: { ...FIELDS, title: '  ' } }, /fields\.title: Title is empty/],
      ['no author', 'ac', 'good-slug', { baseVersion: 0, fields: { ...FIELDS, author: undefined } }, /fields\.author: Author is missing/],
      ['a bad image hash', 'ac', 'good-slug', { baseVersion: 0, fields: { ...FIELDS, image: 'cat.png' } }, /fields\.image: not an image hash/],
      ['an image the branch does not have', 'ac', 'good-slug', { baseVersion: 0, fields: { ...FIELDS, image: 'a'.repeat(64) } }, /fields\.image: ac has no image a{64}/],
      ['an upper-case slug', 'ac', 'Bad_Slug', { baseVersion: 0, fields: FIELDS }, /article: the slug must be lower-case/],
      ['a built-in carrier review slug on ac', 'ac', 'aetna', { baseVersion: 0, fields: FIELDS }, /article: \/reviews\/aetna is ac's built-in review/],
      ['a base version of an article that does not exist', 'ac', 'good-slug', { baseVersion: 3, fields: FIELDS }, /baseVersion: ac has no article 'good-slug' yet/],
      ['fields that are not an object', 'ac', 'good-slug', { baseVersion: 0, fields: 'text' }, /Article fields must be a JSON object/],
    ];
    for (const [what, branch, article, body, problem] of badSaves) {
      test(`400 with the problem for ${what}`, async () => {
        const response = await call('PUT', CC_ARTICLE_SAVE.path, { branch, article }, body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.equal(answer.error, 'Invalid article');
        assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join(' | '));
      });
    }

    test('404 for an unknown branch, the control center, or an article that does not exist', async () => {
      assert.equal((await call('GET', CC_ARTICLES_LIST.path, { branch: 'nope' })).statusCode, 404);
      assert.equal((await save('ccc', 'hello', 0)).statusCode, 404);
      assert.equal((await call('GET', CC_ARTICLE_GET.path, { branch: 'ac', article: 'never-written' })).statusCode, 404);
      assert.equal((await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'ac', article: 'never-written' }, { version: 1 })).statusCode, 404);
    });

    test('a new article is a draft: listed, not on the brand site, and a second create at its slug is 409', async () => {
      const created = await save('emily', 'plain-words', 0);
      assert.equal(created.statusCode, 200, created.body);
      assert.equal(created.json().version.version, 1);
      assert.equal(created.json().version.createdBy, STAFF.email);
      const list = (await call('GET', CC_ARTICLES_LIST.path, { branch: 'emily' })).json();
      assert.deepEqual(
        list.articles.map(({ slug, title, author, status, path, newestVersion }: Record<string, unknown>) => ({ slug, title, author, status, path, newestVersion })),
        [{ slug: 'plain-words', title: FIELDS.title, author: FIELDS.author, status: 'draft', path: '/articles/plain-words', newestVersion: 1 }],
      );
      assert.deepEqual((await call('GET', CC_ARTICLES_LIST.path, { branch: 'tqg' })).json().articles, [], 'articles belong to their branch');
      assert.equal((await brandPage('emily', '/articles/plain-words')).statusCode, 404, 'a draft is not on the site');
      // Without a published article, the brand has no /articles/{slug} route at all: the unmatched-path 404.
      assert.equal((await brandPage('emily', '/articles/plain-words/_payload.json')).json().description, 'Page not found: /articles/plain-words');
      const again = await save('emily', 'plain-words', 0, FIELDS, otherCookie);
      assert.equal(again.statusCode, 409);
      assert.match(again.json().problems[0], /an article with the slug 'plain-words' already exists/);
    });

    test('two editors saving the same version: the second gets 409 with the version that won', async () => {
      const mine = await save('emily', 'plain-words', 1, { ...FIELDS, title: 'Mine' });
      assert.equal(mine.statusCode, 200, mine.body);
      const theirs = await save('emily', 'plain-words', 1, { ...FIELDS, title: 'Theirs' }, otherCookie);
      assert.equal(theirs.statusCode, 409);
      assert.equal(theirs.json().version.version, 2);
      assert.equal(theirs.json().version.fields.title, 'Mine');
      assert.equal((await call('GET', CC_ARTICLE_GET.path, { branch: 'emily', article: 'plain-words' })).json().versions.length, 2, 'the refused save wrote nothing');
    });

    test('publishing makes the article readable on the brand site, with its title and description in the head', async () => {
      const published = await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'emily', article: 'plain-words' }, { version: 1 });
      assert.equal(published.statusCode, 200, published.body);
      assert.equal(published.json().live.version, 1);
      assert.equal(published.json().live.publishedBy, STAFF.email);
      const page = await brandPage('emily', '/articles/plain-words');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(headOf(page.body), { title: `${FIELDS.title} - Ask Emily`, description: FIELDS.summary, robots: 'index, follow' });
      assert.match(page.body, /<h1[^>]*>Medicare in plain words<\/h1>/);
      assert.match(page.body, /<h2>Part A<\/h2>/, 'the Markdown is rendered');
      assert.match(page.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'raw HTML is shown as text');
      assert.match(page.body, /By Dana Writer/);
      const detail = (await call('GET', CC_ARTICLE_GET.path, { branch: 'emily', article: 'plain-words' })).json();
      assert.equal(detail.article.status, 'published');
      assert.equal(detail.article.liveVersion, 1);
      assert.equal(detail.article.unpublishedChanges, true, 'version 2 is newer than the live one');
    });

    test('the JSON twin of an article page carries the same article, and an unknown slug is 404 there too', async () => {
      const twin = await brandPage('emily', '/articles/plain-words/_payload.json');
      assert.equal(twin.statusCode, 200);
      assert.equal(twin.json().page.title, FIELDS.title);
      assert.equal(twin.json().page.template, 'article');
      const unknown = (await brandPage('emily', '/articles/no-such-article/_payload.json')).json();
      assert.equal(unknown.status, 404);
      assert.equal(unknown.description, 'Page Not Found: /articles/no-such-article', 'emily has articles now: the route answers, the slug is unknown');
    });

    test('on ac, /reviews/{slug} shows a published article; built-in reviews still work; unknown slugs are 404', async () => {
      assert.equal((await save('ac', 'mutual-of-omaha', 0, { ...FIELDS, title: 'Mutual of Omaha, reviewed' })).statusCode, 200);
      assert.equal((await brandPage('ac', '/reviews/mutual-of-omaha')).statusCode, 404, 'unpublished');
      assert.equal((await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'ac', article: 'mutual-of-omaha' }, { version: 1 })).statusCode, 200);
      const page = await brandPage('ac', '/reviews/mutual-of-omaha');
      assert.equal(page.statusCode, 200);
      assert.deepEqual(headOf(page.body), { title: 'Mutual of Omaha, reviewed - American Coverage', description: FIELDS.summary, robots: 'index, follow' });
      assert.equal((await brandPage('ac', '/reviews/aetna')).statusCode, 200, 'the built-in review');
      assert.equal((await brandPage('ac', '/reviews/some-other-carrier')).statusCode, 404);
      assert.equal((await brandPage('ac', '/articles/mutual-of-omaha')).statusCode, 404, 'ac reads articles under /reviews only');
      assert.equal((await brandPage('emily', '/reviews/mutual-of-omaha')).statusCode, 404, "another brand's article is not emily's");
      assert.equal((await brandPage('tqg', '/articles/plain-words')).statusCode, 404, "emily's article is not tqg's");
      assert.equal((await brandPage('tqg', '/articles/plain-words/_payload.json')).json().description, 'Page not found: /articles/plain-words', 'tqg has no articles, so no articles route');
    });

    test('restore makes an old version live again as a new version', async () => {
      const params = { branch: 'emily', article: 'plain-words' };
      assert.equal((await call('POST', CC_ARTICLE_PUBLISH.path, params, { version: 2 })).statusCode, 200);
      assert.match((await brandPage('emily', '/articles/plain-words')).body, /<h1[^>]*>Mine<\/h1>/);
      const restored = await call('POST', CC_ARTICLE_RESTORE.path, params, { version: 1 });
      assert.equal(restored.statusCode, 200, restored.body);
      assert.equal(restored.json().version.version, 3);
      assert.equal(restored.json().live.version, 3);
      assert.equal(restored.json().version.fields.title, FIELDS.title);
      assert.match((await brandPage('emily', '/articles/plain-words')).body, /<h1[^>]*>Medicare in plain words<\/h1>/);
      const bad = await call('POST', CC_ARTICLE_RESTORE.path, params, { version: 99 });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().problems[0], /has no version 99/);
      const badBody = await call('POST', CC_ARTICLE_PUBLISH.path, params, { version: 'one' });
      assert.equal(badBody.statusCode, 400);
      assert.match(badBody.json().problems[0], /version must be a whole number/);
    });

    test('every change is in the audit log, by whom, with before and after', async () => {
      const response = await app.inject({ url: `${CC_AUDIT.path}?branch=emily&itemKind=article&itemId=plain-words`, headers: { host: HOST, cookie } });
      assert.equal(response.statusCode, 200, response.body);
      const entries = (response.json().entries as Array<{ action: string; userEmail: string; after: unknown }>).map(({ action, userEmail }) => `${action} ${userEmail}`);
      assert.deepEqual(entries.reverse(), [`create ${STAFF.email}`, `save-draft ${STAFF.email}`, `publish ${STAFF.email}`, `publish ${STAFF.email}`, `restore ${STAFF.email}`]);
    });

    test("an article's image is shown with its responsive renditions", async () => {
      const processed = await processImage(await drawImage('png', 800, 400));
      await app.store.addImage({ ...processed, branch: 'emily', alt: 'A calm porch', by: STAFF.email });
      const saved = await save('emily', 'with-image', 0, { ...FIELDS, image: processed.sha256 });
      assert.equal(saved.statusCode, 200, saved.body);
      await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'emily', article: 'with-image' }, { version: 1 });
      const body = (await brandPage('emily', '/articles/with-image')).body;
      assert.match(body, new RegExp(`<img[^>]*srcSet="/media/${processed.sha256}/w320\\.webp 320w`, 'i'));
      assert.match(body, /alt="A calm porch"/);
    });
  });
}
