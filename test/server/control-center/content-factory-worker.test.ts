/**
 * The content factory's provider and worker: the sandbox provider speaks the
 * chat-completions protocol with a deterministic article per topic and template; the worker turns
 * a run's items into article drafts (version 1, never published, audit-logged); a failing local
 * provider (HTTP 500, no answer, a body that is not JSON, JSON that is not a chat completion, an
 * empty answer) fails each item with its reason while the worker goes on; and an item whose worker
 * died is done after its lease ends, once, even when the dead worker had already saved its draft;
 * an item its workers died on three times is failed without asking again; a due scheduled run
 * is queued and written by the worker, and moved to its next firing.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { ARTICLE_TEMPLATES, type AuthorFields } from '../../../src/core/control-center/content-factory.ts';
import { draftFields, draftSlug } from '../../../src/server/control-center/content-factory/draft.ts';
import { CHAT_COMPLETIONS_PATH, draftMessages } from '../../../src/server/control-center/content-factory/provider.ts';
import { CONTENT_FACTORY_ACTOR, MAX_ITEM_ATTEMPTS, startContentFactoryWorker, type ContentFactoryAttempt } from '../../../src/server/control-center/content-factory/content-factory-worker.ts';
import { promptAssignment, sandboxArticle, startSandboxProvider, type SandboxProvider } from '../../../src/server/control-center/content-factory/sandbox-provider.ts';
import type { Store } from '../../../src/server/platform/store/index.ts';
import { withStore } from '../../fixtures/store-targets.ts';

const AUTHOR: AuthorFields = { name: 'Dana Writer', bio: 'Twenty years explaining Medicare.', expertise: ['Medicare Advantage'], tone: 'warm and plain-spoken' };
const QUIET = { info() {}, warn() {}, error() {} };

/** Runs a worker until `expected` items are recorded, then closes it; the attempts in order of recording. */
async function runWorker(store: Store, url: string, expected: number, options: { timeoutMs?: number; now?: () => Date } = {}): Promise<ContentFactoryAttempt[]> {
  const attempts: ContentFactoryAttempt[] = [];
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const worker = startContentFactoryWorker({
    store,
    provider: { url, model: 'test-model', timeoutMs: options.timeoutMs ?? 5000 },
    log: QUIET,
    pollIntervalMs: 20,
    ...(options.now ? { now: options.now } : {}),
    onItem: (attempt) => {
      attempts.push(attempt);
      if (attempts.length === expected) done();
    },
  });
  const limit = setTimeout(done, 15_000);
  try {
    await finished;
  } finally {
    clearTimeout(limit);
    await worker.close();
  }
  assert.equal(attempts.length, expected, `expected ${expected} items, got ${attempts.length}`);
  return attempts;
}

describe('the sandbox provider', () => {
  let sandbox: SandboxProvider;
  before(async () => {
    sandbox = await startSandboxProvider();
  });
  after(() => sandbox.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    request(`${sandbox.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const messages = (topic: string, template: (typeof ARTICLE_TEMPLATES)[number]) => draftMessages({ author: AUTHOR, topic, template, brandName: 'American Coverage' });

  test('answers a chat completion whose text is the article of the topic and template, the same each time', async () => {
    for (const template of ARTICLE_TEMPLATES) {
      const answers = [];
      for (let index = 0; index < 2; index++) {
        const response = await post(CHAT_COMPLETIONS_PATH, { model: 'any-model', messages: messages('Dental coverage', template) });
        assert.equal(response.statusCode, 200);
        answers.push(await response.body.text());
      }
      assert.equal(answers[0], answers[1], `${template}: deterministic`);
      const completion = JSON.parse(answers[0]!) as { object: string; model: string; choices: { message: { role: string; content: string } }[] };
      assert.equal(completion.object, 'chat.completion');
      assert.equal(completion.model, 'any-model');
      assert.equal(completion.choices[0]!.message.role, 'assistant');
      assert.equal(completion.choices[0]!.message.content, sandboxArticle('Dental coverage', template));
      assert.match(completion.choices[0]!.message.content, /^# .*dental coverage/i);
    }
    assert.deepEqual(promptAssignment(messages('OTC allowance', 'news')[1]!.content), { topic: 'OTC allowance', template: 'news' });
  });

  test('refuses what is not a chat request, as the protocol does', async () => {
    const refusals: [string, string | object, number][] = [
      ['/v1/embeddings', { model: 'm', messages: [] }, 404],
      [CHAT_COMPLETIONS_PATH, '{not json', 400],
      [CHAT_COMPLETIONS_PATH, { model: 'm' }, 400],
      [CHAT_COMPLETIONS_PATH, { model: '', messages: [{ role: 'user', content: 'x' }] }, 400],
    ];
    for (const [path, body, status] of refusals) {
      const response = await post(path, body);
      assert.equal(response.statusCode, status, `${path} ${JSON.stringify(body)}`);
      assert.match(((await response.body.json()) as { error: { message: string } }).error.message, /^sandbox: /);
    }
    const get = await request(`${sandbox.url}${CHAT_COMPLETIONS_PATH}`);
    assert.equal(get.statusCode, 405);
    await get.body.dump();
  });

  test('with a token, a request without it is 401', async () => {
    const guarded = await startSandboxProvider({ token: 'sk-test' });
    try {
      const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Topic: x' }] });
      const refused = await request(`${guarded.url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body });
      assert.equal(refused.statusCode, 401);
      await refused.body.dump();
      const accepted = await request(`${guarded.url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body, headers: { authorization: 'Bearer sk-test' } });
      assert.equal(accepted.statusCode, 200);
      await accepted.body.dump();
    } finally {
      await guarded.close();
    }
  });
});

describe('a draft from Markdown', () => {
  test('takes the heading as the title, the first paragraph as the summary, the author as the byline', () => {
    const made = draftFields('# Dental *coverage*, explained\n\nWhat [plans](https://x.test) cover.\n\n## More\n\nText.', 'dental', { id: 4, name: 'Dana Writer' });
    assert.ok('fields' in made);
    assert.deepEqual(made.fields, { title: 'Dental coverage, explained', summary: 'What plans cover.', body: 'What [plans](https://x.test) cover.\n\n## More\n\nText.', author: 'Dana Writer', authorId: 4 });
    const headless = draftFields('Just a paragraph.', 'OTC allowance', { id: 1, name: 'A' });
    assert.ok('fields' in headless && headless.fields.title === 'OTC allowance');
    assert.ok('problems' in draftFields(`# T\n\n${'x'.repeat(50_001)}`, 't', { id: 1, name: 'A' }));
  });

  test('slugs come from the topic and the item', () => {
    assert.equal(draftSlug('Dental & Vision: Médicare 2026!', 3, 17), 'dental-vision-medicare-2026-r3-17');
    assert.equal(draftSlug('¿¿??', 1, 2), 'draft-r1-2');
    assert.ok(draftSlug('a '.repeat(200), 99_999, 99_999).length <= 80);
  });
});

describe('the content-factory worker', () => {
  let sandbox: SandboxProvider;
  let failing: http.Server;
  let failingUrl: string;
  before(async () => {
    sandbox = await startSandboxProvider();
    // A provider failing by topic: each topic picks one way to fail.
    failing = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        const topic = promptAssignment((JSON.parse(text) as { messages: { content: string }[] }).messages.at(-1)!.content).topic;
        if (topic === 'status 500') res.writeHead(500).end('{"error":{"message":"overloaded"}}');
        else if (topic === 'malformed json') res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [');
        else if (topic === 'not a completion') res.writeHead(200, { 'content-type': 'application/json' }).end('{"result":"hello"}');
        else if (topic === 'empty answer') res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices":[{"message":{"content":"  "}}]}');
        // 'no answer': never answers; the worker's budget runs out.
      });
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
  });
  after(async () => {
    await sandbox.close();
    failing.closeAllConnections();
    await new Promise((resolve) => failing.close(resolve));
  });

  test('against the sandbox: every item becomes an unpublished article draft with its author, audit-logged', () =>
    withStore('sqlite', async (store) => {
      const author = await store.createAuthor('emily', AUTHOR, 'ann@example.com');
      const run = await store.createRun({ branch: 'emily', authorId: author.id, template: 'review', topics: ['Dental coverage', 'OTC allowance'], count: 3, by: 'ann@example.com' });
      const attempts = await runWorker(store, sandbox.url, 3);
      assert.ok(attempts.every((attempt) => attempt.outcome.kind === 'done' && attempt.recorded));
      const { items } = (await store.getRun('emily', run.id))!;
      assert.deepEqual(items.map((item) => [item.status, item.articleSlug]), items.map((item) => ['done', draftSlug(item.topic, run.id, item.id)]));
      for (const item of items) {
        const versions = await store.listContentVersions('article', 'emily', item.articleSlug!);
        assert.equal(versions.length, 1);
        assert.equal(versions[0]!.createdBy, CONTENT_FACTORY_ACTOR);
        assert.equal(versions[0]!.fields.title, `${item.topic}: an honest review`);
        assert.equal(versions[0]!.fields.author, 'Dana Writer');
        assert.equal(versions[0]!.fields.authorId, author.id);
        assert.equal(await store.getLiveContent('article', 'emily', item.articleSlug!), undefined, 'never published');
      }
      const audit = await store.listAudit({ branch: 'emily', limit: 10 });
      assert.deepEqual(audit.map((entry) => [entry.action, entry.userEmail, entry.itemKind]), items.map(() => ['generate', 'ann@example.com', 'article']));
    }));

  test('against a failing provider: each item fails with its reason, and the worker goes on', () =>
    withStore('sqlite', async (store) => {
      const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com');
      const topics = ['status 500', 'malformed json', 'not a completion', 'empty answer', 'no answer'];
      const run = await store.createRun({ branch: 'ac', authorId: author.id, template: 'news', topics, count: topics.length, by: 'ann@example.com' });
      await runWorker(store, failingUrl, topics.length, { timeoutMs: 300 });
      const { items, run: after } = (await store.getRun('ac', run.id))!;
      assert.deepEqual(
        items.map((item) => [item.topic, item.status, item.error]),
        [
          ['status 500', 'failed', 'provider: upstream answered HTTP 500'],
          ['malformed json', 'failed', 'provider: upstream answered HTTP 200 with a body that is not JSON'],
          ['not a completion', 'failed', 'provider: the answer is not a chat completion (no choices[0].message.content)'],
          ['empty answer', 'failed', 'provider: the answer has no text'],
          ['no answer', 'failed', 'provider: upstream timed out after 300 ms'],
        ],
      );
      assert.equal(after.status, 'active', 'failed items do not fail the run');
      assert.deepEqual(await store.listContentItems('article', 'ac'), []);
      // The same store and worker code go on: a refused connection fails the next item too, with its reason.
      await store.createRun({ branch: 'ac', authorId: author.id, template: 'news', topics: ['x'], count: 1, by: 'ann@example.com' });
      const [refused] = await runWorker(store, 'http://127.0.0.1:9', 1);
      assert.deepEqual(refused!.outcome, { kind: 'failed', error: 'provider: upstream refused the connection' });
    }));

  test('an item its workers died on three times is failed without asking the provider again', () =>
    withStore('sqlite', async (store) => {
      const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com');
      const run = await store.createRun({ branch: 'ac', authorId: author.id, template: 'news', topics: ['Crashes'], count: 1, by: 'ann@example.com' });
      // Three workers claim it and die; each lease ends a minute later.
      for (let attempt = 0; attempt < MAX_ITEM_ATTEMPTS; attempt++) await store.claimRunItems(new Date(Date.now() + attempt * 61_000).toISOString(), 1, 60_000);
      let asked = 0;
      const count = () => void asked++;
      sandbox.events.on('request', count);
      const [attempt] = await runWorker(store, sandbox.url, 1, { now: () => new Date(Date.now() + 10 * 61_000) }).finally(() => sandbox.events.off('request', count));
      assert.deepEqual(attempt!.outcome, { kind: 'failed', error: 'a worker stopped 3 times while writing this draft; not tried again' });
      assert.equal(asked, 0);
      assert.equal((await store.getRun('ac', run.id))!.items[0]!.attempts, MAX_ITEM_ATTEMPTS + 1);
    }));

  test('a scheduled run that is due: the worker queues its batch, writes it, and moves it to its next firing', () =>
    withStore('sqlite', async (store) => {
      const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com');
      const due = new Date(Date.now() - 60_000).toISOString();
      const run = await store.createRun({ branch: 'ac', authorId: author.id, template: 'news', topics: ['Part B giveback'], count: 2, schedule: '0 9 * * 1', nextDueAt: due, by: 'ann@example.com' });
      await runWorker(store, sandbox.url, 2);
      const { run: after, items } = (await store.getRun('ac', run.id))!;
      assert.deepEqual(items.map((item) => [item.batch, item.status]), [
        [1, 'done'],
        [1, 'done'],
      ]);
      assert.ok(after.nextDueAt! > new Date().toISOString(), 'the next firing is ahead');
      assert.equal(new Date(after.nextDueAt!).getUTCDay(), 1);
    }));

  test('an item whose worker died is done after its lease ends, once, keeping the draft it had saved', () =>
    withStore('sqlite', async (store) => {
      const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com');
      const run = await store.createRun({ branch: 'ac', authorId: author.id, template: 'how-to', topics: ['Grocery allowance', 'Part B giveback'], count: 2, by: 'ann@example.com' });
      // A worker claims both, saves the first item's draft, and dies before recording anything.
      const claimed = await store.claimRunItems(new Date().toISOString(), 2, 60_000);
      const first = claimed[0]!;
      const slug = draftSlug(first.topic, run.id, first.id);
      await store.saveContentVersion({ kind: 'article', branch: 'ac', itemKey: slug, fields: { title: 'Saved before the crash', summary: 's', body: 'b', author: 'Dana Writer' }, baseVersion: 0, by: CONTENT_FACTORY_ACTOR });
      // The next worker starts after the lease (its clock two minutes on).
      const later = () => new Date(Date.now() + 120_000);
      const attempts = await runWorker(store, sandbox.url, 2, { now: later });
      assert.deepEqual(attempts.map((attempt) => [attempt.item.id, attempt.item.attempts, attempt.outcome.kind]).sort(), claimed.map((item) => [item.id, 2, 'done']).sort());
      const versions = await store.listContentVersions('article', 'ac', slug);
      assert.deepEqual(versions.map((version) => version.fields.title), ['Saved before the crash'], 'no second draft at the slug');
      assert.deepEqual((await store.getRun('ac', run.id))!.run.counts, { queued: 0, running: 0, done: 2, failed: 0, cancelled: 0 });
    }));
});
