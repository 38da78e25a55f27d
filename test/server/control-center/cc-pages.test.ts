/**
 * The control center's page API and what it does to the brand site:
 * signed-out 401, bad input 400 with problems, saving drafts with 409 for the second editor on
 * the same version, publishing (the brand page shows the new headline on the next request),
 * restoring, preview links that show the draft only to signed-in staff (through the control
 * center's hop, for as long as that session lives) with a valid token for that page, Markdown rendered
 * with raw HTML off, and an audit entry for every change.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_PAGE_GET, CC_PAGE_PREVIEW, CC_PAGE_PUBLISH, CC_PAGE_RESTORE, CC_PAGE_SAVE, CC_PAGES_LIST } from '../../../src/core/contract/cc-pages.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { AUTH_SESSION_PATH } from '../../../src/core/contract/auth-session.ts';
import { PREVIEW_ON, PREVIEW_PARAM, PREVIEW_PASS_PARAM, sealPreviewPass, signPreviewToken } from '../../../src/server/control-center/pages/preview-token.ts';
import { injectableApp } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF, type StaffAccount } from '../../support/staff.ts';
import { COOKIE_BASE_NAMES } from '../../../src/core/http/cookie-names.ts';

const OTHER: StaffAccount = { email: 'other@example.com', name: 'Other Editor', password: 'another long passphrase' };
const QUIZ = { branch: 'ac', page: 'quiz-otc' };

describe('the page API and published pages', () => {
  let app: FastifyInstance;
  let cookie: string;
  let otherCookie: string;
  before(async () => {
    app = await injectableApp();
    await addStaff(app);
    await addStaff(app, OTHER);
    cookie = await signedInCookie(app);
    otherCookie = await signedInCookie(app, OTHER);
  });
  after(() => app.close());

  const call = (method: 'GET' | 'PUT' | 'POST', path: string, params: Record<string, string>, body?: unknown, who = cookie) =>
    app.inject({
      method,
      url: fillPath(path, params),
      headers: { host: HOST, cookie: who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const brandPage = (url: string, host = 'ac.localhost', browserCookie?: string) => app.inject({ url, headers: { host, ...(browserCookie ? { cookie: browserCookie } : {}) } });

  /**
   * Opens a preview link as a browser whose control-center cookie is `who` ('' signed out) would:
   * the brand host sends it to the control center, which sends it back with a pass when signed
   * in, which the brand host trades for a cookie. Returns that cookie (undefined when none was
   * given) and where the browser ends up.
   */
  async function openPreview(link: URL, who: string): Promise<{ previewCookie: string | undefined; landing: string }> {
    const first = await brandPage(link.pathname + link.search, link.host);
    assert.equal(first.statusCode, 303, 'the link goes to the control center first');
    const hop = new URL(first.headers.location as string);
    assert.equal(hop.host, HOST);
    const back = await app.inject({ url: hop.pathname + hop.search, headers: { host: hop.host, ...(who ? { cookie: who } : {}) } });
    assert.equal(back.statusCode, 303, back.body);
    const returned = new URL(back.headers.location as string);
    assert.equal(returned.host, link.host);
    if (!returned.searchParams.has(PREVIEW_PASS_PARAM)) return { previewCookie: undefined, landing: returned.pathname + returned.search };
    const exchanged = await brandPage(returned.pathname + returned.search, returned.host);
    if (exchanged.statusCode !== 303) return { previewCookie: undefined, landing: returned.pathname + returned.search };
    const setCookie = exchanged.cookies.find((candidate) => candidate.name === COOKIE_BASE_NAMES.preview);
    assert.ok(setCookie?.httpOnly && setCookie.sameSite === 'Lax', 'an HttpOnly, SameSite=Lax cookie');
    return { previewCookie: `${setCookie.name}=${setCookie.value}`, landing: exchanged.headers.location as string };
  }
  const h1Of = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];

  test('signed out, every page endpoint answers 401', async () => {
    for (const [method, path] of [['GET', CC_PAGES_LIST.path], ['GET', CC_PAGE_GET.path], ['PUT', CC_PAGE_SAVE.path], ['POST', CC_PAGE_PUBLISH.path], ['POST', CC_PAGE_RESTORE.path], ['POST', CC_PAGE_PREVIEW.path]] as const) {
      const response = await call(method, path, QUIZ, method === 'GET' ? undefined : {}, '');
      assert.equal(response.statusCode, 401, `${method} ${path}`);
    }
  });

  test("lists the brand's pages with template, product, language and no live version yet", async () => {
    const response = await call('GET', CC_PAGES_LIST.path, { branch: 'ac' });
    assert.equal(response.statusCode, 200);
    const { pages } = response.json<{ pages: Array<Record<string, unknown>> }>();
    const quiz = pages.find((page) => page.name === 'quiz-otc');
    assert.deepEqual(quiz, { name: 'quiz-otc', path: '/quiz/otc/{step?}', template: 'funnel', product: 'medicare', language: 'english', indexable: false, draft: false });
    assert.ok(pages.some((page) => page.name === 'reviews-slug'), 'ac serves the reviews');
    assert.ok(!pages.some((page) => page.template === 'control-center'));
    assert.ok(!(await call('GET', CC_PAGES_LIST.path, { branch: 'emily' })).json().pages.some((page: { name: string }) => page.name === 'reviews-slug'));
  });

  const notFound: [string, Record<string, string>][] = [
    ['an unknown branch', { branch: 'nope', page: 'quiz-otc' }],
    ['the control center as a branch', { branch: 'ccc', page: 'cc-pages' }],
    ['a page the brand does not serve', { branch: 'tqg', page: 'quiz-otc' }],
  ];
  for (const [what, params] of notFound) {
    test(`404 for ${what}`, async () => {
      assert.equal((await call('GET', CC_PAGE_GET.path, params)).statusCode, 404);
      assert.equal((await call('PUT', CC_PAGE_SAVE.path, params, { baseVersion: 0, fields: {} })).statusCode, 404);
    });
  }

  const badSaves: [string, unknown, RegExp][] = [
    ['no base version', { fields: {} }, /baseVersion/],
    ['a negative base version', { baseVersion: -1, fields: {} }, /baseVersion must be 0 or more/],
    ['an unknown field', { baseVersion: 0, fields: { colour: 'red' } }, /not a page field: colour/],
    ['an empty headline', { baseVersion: 0, fields: { headline: ' ' } }, /fields\.headline: Headline is empty/],
    ['a destination on another site', { baseVersion: 0, fields: { destination: '//evil.example' } }, /fields\.destination/],
    ['a bad image hash', { baseVersion: 0, fields: { image: 'cat.png' } }, /fields\.image: not an image hash/],
    ['benefits that are not a list', { baseVersion: 0, fields: { benefits: 'many' } }, /fields\.benefits/],
    ['a base version that never existed', { baseVersion: 7, fields: {} }, /no version 7/],
    ['a body that is not an object', [1, 2], /.+/],
  ];
  for (const [what, body, problem] of badSaves) {
    test(`a save with ${what} is a 400 naming the problem`, async () => {
      const response = await call('PUT', CC_PAGE_SAVE.path, QUIZ, body);
      assert.equal(response.statusCode, 400, response.body);
      const answer = response.json<{ problems: string[] }>();
      assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join('; '));
    });
  }

  test('save, conflict, publish, preview and restore, each audited, and the brand page follows', async () => {
    const builtInHeadline = h1Of((await brandPage('/quiz/otc')).body);
    assert.ok(builtInHeadline && builtInHeadline !== 'New OTC headline');

    const first = await call('PUT', CC_PAGE_SAVE.path, QUIZ, { baseVersion: 0, fields: { headline: 'New OTC headline' } });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.json().version.version, 1);
    assert.equal(first.json().version.createdBy, STAFF.email);
    // A draft is not live.
    assert.equal(h1Of((await brandPage('/quiz/otc')).body), builtInHeadline);

    const clash = await call('PUT', CC_PAGE_SAVE.path, QUIZ, { baseVersion: 0, fields: { headline: 'Mine' } }, otherCookie);
    assert.equal(clash.statusCode, 409);
    const conflict = clash.json<{ version: { version: number; createdBy: string; fields: unknown }; problems: string[] }>();
    assert.equal(conflict.version.version, 1);
    assert.equal(conflict.version.createdBy, STAFF.email);
    assert.deepEqual(conflict.version.fields, { headline: 'New OTC headline' });

    // Preview: the draft with a token, the live page without one or with a bad one.
    const preview = await call('POST', CC_PAGE_PREVIEW.path, QUIZ, { version: 1 });
    assert.equal(preview.statusCode, 200, preview.body);
    const url = new URL(preview.json().url as string);
    assert.equal(url.host, 'ac.localhost');
    assert.equal(url.pathname, '/quiz/otc');
    const { previewCookie, landing } = await openPreview(url, cookie);
    assert.ok(previewCookie, 'signed-in staff get the preview');
    assert.equal(landing, `/quiz/otc?${PREVIEW_PARAM}=${PREVIEW_ON}`, 'the pass is dropped from the address');
    const previewed = await brandPage(landing, 'ac.localhost', previewCookie);
    assert.equal(h1Of(previewed.body), 'New OTC headline');
    assert.equal(previewed.headers['cache-control'], 'no-store');
    assert.match(previewed.body, /<meta name="robots" content="noindex/);
    const twin = await brandPage(`/quiz/otc/_payload.json?${PREVIEW_PARAM}=${PREVIEW_ON}`, 'ac.localhost', previewCookie);
    assert.equal(twin.json().page.headline, 'New OTC headline');
    assert.equal(twin.headers['cache-control'], 'no-store');
    assert.notEqual(h1Of((await brandPage('/quiz/otc', 'ac.localhost', previewCookie)).body), 'New OTC headline', 'the plain address stays live in that browser');
    assert.notEqual(h1Of((await brandPage(landing)).body), 'New OTC headline', '?preview=on without the cookie: live');
    const token = url.searchParams.get(PREVIEW_PARAM)!;
    const refused: [string, string, string][] = [
      ['a tampered token', `/quiz/otc?${PREVIEW_PARAM}=${token.slice(0, -2)}xx`, 'ac.localhost'],
      ['another brand', `/quiz/otc?${PREVIEW_PARAM}=${token}`, 'emily.localhost'],
      ['an expired token', `/quiz/otc?${PREVIEW_PARAM}=${signPreviewToken(app.previewKey, { branch: 'ac', route: 'quiz-otc', version: 1, expiresAt: Math.floor(Date.now() / 1000) - 1 })}`, 'ac.localhost'],
      ['a token signed with another key', `/quiz/otc?${PREVIEW_PARAM}=${signPreviewToken(Buffer.alloc(32, 7), { branch: 'ac', route: 'quiz-otc', version: 1, expiresAt: Math.floor(Date.now() / 1000) + 60 })}`, 'ac.localhost'],
    ];
    for (const [what, path, host] of refused) {
      assert.notEqual(h1Of((await brandPage(path, host)).body), 'New OTC headline', what);
    }

    // A signed-out browser holding the link is sent back to the live page, without a pass.
    const signedOut = await openPreview(url, '');
    assert.equal(signedOut.previewCookie, undefined);
    assert.equal(signedOut.landing, '/quiz/otc', 'the live address');
    assert.notEqual(h1Of((await brandPage(signedOut.landing)).body), 'New OTC headline', 'signed out: the live page');
    // The preview lasts as long as the session it is bound to: signing out ends it at once.
    const leaving = await signedInCookie(app);
    const bound = await openPreview(url, leaving);
    assert.equal(h1Of((await brandPage(bound.landing, 'ac.localhost', bound.previewCookie)).body), 'New OTC headline');
    const signOut = await app.inject({ method: 'DELETE', url: AUTH_SESSION_PATH, headers: { host: HOST, cookie: leaving } });
    assert.equal(signOut.statusCode, 200);
    assert.notEqual(h1Of((await brandPage(bound.landing, 'ac.localhost', bound.previewCookie)).body), 'New OTC headline', 'after sign-out: the live page');
    assert.equal((await openPreview(url, leaving)).previewCookie, undefined, 'and the link gives that browser no new preview');
    // Neither a pass put in a cookie nor a cookie put in an address opens anything.
    const pass = sealPreviewPass(app.previewSealKey, { use: 'pass', sid: 'x'.repeat(43), branch: 'ac', route: 'quiz-otc', version: 1, expiresAt: Math.floor(Date.now() / 1000) + 60 });
    assert.notEqual(h1Of((await brandPage(landing, 'ac.localhost', `${COOKIE_BASE_NAMES.preview}=${pass}`)).body), 'New OTC headline');
    assert.equal((await brandPage(`/quiz/otc?${PREVIEW_PASS_PARAM}=${previewCookie.split('=')[1]}`)).statusCode, 200, 'a cookie is no pass: the page, no exchange');

    const published = await call('POST', CC_PAGE_PUBLISH.path, QUIZ, { version: 1 });
    assert.equal(published.statusCode, 200, published.body);
    assert.equal(published.json().live.version, 1);
    assert.equal(h1Of((await brandPage('/quiz/otc')).body), 'New OTC headline');
    assert.equal((await brandPage('/quiz/otc/_payload.json')).json().page.headline, 'New OTC headline');
    // Other brands serving the same route keep their own page.
    assert.notEqual(h1Of((await brandPage('/quiz/otc', 'emily.localhost')).body), 'New OTC headline');

    const second = await call('PUT', CC_PAGE_SAVE.path, QUIZ, { baseVersion: 1, fields: { headline: 'Second headline' } }, otherCookie);
    assert.equal(second.json().version.version, 2);
    await call('POST', CC_PAGE_PUBLISH.path, QUIZ, { version: 2 }, otherCookie);
    assert.equal(h1Of((await brandPage('/quiz/otc')).body), 'Second headline');

    const restored = await call('POST', CC_PAGE_RESTORE.path, QUIZ, { version: 1 });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(restored.json().version.version, 3, 'a restore is a new version');
    assert.deepEqual(restored.json().version.fields, { headline: 'New OTC headline' });
    assert.equal(restored.json().live.version, 3);
    assert.equal(h1Of((await brandPage('/quiz/otc')).body), 'New OTC headline');

    const detail = (await call('GET', CC_PAGE_GET.path, QUIZ)).json();
    assert.deepEqual(detail.versions.map((v: { version: number; createdBy: string }) => [v.version, v.createdBy]), [[3, STAFF.email], [2, OTHER.email], [1, STAFF.email]]);
    assert.equal(detail.live.version, 3);
    assert.equal(detail.page.draft, false);
    assert.ok(detail.builtIn.headline);
    const audit = await app.store.listAudit({ branch: 'ac', itemKind: 'page', itemId: 'quiz-otc', limit: 10 });
    assert.deepEqual(audit.map((entry) => `${entry.action} by ${entry.userEmail}`), [
      `restore by ${STAFF.email}`,
      `publish by ${OTHER.email}`,
      `save-draft by ${OTHER.email}`,
      `publish by ${STAFF.email}`,
      `save-draft by ${STAFF.email}`,
    ]);
    assert.deepEqual(audit[0]!.after, { version: 3, restoredFrom: 1 });

    const list = (await call('GET', CC_PAGES_LIST.path, { branch: 'ac' })).json().pages.find((page: { name: string }) => page.name === 'quiz-otc');
    assert.equal(list.liveVersion, 3);
    assert.equal(list.draft, false);
  });

  test('publishing or previewing a version that does not exist is a 400', async () => {
    for (const path of [CC_PAGE_PUBLISH.path, CC_PAGE_RESTORE.path, CC_PAGE_PREVIEW.path]) {
      const response = await call('POST', path, { branch: 'ac', page: 'grocery' }, { version: 4 });
      assert.equal(response.statusCode, 400, path);
      assert.match(response.json().problems.join(), /has no version 4/);
      assert.equal((await call('POST', path, QUIZ, { version: 'one' })).statusCode, 400);
    }
  });

  test('a published body is Markdown with raw HTML shown as text, and the other fields reach the page', async () => {
    const params = { branch: 'ac', page: 'grocery' };
    const body = '## Save more\n\nRead [the guide](https://example.com/guide).\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1))';
    const fields = { title: 'Grocery title', description: 'Grocery description', subheadline: 'A sub', body, benefits: ['One', 'Two'], indexable: false, destination: '/quiz/grocery' };
    const saved = await call('PUT', CC_PAGE_SAVE.path, params, { baseVersion: 0, fields });
    assert.equal(saved.statusCode, 200, saved.body);
    await call('POST', CC_PAGE_PUBLISH.path, params, { version: 1 });
    const html = (await brandPage('/grocery')).body;
    assert.match(html, /<h2>Save more<\/h2>/);
    assert.match(html, /<a href="https:\/\/example.com\/guide" rel="noopener">the guide<\/a>/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.doesNotMatch(html, /<script>alert/);
    assert.doesNotMatch(html, /href="javascript:/);
    assert.match(html, /<title>[^<]*Grocery title/);
    assert.match(html, /<meta name="description" content="Grocery description"/);
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.match(html, /A sub/);
    assert.match(html, /<li[^>]*>[^<]*One/);
    const page = (await brandPage('/grocery/_payload.json')).json().page;
    assert.equal(page.destination, '/quiz/grocery');
    assert.equal(page.body, undefined);
  });
});
