/**
 * The control center's content-factory API on SQLite and PostgreSQL: signed-out 401,
 * cross-site 403, bad input 400 with the problems (a cron expression node-cron refuses is named),
 * authors created and changed with audit entries, runs created with their items queued, listed,
 * read and cancelled; an article may name an author, whose current name is its byline. Then, end to
 * end on SQLite with the sandbox provider configured: a run created through the API is written by
 * the server's own worker into drafts the articles list shows.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CC_ARTICLE_PUBLISH, CC_ARTICLE_SAVE, CC_ARTICLES_LIST } from '../../../src/core/contract/cc-articles.ts';
import { CC_AUDIT } from '../../../src/core/contract/cc-branches.ts';
import { CC_AUTHOR_CREATE, CC_AUTHOR_DELETE, CC_AUTHOR_UPDATE, CC_AUTHORS_LIST, CC_RUN_CANCEL, CC_RUN_CREATE, CC_RUN_GET, CC_RUNS_LIST, type RunDetail } from '../../../src/core/contract/cc-content-factory.ts';
import { fillPath } from '../../../src/core/contract/endpoint.ts';
import { startSandboxProvider, type SandboxProvider } from '../../../src/server/control-center/content-factory/sandbox-provider.ts';
import { STORE_DIALECTS } from '../../../tools/support/store-targets.ts';
import { injectableApp, injectableAppOn } from '../../../tools/support/server.ts';
import { addStaff, CONTROL_CENTER_HOST as HOST, signedInCookie, STAFF } from '../../support/staff.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const AUTHOR = { name: 'Dana Writer', bio: 'Twenty years explaining Medicare.', expertise: ['Medicare Advantage', 'dental plans'], tone: 'warm and plain-spoken' };
const RUN = { authorId: 1, count: 3, topics: ['Dental coverage', 'OTC allowance'], template: 'how-to' };

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

function caller(app: FastifyInstance, cookie: () => string) {
  return (method: Method, path: string, params: Record<string, string>, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: fillPath(path, params),
      headers: { host: HOST, cookie: cookie(), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

for (const dialect of STORE_DIALECTS) {
  describe(`the content-factory API on ${dialect}`, () => {
    let app: FastifyInstance;
    let cleanup: () => Promise<void>;
    let cookie = '';
    before(async () => {
      ({ app, cleanup } = await injectableAppOn(dialect, 'cc_content_factory'));
      await addStaff(app);
      cookie = await signedInCookie(app);
    });
    after(() => cleanup());
    const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(app, () => cookie)(...args);

    const routes: [Method, string][] = [
      ['GET', CC_AUTHORS_LIST.path],
      ['POST', CC_AUTHOR_CREATE.path],
      ['PUT', CC_AUTHOR_UPDATE.path],
      ['DELETE', CC_AUTHOR_DELETE.path],
      ['GET', CC_RUNS_LIST.path],
      ['POST', CC_RUN_CREATE.path],
      ['GET', CC_RUN_GET.path],
      ['POST', CC_RUN_CANCEL.path],
    ];
    const params = { branch: 'ac', author: '1', run: '1' };

    test('signed out, every endpoint answers 401; a change from another site 403', async () => {
      for (const [method, path] of routes) {
        const signedOut = await caller(app, () => '')(method, path, params, method === 'GET' ? undefined : {});
        assert.equal(signedOut.statusCode, 401, `${method} ${path}`);
        if (method === 'GET') continue;
        const crossSite = await call(method, path, params, {}, { origin: 'https://evil.example' });
        assert.equal(crossSite.statusCode, 403, `${method} ${path} from another site`);
      }
    });

    const badAuthors: [string, unknown, RegExp][] = [
      ['no name', { ...AUTHOR, name: undefined }, /^name: Name is missing$/],
      ['an empty bio', { ...AUTHOR, bio: ' ' }, /^bio: Bio is empty$/],
      ['no expertise', { ...AUTHOR, expertise: [] }, /^expertise: Expertise needs at least one area$/],
      ['a bad image hash', { ...AUTHOR, image: 'me.png' }, /^image: not an image hash/],
      ['an image the branch does not have', { ...AUTHOR, image: 'b'.repeat(64) }, /^image: ac has no image b{64}$/],
      ['an unknown field', { ...AUTHOR, colour: 'red' }, /not an author field: colour/],
      ['a list instead of an object', [AUTHOR], /Author fields must be a JSON object/],
    ];
    for (const [what, body, problem] of badAuthors) {
      test(`an author with ${what} is a 400 naming it`, async () => {
        const response = await call('POST', CC_AUTHOR_CREATE.path, { branch: 'ac' }, body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.equal(answer.error, 'Invalid author');
        assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join(' | '));
      });
    }

    test('authors are created and changed per branch, each change audit-logged', async () => {
      const created = await call('POST', CC_AUTHOR_CREATE.path, { branch: 'ac' }, AUTHOR);
      assert.equal(created.statusCode, 200, created.body);
      const author = created.json().author;
      assert.deepEqual({ id: author.id, name: author.name, expertise: author.expertise, createdBy: author.createdBy }, { id: 1, name: AUTHOR.name, expertise: AUTHOR.expertise, createdBy: STAFF.email });
      const changed = await call('PUT', CC_AUTHOR_UPDATE.path, { branch: 'ac', author: '1' }, { ...AUTHOR, tone: 'brisk' });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal(changed.json().author.tone, 'brisk');
      assert.deepEqual((await call('GET', CC_AUTHORS_LIST.path, { branch: 'ac' })).json().authors.map((entry: { tone: string }) => entry.tone), ['brisk']);
      assert.deepEqual((await call('GET', CC_AUTHORS_LIST.path, { branch: 'emily' })).json().authors, []);
      assert.equal((await call('PUT', CC_AUTHOR_UPDATE.path, { branch: 'emily', author: '1' }, AUTHOR)).statusCode, 404, 'another branch has no author 1');
      const badId = await call('PUT', CC_AUTHOR_UPDATE.path, { branch: 'ac', author: 'one' }, AUTHOR);
      assert.equal(badId.statusCode, 400);
      assert.deepEqual(badId.json().problems, ["author: 'one' must be a whole number"]);
      const audit = (await call('GET', CC_AUDIT.path, { branch: 'ac' }, undefined)).json<{ entries: { itemKind: string; action: string }[] }>();
      assert.deepEqual(audit.entries.filter((entry) => entry.itemKind === 'author').map((entry) => entry.action), ['save', 'create']);
    });

    const badRuns: [string, unknown, RegExp][] = [
      ['a cron expression node-cron refuses', { ...RUN, schedule: '61 * * * *' }, /^schedule: '61 \* \* \* \*' is not a valid cron expression \(minute: 61 is a invalid expression for minute\)$/],
      ['words for a schedule', { ...RUN, schedule: 'every monday' }, /^schedule: 'every monday' is not a valid cron expression/],
      ['a schedule firing every minute', { ...RUN, schedule: '* * * * *' }, /^schedule: '\* \* \* \* \*' fires more often than once an hour$/],
      ['a schedule of seconds', { ...RUN, schedule: '*/5 * * * * *' }, /fires more often than once an hour$/],
      ['a date that never comes', { ...RUN, schedule: '0 0 31 2 *' }, /^schedule: '0 0 31 2 \*' is not a valid cron expression \(dayOfMonth: /],
      ['an author the branch does not have', { ...RUN, authorId: 99 }, /^authorId: ac has no author 99$/],
      ['no topics', { ...RUN, topics: [] }, /^topics: topics needs at least one topic or keyword$/],
      ['too many drafts', { ...RUN, count: 21 }, /^count: count must be 20 or less$/],
      ['an unknown template', { ...RUN, template: 'listicle' }, /^template: template must be one of review, how-to, news$/],
      ['an unknown field', { ...RUN, publish: true }, /not a run field: publish/],
    ];
    for (const [what, body, problem] of badRuns) {
      test(`a run with ${what} is a 400 naming it`, async () => {
        const response = await call('POST', CC_RUN_CREATE.path, { branch: 'ac' }, body);
        assert.equal(response.statusCode, 400, response.body);
        const answer = response.json<{ error: string; problems: string[] }>();
        assert.equal(answer.error, 'Invalid run');
        assert.ok(answer.problems.some((line) => problem.test(line)), answer.problems.join(' | '));
      });
    }

    test('a run queues its drafts; a scheduled one waits for its first firing; cancelling cancels what waits', async () => {
      const created = await call('POST', CC_RUN_CREATE.path, { branch: 'ac' }, RUN);
      assert.equal(created.statusCode, 200, created.body);
      const detail = created.json<RunDetail>();
      assert.deepEqual(
        detail.items.map((item) => [item.topic, item.status]),
        [
          ['Dental coverage', 'queued'],
          ['OTC allowance', 'queued'],
          ['Dental coverage', 'queued'],
        ],
      );
      assert.equal(detail.run.authorName, AUTHOR.name);
      assert.equal(detail.run.createdBy, STAFF.email);
      const scheduled = (await call('POST', CC_RUN_CREATE.path, { branch: 'ac' }, { ...RUN, schedule: '0 9 * * 1' })).json<RunDetail>();
      assert.equal(scheduled.run.schedule, '0 9 * * 1');
      assert.equal(new Date(scheduled.run.nextDueAt!).getUTCDay(), 1, 'next Monday');
      assert.equal(new Date(scheduled.run.nextDueAt!).getUTCHours(), 9);
      assert.deepEqual(scheduled.items, []);
      const listed = (await call('GET', CC_RUNS_LIST.path, { branch: 'ac' })).json().runs as RunDetail['run'][];
      assert.deepEqual(listed.map((run) => [run.id, run.counts.queued]), [
        [scheduled.run.id, 0],
        [detail.run.id, 3],
      ]);
      const cancelled = await call('POST', CC_RUN_CANCEL.path, { branch: 'ac', run: String(detail.run.id) }, {});
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      assert.equal(cancelled.json().run.status, 'cancelled');
      assert.deepEqual(cancelled.json().run.counts, { queued: 0, running: 0, done: 0, failed: 0, cancelled: 3 });
      assert.equal((await call('GET', CC_RUN_GET.path, { branch: 'ac', run: String(detail.run.id) })).json().run.cancelledBy, STAFF.email);
      assert.equal((await call('GET', CC_RUN_GET.path, { branch: 'emily', run: String(detail.run.id) })).statusCode, 404);
      assert.equal((await call('POST', CC_RUN_CANCEL.path, { branch: 'ac', run: '999' }, {})).statusCode, 404);
      assert.equal((await call('POST', CC_RUN_CANCEL.path, { branch: 'ac', run: String(detail.run.id) }, { now: true })).statusCode, 400);
    });

    test('an article may name an author: checked on save, and their current name is the byline', async () => {
      const fields = { title: 'Dental in plain words', summary: 'What dental plans cover.', body: 'Cleanings, fillings.', author: 'Old Name' };
      const unknown = await call('PUT', CC_ARTICLE_SAVE.path, { branch: 'emily', article: 'dental-words' }, { baseVersion: 0, fields: { ...fields, authorId: 1 } });
      assert.equal(unknown.statusCode, 400);
      assert.deepEqual(unknown.json().problems, ['fields.authorId: emily has no author 1']);
      const author = (await call('POST', CC_AUTHOR_CREATE.path, { branch: 'emily' }, AUTHOR)).json().author;
      assert.equal((await call('PUT', CC_ARTICLE_SAVE.path, { branch: 'emily', article: 'dental-words' }, { baseVersion: 0, fields: { ...fields, authorId: author.id } })).statusCode, 200);
      assert.equal((await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'emily', article: 'dental-words' }, { version: 1 })).statusCode, 200);
      const page = await app.inject({ url: '/articles/dental-words', headers: { host: 'emily.localhost' } });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes(AUTHOR.name) && !page.body.includes('Old Name'), 'the byline is the author record');
      // An article saved before authors existed keeps its plain name.
      await call('PUT', CC_ARTICLE_SAVE.path, { branch: 'emily', article: 'plain-byline' }, { baseVersion: 0, fields });
      await call('POST', CC_ARTICLE_PUBLISH.path, { branch: 'emily', article: 'plain-byline' }, { version: 1 });
      assert.ok((await app.inject({ url: '/articles/plain-byline', headers: { host: 'emily.localhost' } })).body.includes('Old Name'));
    });

    test('an author is deleted once none of their runs can still write; their articles keep their plain byline', async () => {
      const author = ((await call('GET', CC_AUTHORS_LIST.path, { branch: 'emily' })).json().authors as Array<{ id: number; name: string }>).find((one) => one.name === AUTHOR.name)!;
      const params = { branch: 'emily', author: String(author.id) };
      const queued = (await call('POST', CC_RUN_CREATE.path, { branch: 'emily' }, { ...RUN, authorId: author.id })).json<RunDetail>();
      const scheduled = (await call('POST', CC_RUN_CREATE.path, { branch: 'emily' }, { ...RUN, authorId: author.id, schedule: '0 9 * * 1' })).json<RunDetail>();
      const busy = await call('DELETE', CC_AUTHOR_DELETE.path, params);
      assert.equal(busy.statusCode, 409, busy.body);
      assert.deepEqual(busy.json().problems, [queued.run.id, scheduled.run.id].map((run) => `author: run ${run} can still write drafts as this author; cancel it first`));
      for (const run of [queued, scheduled]) await call('POST', CC_RUN_CANCEL.path, { branch: 'emily', run: String(run.run.id) }, {});

      assert.equal((await call('DELETE', CC_AUTHOR_DELETE.path, { branch: 'ac', author: String(author.id) })).statusCode, 404, "another branch's author is not there");
      const deleted = await call('DELETE', CC_AUTHOR_DELETE.path, params);
      assert.equal(deleted.statusCode, 200, deleted.body);
      assert.deepEqual(deleted.json(), { deleted: author.id });
      assert.ok(!(await call('GET', CC_AUTHORS_LIST.path, { branch: 'emily' })).json().authors.some((one: { id: number }) => one.id === author.id));
      const audit = (await call('GET', CC_AUDIT.path, { branch: 'emily' })).json().entries as Array<{ itemKind: string; itemId: string; action: string }>;
      assert.ok(audit.some((entry) => entry.itemKind === 'author' && entry.itemId === String(author.id) && entry.action === 'delete'));
      const page = await app.inject({ url: '/articles/dental-words', headers: { host: 'emily.localhost' } });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes('Old Name') && !page.body.includes(AUTHOR.name), 'the byline falls back to the article\'s own name');
      assert.equal((await call('DELETE', CC_AUTHOR_DELETE.path, params)).statusCode, 404, 'deleted once');
      const bad = await call('DELETE', CC_AUTHOR_DELETE.path, { branch: 'emily', author: 'abc' });
      assert.equal(bad.statusCode, 400);
    });
  });
}

describe('a run end to end with the sandbox provider configured', () => {
  const finished = new EventEmitter();
  let sandbox: SandboxProvider;
  let app: FastifyInstance;
  before(async () => {
    sandbox = await startSandboxProvider();
    app = await injectableApp({ CONTENT_FACTORY_URL: sandbox.url });
    await addStaff(app);
    // The worker's each finished item is announced, so the test waits for it, not for time.
    const { store } = app;
    const finishRunItem = store.finishRunItem.bind(store);
    store.finishRunItem = async (...args) => {
      const recorded = await finishRunItem(...args);
      finished.emit('finished');
      return recorded;
    };
  });
  after(async () => {
    await app.close();
    await sandbox.close();
  });

  test("the server's worker writes the run's drafts, listed in Articles as drafts with links from the run", async () => {
    const cookie = await signedInCookie(app);
    const call = caller(app, () => cookie);
    const author = (await call('POST', CC_AUTHOR_CREATE.path, { branch: 'tqg' }, AUTHOR)).json().author;
    const created = (await call('POST', CC_RUN_CREATE.path, { branch: 'tqg' }, { ...RUN, authorId: author.id, count: 2, template: 'news' })).json<RunDetail>();
    const detail = await whenEmitted(
      finished,
      'finished',
      async () => {
        const now = (await call('GET', CC_RUN_GET.path, { branch: 'tqg', run: String(created.run.id) })).json<RunDetail>();
        return now.items.some((item) => item.status === 'queued' || item.status === 'running') ? undefined : now;
      },
      "the run's items finished",
    );
    assert.deepEqual(
      detail.items.map((item) => [item.status, item.articleHref]),
      detail.items.map((item) => ['done', `/branches/tqg/articles/${item.articleSlug}`]),
    );
    const articles = (await call('GET', CC_ARTICLES_LIST.path, { branch: 'tqg' })).json().articles as { slug: string; status: string; title: string }[];
    assert.deepEqual(articles.map((article) => [article.slug, article.status]).sort(), detail.items.map((item) => [item.articleSlug, 'draft']).sort());
    assert.ok(articles.some((article) => article.title === 'Dental coverage: what changes and what to do'));
  });
});
