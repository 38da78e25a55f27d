/**
 * The content factory's CLI, in-process. `cobrand sandbox content-factory` prints its
 * URL and the variable that points a server at it, answers chat completions there (with --token,
 * only with that key), prints a line per draft asked for, and stops on Ctrl-C; a bad --port exits
 * 2 naming the value. `cobrand content-factory run` writes a run's drafts against the sandbox
 * (audited as cli:<user>, never published), exits 1 with the reason when the provider fails, and 2
 * naming a bad template, author or a missing CONTENT_FACTORY_URL; `authors` lists the ids to use.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { CHAT_COMPLETIONS_PATH } from '../../../src/server/control-center/content-factory/provider.ts';
import { startSandboxProvider, type SandboxProvider } from '../../../src/server/control-center/content-factory/sandbox-provider.ts';
import { withStore } from '../../../tools/support/store-targets.ts';
import { Capture, cobrandInProcess } from '../../support/cli.ts';
import { whenEmitted } from '../../support/when-emitted.ts';

const AUTHOR = { name: 'Dana Writer', bio: 'Twenty years explaining Medicare.', expertise: ['Medicare Advantage'], tone: 'warm' };

describe('cobrand content-factory', () => {
  let sandbox: SandboxProvider;
  before(async () => {
    sandbox = await startSandboxProvider();
  });
  after(() => sandbox.close());

  test('run writes the drafts with the sandbox, audited as cli:<user> and unpublished; authors lists the ids', () =>
    withStore('sqlite', async (store, target) => {
      const author = await store.createAuthor('emily', AUTHOR, 'ann@example.com');
      const cli = (args: string[], env: NodeJS.ProcessEnv = { CONTENT_FACTORY_URL: sandbox.url }) => cobrandInProcess(['content-factory', ...args], { openStore: () => target.open(), actor: () => 'ops', env });
      const authors = await cli(['authors', '--brand', 'emily']);
      assert.equal(authors.code, 0, authors.stderr);
      assert.match(authors.stdout, new RegExp(`^${author.id}\\s+Dana Writer\\s+Medicare Advantage\\s+warm$`, 'm'));
      const run = await cli(['run', '--brand', 'emily', '--author', String(author.id), '--topic', 'Dental coverage', '--topic', 'OTC allowance', '--count', '2', '--template', 'review']);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /run 1: 2 drafts written \(unpublished: review them in Articles\), 0 failed/);
      const drafts = await store.listContentItems('article', 'emily');
      assert.deepEqual(drafts.map((draft) => draft.newest.fields.title).sort(), ['Dental coverage: an honest review', 'OTC allowance: an honest review']);
      assert.ok(drafts.every((draft) => draft.live === undefined));
      for (const draft of drafts) assert.match(run.stdout, new RegExp(`done\\s+.*${draft.itemKey}`));
      const audit = await store.listAudit({ branch: 'emily', itemKind: 'content-run', limit: 5 });
      assert.deepEqual(audit.map((entry) => [entry.userEmail, entry.action]), [['cli:ops', 'create']]);
      const json = await cli(['run', '--brand', 'emily', '--author', String(author.id), '--topic', 'Grocery', '--json']);
      assert.equal(json.code, 0, json.stderr);
      assert.deepEqual((JSON.parse(json.stdout) as { items: { status: string }[] }).items.map((item) => item.status), ['done']);
    }));

  test('a failing provider fails the draft with its reason and exits 1', () =>
    withStore('sqlite', async (store, target) => {
      const author = await store.createAuthor('ac', AUTHOR, 'ann@example.com');
      const run = await cobrandInProcess(['content-factory', 'run', '--brand', 'ac', '--author', String(author.id), '--topic', 'Dental'], { openStore: () => target.open(), env: { CONTENT_FACTORY_URL: 'http://127.0.0.1:9' } });
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stdout, /failed\s+Dental\s+provider: upstream refused the connection/);
      assert.deepEqual(await store.listContentItems('article', 'ac'), []);
    }));

  const refusals: [string, string[], NodeJS.ProcessEnv, RegExp][] = [
    ['an unknown template', ['--template', 'listicle'], {}, /listicle|must be one of review, how-to, news/],
    ['too many drafts', ['--count', '21'], {}, /must be 20 or less/],
    ['an author the branch does not have', ['--author', '99'], {}, /--author: ac has no author 99/],
    ['no provider', [], { CONTENT_FACTORY_URL: '' }, /CONTENT_FACTORY_URL is not set/],
    ['the control center as the branch', ['--brand', 'ccc'], {}, /'ccc' is the control center/],
  ];
  for (const [what, args, env, message] of refusals) {
    test(`run with ${what} exits 2 naming it and creates nothing`, () =>
      withStore('sqlite', async (store, target) => {
        await store.createAuthor('ac', AUTHOR, 'ann@example.com');
        const base = ['content-factory', 'run', '--brand', 'ac', '--author', '1', '--topic', 'Dental'];
        const run = await cobrandInProcess([...base, ...args], { openStore: () => target.open(), env: { CONTENT_FACTORY_URL: sandbox.url, ...env } });
        assert.equal(run.code, 2, run.stderr);
        assert.match(run.stderr, message);
        assert.deepEqual(await store.listRuns('ac'), []);
      }));
  }
});

describe('cobrand sandbox content-factory', () => {
  test('prints its URL, answers with the given token, logs each draft, stops on Ctrl-C', async () => {
    const stdout = new Capture();
    const interrupt = new AbortController();
    const running = cobrandInProcess(['sandbox', 'content-factory', '--port', '0', '--token', 'sk-sandbox'], { stdout, interruption: interrupt.signal });
    try {
      await whenEmitted(stdout, 'written', () => stdout.text.includes('Ctrl-C'), 'the line saying it listens');
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(stdout.text)?.[1];
      assert.ok(url, stdout.text);
      assert.ok(stdout.text.includes(`CONTENT_FACTORY_URL=${url} CONTENT_FACTORY_API_KEY=sk-sandbox`), stdout.text);
      const body = JSON.stringify({ model: 'gpt-test', messages: [{ role: 'user', content: 'Topic: Grocery allowance\nTemplate: review' }] });
      const refused = await request(`${url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body });
      assert.equal(refused.statusCode, 401);
      await refused.body.dump();
      const answered = await request(`${url}${CHAT_COMPLETIONS_PATH}`, { method: 'POST', body, headers: { authorization: 'Bearer sk-sandbox' } });
      assert.equal(answered.statusCode, 200);
      const completion = (await answered.body.json()) as { choices: { message: { content: string } }[] };
      assert.match(completion.choices[0]!.message.content, /^# Grocery allowance: an honest review/);
    } finally {
      interrupt.abort();
    }
    const result = await running;
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /POST \/chat\/completions model=gpt-test template=review topic="Grocery allowance"/);
    assert.match(result.stdout, /sandbox content-factory provider stopped/);
  });

  test('a port that is not one exits 2 naming the value', async () => {
    const result = await cobrandInProcess(['sandbox', 'content-factory', '--port', '70000']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /70000/);
  });
});
